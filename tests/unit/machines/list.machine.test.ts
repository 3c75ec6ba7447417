import { type ListPage, listMachine } from '@machines/list/list.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

type Query = { page: number };
type Row = { id: number; name: string };
const machine = listMachine<Query, Row>();
const input = { params: { page: 1 }, fallback: 'The list could not be loaded.' };
const aPage = (...rows: Row[]): ListPage<Row> => ({ count: 40, results: rows });

/** A fake read that answers when the test says so, and records each call and its signal. */
function fakeReads() {
  const calls: { params: Query; signal: AbortSignal; answer(page: ListPage<Row>): void; fail(e: unknown): void }[] = [];
  const logic = fromPromise<unknown, unknown>(
    ({ input, signal }) => new Promise((answer, fail) => calls.push({ params: input as Query, signal, answer, fail })),
  );
  return { calls, actor: createActor(machine.provide({ actors: { list: logic } }), { input }) };
}

describe('list machine', () => {
  it('reads its first query, then each new one, stopping the read in flight', async () => {
    const { calls, actor } = fakeReads();
    actor.start();
    await waitFor(actor, () => calls.length === 1);
    expect(calls[0]?.params).toEqual({ page: 1 });
    calls[0]?.answer(aPage({ id: 1, name: 'one' }));
    await waitFor(actor, (s) => s.matches('loaded'));

    actor.send({ type: 'list.load', params: { page: 2 } });
    actor.send({ type: 'list.load', params: { page: 3 } });
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(calls[2]?.params).toEqual({ page: 3 });
    const reloading = actor.getSnapshot();
    expect(reloading.hasTag('busy')).toBe(true);
    expect(reloading.context.result?.results).toEqual([{ id: 1, name: 'one' }]);

    calls[1]?.answer(aPage({ id: 2, name: 'stale' }));
    calls[2]?.answer(aPage({ id: 3, name: 'three' }));
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context.result).toEqual(aPage({ id: 3, name: 'three' }));
    expect(loaded.context.params).toEqual({ page: 3 });
    actor.stop();
  });

  it('keeps the message of a failure, keeps the last page, and reads again on retry', async () => {
    const { calls, actor } = fakeReads();
    actor.start();
    await waitFor(actor, () => calls.length === 1);
    calls[0]?.answer(aPage({ id: 1, name: 'one' }));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'list.load', params: { page: 2 } });
    calls[1]?.fail(Object.assign(new Error(''), { detail: 'Invalid page.' }));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.problem).toBe('Invalid page.');
    expect(failed.context.result?.results).toHaveLength(1);

    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(calls[2]?.params).toEqual({ page: 2 });
    calls[2]?.fail(new Error(''));
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.problem).toBe('The list could not be loaded.');
    actor.stop();
  });

  it('reads again once by itself after the Retry-After of a 503, then shows the failure', async () => {
    vi.useFakeTimers();
    try {
      const { calls, actor } = fakeReads();
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      const unavailable = Object.assign(new Error('The service is briefly unavailable.'), {
        status: 503,
        retryAfterSeconds: 2,
      });
      calls[0]?.fail(unavailable);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('waiting')).toBe(true);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(actor.getSnapshot().context.problem).toBeNull();

      await vi.advanceTimersByTimeAsync(1999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.params).toEqual({ page: 1 });
      calls[1]?.fail(unavailable);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls).toHaveLength(2);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(actor.getSnapshot().context.problem).toBe('The service is briefly unavailable.');

      // Asked again by the user, the read gets its own retry.
      actor.send({ type: 'list.retry' });
      calls[2]?.fail(unavailable);
      await vi.advanceTimersByTimeAsync(2000);
      calls[3]?.answer(aPage({ id: 1, name: 'one' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('loaded')).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows any other failure at once, and a 503 asking for a long wait too', async () => {
    const { calls, actor } = fakeReads();
    actor.start();
    await waitFor(actor, () => calls.length === 1);
    calls[0]?.fail(Object.assign(new Error('The server had a problem (500).'), { status: 500 }));
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.problem).toBe('The server had a problem (500).');
    actor.send({ type: 'list.retry' });
    calls[1]?.fail(Object.assign(new Error('Down for maintenance.'), { status: 503, retryAfterSeconds: 3600 }));
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.problem).toBe('Down for maintenance.');
    expect(calls).toHaveLength(2);
    actor.stop();
  });

  it('keeps the row objects a reload did not change', async () => {
    const { calls, actor } = fakeReads();
    actor.start();
    await waitFor(actor, () => calls.length === 1);
    calls[0]?.answer(aPage({ id: 1, name: 'one' }, { id: 2, name: 'two' }));
    const first = (await waitFor(actor, (s) => s.matches('loaded'))).context.result?.results ?? [];
    actor.send({ type: 'list.load', params: { page: 1 } });
    calls[1]?.answer(aPage({ id: 1, name: 'one' }, { id: 2, name: 'two, renamed' }));
    const second = (await waitFor(actor, (s) => s.matches('loaded'))).context.result?.results ?? [];
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]).toEqual({ id: 2, name: 'two, renamed' });
    actor.stop();
  });
});

describe('list paths', () => {
  const paths = simplePaths(machine, {
    input,
    events: [
      { type: 'list.load', params: { page: 2 } },
      { type: 'list.retry' },
      actorDone('list', aPage({ id: 1, name: 'one' })),
      actorFailed('list', { detail: 'Down' }),
      actorFailed('list', { status: 503, retryAfterSeconds: 1 }),
      { type: 'xstate.after.retryAfter.list.waiting' },
    ],
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s shows a problem exactly when failed', (_, path) => {
    for (const { state } of path.steps) {
      expect(state.context.problem !== null).toBe(state.matches('failed'));
      expect(state.hasTag('busy')).toBe(state.matches('loading') || state.matches('waiting'));
      // At most one retry of a 503 per read asked for: a second 503 while retrying shows at once.
      if (state.matches('waiting')) expect(state.context.retried).toBe(false);
      if (state.matches('loaded')) expect(state.context.result).not.toBeNull();
    }
  });

  it('reaches every state', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((step) => step.state.value)))).toEqual(
      new Set(['loading', 'waiting', 'loaded', 'failed']),
    );
  });
});
