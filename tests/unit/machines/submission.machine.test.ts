import { submissionMachine } from '@machines/submission/submission.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

type Input = { email: string };
const machine = submissionMachine<Input, unknown>();

function start(submit: (input: Input) => Promise<unknown>) {
  const submitActor = vi.fn(({ input }: { input: unknown }) => submit(input as Input));
  const actor = createActor(machine.provide({ actors: { submit: fromPromise(submitActor) } }), {
    input: { fallback: 'Something went wrong' },
  });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, submitActor, emitted };
}

describe('submission machine', () => {
  it('submits the input once and reports the answer', async () => {
    const { actor, submitActor, emitted } = start(async (input) => ({ saved: input }));
    actor.send({ type: 'submission.submit', input: { email: 'a@b.c' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'submission.submit', input: { email: 'again@b.c' } });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(submitActor).toHaveBeenCalledOnce();
    expect(emitted).toEqual([{ type: 'submission.succeeded', result: { saved: { email: 'a@b.c' } } }]);
    actor.stop();
  });

  it('reports the server detail and field errors, and lets the user try again', async () => {
    const failure = Object.assign(new Error(''), { detail: 'Nope', fieldErrors: { email: 'Taken' } });
    const answers = [Promise.reject(failure), Promise.resolve('ok')];
    const { actor, emitted } = start(() => answers.shift() as Promise<unknown>);
    actor.send({ type: 'submission.submit', input: { email: '' } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(emitted).toEqual([{ type: 'submission.failed', message: 'Nope', fieldErrors: { email: 'Taken' } }]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Taken' });
    actor.send({ type: 'submission.submit', input: { email: '' } });
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(done.context).toMatchObject({ problem: null, fieldErrors: {}, result: 'ok' });
    actor.stop();
  });

  it('falls back to its own message when the error has none', async () => {
    const { actor, emitted } = start(() => Promise.reject(Object.assign(new Error(''), { status: 500 })));
    actor.send({ type: 'submission.submit', input: { email: '' } });
    await waitFor(actor, (s) => s.matches('idle') && s.context.problem !== null);
    expect(emitted).toEqual([{ type: 'submission.failed', message: 'Something went wrong', fieldErrors: {} }]);
    actor.stop();
  });
});

describe('submission paths', () => {
  const paths = simplePaths(machine, {
    input: { fallback: 'Something went wrong' },
    events: [
      { type: 'submission.submit', input: { email: 'a@b.c' } },
      { type: 'submission.reset' },
      actorDone('submit', 'ok'),
      actorFailed('submit', { detail: 'Nope', fieldErrors: { email: 'Bad' } }),
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.problem, s.context.result]),
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s keeps one submission at a time', (_, path) => {
    for (const { state } of path.steps) {
      if (state.hasTag('busy')) expect(state.can({ type: 'submission.submit', input: { email: '' } })).toBe(false);
      if (state.matches('succeeded')) expect(state.context.problem).toBeNull();
    }
  });

  it('reaches every state', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((step) => step.state.value)))).toEqual(
      new Set(['idle', 'submitting', 'succeeded']),
    );
  });
});
