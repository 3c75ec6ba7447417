/**
 * Every simple path of the bulk-actions machine, for an action planned in two chunks (each
 * recorded as a history batch), one whose chunk changes nothing (no batch to undo), and an update,
 * against a server that writes a chunk, refuses it (403) or refuses an update's values (400), and
 * reverts a batch, finds an offer changed since (409) or refuses the revert. On every step: the
 * chunks counted as sent went through and `undo` holds exactly their batches; busy states take no
 * new action; a partial result names why it stopped; a refusal goes back where the seller applied.
 */
import { CANCELLED_MESSAGE, offersIn } from '@machines/bulk-actions/bulk-actions.logic';
import { bulkActionsMachine } from '@machines/bulk-actions/bulk-actions.machine';
import type { BulkEvent, BulkPlan, BulkRequest } from '@machines/bulk-actions/bulk-actions.types';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { anOffer } from '../../support/fixtures';
import { statesReached, stateValues, userAndServer } from '../../support/machine-paths';
import { actorDone, actorFailed, pathName } from '../../support/xstate';

type Snapshot = SnapshotFrom<typeof bulkActionsMachine>;

const target = { ids: [1, 2, 3], allMatching: false, filters: {}, shown: [] };
const PUBLISH: BulkRequest = { action: 'publish', target };
const UPDATE: BulkRequest = { action: 'update', target, unit_price: '9.50' };

const published = (product: string) => ({
  product,
  values: [{ field: 'is_published' as const, back: false, replaced: true }],
});
/** Two chunks, each recorded as a batch that undo reverts. */
const TWO_CHUNKS: BulkPlan = {
  of: 3,
  products: { 1: 'Starfall', 2: 'Moon Run', 3: 'Cave Runner' },
  chunks: [
    { send: { action: 'publish', ids: [1, 2] }, putBack: { 1: published('Starfall'), 2: published('Moon Run') } },
    { send: { action: 'publish', ids: [3] }, putBack: { 3: published('Cave Runner') } },
  ],
};
/** One chunk of offers published already: the server records no batch, nothing to undo. */
const NOTHING_TO_UNDO: BulkPlan = {
  of: 1,
  products: { 1: 'Starfall' },
  chunks: [{ send: { action: 'publish', ids: [1] }, putBack: {} }],
};
const UPDATE_PLAN: BulkPlan = {
  of: 1,
  products: { 1: 'Starfall' },
  chunks: [
    {
      send: { action: 'update', changes: [{ id: 1, unit_price: '9.50' }] },
      putBack: { 1: { product: 'Starfall', values: [{ field: 'unit_price', back: '12.00', replaced: '9.50' }] } },
    },
  ],
};
/** The batch the server records for the chunk at `index` (none when the plan changes nothing). */
const batchOf = (plan: readonly BulkPlan['chunks'][number][], index: number) =>
  Object.keys(plan[index]?.putBack ?? {}).length > 0 ? 100 + index : null;
const changedSince = anOffer({ id: 1, product: 'Starfall', is_published: false });

const forbidden = { status: 403, message: 'You do not have permission to publish offers' };
const invalid = {
  status: 400,
  message: 'No offers were updated. Starfall: Too high.',
  fieldErrors: { unit_price: 'Starfall: Too high.' },
};

const USER_EVENTS: BulkEvent[] = [
  { type: 'bulk.confirm' },
  { type: 'bulk.edit' },
  { type: 'bulk.dismiss' },
  { type: 'bulk.apply', request: PUBLISH },
  { type: 'bulk.apply', request: UPDATE },
  { type: 'bulk.cancel' },
  { type: 'bulk.undo' },
];

function serverEvents(s: Snapshot, plans: readonly BulkPlan[]): EventObject[] {
  if (s.matches({ running: 'planning' })) {
    const mine = s.context.request?.action === 'update' ? [UPDATE_PLAN] : plans;
    return [...mine.map((plan) => actorDone('planBulk', plan)), actorFailed('planBulk', forbidden)];
  }
  if (s.matches({ running: 'sending' })) {
    const refusal = s.context.request?.action === 'update' ? invalid : forbidden;
    const written = { written: 2, batchId: batchOf(s.context.plan, s.context.sent) };
    return [actorDone('sendChunk', written), actorFailed('sendChunk', refusal)];
  }
  if (s.matches('undoing')) {
    return [
      actorDone('revertBatch', { reverted: 900 }),
      actorDone('revertBatch', { conflict: [changedSince] }),
      actorFailed('revertBatch', forbidden),
    ];
  }
  return [];
}

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: { status: number }; request?: BulkRequest };
  if (e.request) return `${e.type}(${e.request.action})`;
  if (e.type === 'xstate.done.actor.planBulk') return `planned ${(e.output as BulkPlan).chunks.length}`;
  if (e.type === 'xstate.done.actor.revertBatch') return 'conflict' in (e.output as object) ? 'conflict' : 'reverted';
  if (e.error) return `${e.type.split('.').at(-1)}!${e.error.status}`;
  return e.type;
};

