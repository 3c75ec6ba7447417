import { loadMachine } from '@machines/load/load.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

const machine = loadMachine<{ token: string }, { detail: string }>();

describe('load machine', () => {
  it('loads with its input at once, keeps the answer, and retries after a failure', async () => {
    const answers = [
      () => Promise.reject(Object.assign(new Error(''), { detail: 'Down' })),
      () => Promise.resolve({ detail: 'ok' }),
    ];
    const load = vi.fn(async ({ input }: { input: unknown }) => {
      expect(input).toEqual({ token: 't' });
      return answers.shift()?.();
    });
    const actor = createActor(machine.provide({ actors: { load: fromPromise<unknown, unknown>(load) } }), {
      input: { params: { token: 't' }, fallback: 'Could not load.' },
    }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context).toMatchObject({ problem: 'Down', result: null });
    actor.send({ type: 'load.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toMatchObject({ problem: null, result: { detail: 'ok' } });
    expect(load).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('falls back to its own message when the error has none', async () => {
    const actor = createActor(machine.provide({ actors: { load: fromPromise(() => Promise.reject(new Error(''))) } }), {
      input: { params: { token: 't' }, fallback: 'Could not load.' },
    }).start();
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.problem).toBe('Could not load.');
    actor.stop();
  });
});

describe('load paths', () => {
  const paths = simplePaths(machine, {
    input: { params: { token: 't' }, fallback: 'Could not load.' },
    events: [{ type: 'load.retry' }, actorDone('load', { detail: 'ok' }), actorFailed('load', { detail: 'Down' })],
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s sets the result exactly when loaded', (_, path) => {
    for (const { state } of path.steps) {
      expect(state.context.result !== null).toBe(state.matches('loaded'));
      expect(state.hasTag('busy')).toBe(state.matches('loading'));
    }
  });

  it('reaches every state', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((step) => step.state.value)))).toEqual(
      new Set(['loading', 'loaded', 'failed']),
    );
  });
});
