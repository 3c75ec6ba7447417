/**
 * Every simple path of the change-revert machine, asked (confirm first) or at once (Undo), against
 * a server that reverts the batch, finds offers changed since (409 `stale_version`) or refuses the
 * batch itself. On every step: the request is kept in every state but idle; the conflict is
 * non-empty exactly in `conflict`; nothing starts while the revert runs; a revert asked for is
 * confirmed before any call; each ending says what it is.
 */
import { changeRevertMachine } from '@machines/change-revert/change-revert.machine';
import type { RevertEvent, RevertOutcome, RevertRequest } from '@machines/change-revert/change-revert.types';
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromPromise, type SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { anOffer } from '../../support/fixtures';
import { statesReached, stateValues, userAndServer } from '../../support/machine-paths';
import { actorDone, actorFailed, pathName } from '../../support/xstate';

type Snapshot = SnapshotFrom<typeof changeRevertMachine>;

const REQUEST: RevertRequest = {
  batchId: 7,
  offers: '“Starfall”',
  putBack: { 1: { product: 'Starfall', values: [{ field: 'unit_price', back: '12.00', replaced: '9.50' }] } },
};
const changedSince = anOffer({ id: 1, product: 'Starfall' });
const alreadyReverted = { status: 409, detail: 'These changes were already reverted.' };

const USER_EVENTS: RevertEvent[] = [
  { type: 'revert.ask', request: REQUEST },
  { type: 'revert.now', request: REQUEST },
  { type: 'revert.confirm' },
  { type: 'revert.dismiss' },
];

function serverEvents(s: Snapshot): EventObject[] {
  if (!s.hasTag('busy')) return [];
  return [
    actorDone('revertBatch', { reverted: 8 }),
    actorDone('revertBatch', { conflict: [changedSince] }),
    actorFailed('revertBatch', alreadyReverted),
  ];
}

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: object; error?: { status: number } };
  if (e.output) return 'conflict' in e.output ? 'conflict' : 'reverted';
  if (e.error) return `refused!${e.error.status}`;
  return e.type;
};

const paths = getSimplePaths(changeRevertMachine, {
  events: userAndServer(USER_EVENTS, serverEvents),
  filterEvents: (s, event) => event.type.startsWith('xstate.') || s.can(event),
  serializeState: (s) => JSON.stringify([s.value, s.context.conflict.length]),
});

const STARTS: RevertEvent[] = [
  { type: 'revert.ask', request: REQUEST },
  { type: 'revert.now', request: REQUEST },
];

describe('change revert', () => {
  it.each(paths.map((p) => [pathName(p, label), p] as const))('%s keeps the invariants', (_, path) => {
    let before: Snapshot | null = null;
    for (const { state, event } of path.steps) {
      const { request, conflict } = state.context;
      expect(request === null).toBe(state.matches('idle'));
      expect(conflict.length > 0).toBe(state.matches('conflict'));
      if (state.hasTag('busy')) for (const e of STARTS) expect(state.can(e), e.type).toBe(false);
      if (state.matches('conflict')) expect(state.can({ type: 'revert.ask', request: REQUEST })).toBe(false);
      // Asked for: the call leaves only once confirmed.
      if (event.type === 'revert.ask') expect(state.matches({ confirming: 'asking' })).toBe(true);
      if (state.matches({ confirming: 'reverting' })) {
        expect(before?.matches({ confirming: 'asking' }) || before?.matches({ confirming: 'reverting' })).toBe(true);
      }
      before = state;
    }
  });

  it('reaches every state of the machine', () => {
    expect(statesReached(paths)).toEqual(
      stateValues([
        'idle',
        { confirming: 'asking' },
        { confirming: 'reverting' },
        'reverting',
        'conflict',
        'done',
        'failed',
      ]),
    );
  });

  it('emits the revert’s own batch when done, and the refusal’s words when refused', async () => {
    const emitted: EventObject[] = [];
    let calls = 0;
    const answer = async (): Promise<RevertOutcome> => {
      calls += 1;
      if (calls === 1) return { reverted: 8 };
      throw alreadyReverted;
    };
    const actor = createActor(
      changeRevertMachine.provide({
        actors: { revertBatch: fromPromise(answer) },
      }),
    );
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'revert.ask', request: REQUEST });
    actor.send({ type: 'revert.confirm' });
    await new Promise((done) => setTimeout(done, 0));
    actor.send({ type: 'revert.now', request: REQUEST });
    await new Promise((done) => setTimeout(done, 0));
    expect(emitted).toEqual([
      { type: 'revert.done', batchId: 8, request: REQUEST },
      { type: 'revert.failed', message: 'These changes were already reverted.' },
    ]);
  });
});