const pathsFrom = (plans: readonly BulkPlan[]) =>
  getSimplePaths(bulkActionsMachine, {
    events: userAndServer(USER_EVENTS, (s: Snapshot) => serverEvents(s, plans)),
    // The confirmation applies a publish, the update form an update.
    filterEvents: (s, event) =>
      s.can(event) && (event.type !== 'bulk.apply' || (event.request.action === 'update') === s.matches('editing')),
    // Where the action stands; a refusal's leftovers (the plan it read) make no new place.
    serializeState: (s) => JSON.stringify([s.value, s.context.sent, s.context.undone, s.context.plan.length]),
  });

const NEW_ACTIONS: BulkEvent[] = [
  { type: 'bulk.confirm' },
  { type: 'bulk.edit' },
  { type: 'bulk.dismiss' },
  { type: 'bulk.apply', request: PUBLISH },
];

describe.each([
  ['two chunks', [TWO_CHUNKS]],
  ['nothing to undo', [NOTHING_TO_UNDO]],
] as const)('planned as %s', (_, plans) => {
  const paths = pathsFrom(plans);

  it.each(paths.map((p) => [pathName(p, label), p] as const))('%s keeps the invariants', (_, path) => {
    let before: Snapshot | null = null;
    for (const { state, event } of path.steps) {
      const { plan, sent, undo, sentOffers, undone } = state.context;
      // What went through, and exactly the batches it was recorded as.
      expect(sent).toBeLessThanOrEqual(plan.length);
      expect(undo).toEqual(
        plan.slice(0, sent).flatMap((chunk, index) => {
          const batchId = batchOf(plan, index);
          return batchId === null ? [] : [{ batchId, offers: offersIn(chunk.send), putBack: chunk.putBack }];
        }),
      );
      expect(sentOffers).toBe(plan.slice(0, sent).reduce((sum, chunk) => sum + offersIn(chunk.send), 0));
      expect(undone).toBeLessThanOrEqual(undo.length);
      if (state.hasTag('busy')) for (const e of NEW_ACTIONS) expect(state.can(e), e.type).toBe(false);
      if (state.matches('done')) {
        expect(sent).toBe(plan.length);
        expect(state.context.problem).toBeNull();
      }
      if (state.matches('partlyDone')) {
        expect(sent).toBeGreaterThan(0);
        expect(state.context.problem).toMatch(/permission|stopped/);
        const type: string = event.type;
        if (type === 'xstate.done.actor.sendChunk' && before?.matches({ running: { sending: 'stopping' } })) {
          expect(state.context.problem).toBe(CANCELLED_MESSAGE);
        }
      }
      expect(state.can({ type: 'bulk.undo' })).toBe(
        (state.matches('done') || state.matches('partlyDone')) && undo.length > 0,
      );
      if (state.matches('undone')) expect(undone).toBe(undo.length);
      // A refusal before anything was written goes back where the seller applied.
      if (
        event.type.startsWith('xstate.error.actor.') &&
        before?.hasTag('busy') &&
        before.context.sent === 0 &&
        !before.matches('undoing')
      ) {
        expect(state.value).toBe(state.context.request?.action === 'update' ? 'editing' : 'selecting');
      }
      before = state;
    }
  });
});

it('reaches every state of the machine', () => {
  const paths = [...pathsFrom([TWO_CHUNKS]), ...pathsFrom([NOTHING_TO_UNDO])];
  expect(statesReached(paths)).toEqual(
    stateValues([
      'selecting',
      'confirming',
      'editing',
      { running: 'planning' },
      { running: { sending: 'going' } },
      { running: { sending: 'stopping' } },
      'done',
      'partlyDone',
      { undoing: 'sending' },
      'undone',
      'undoFailed',
    ]),
  );
});
