/**
 * Every simple path of the bulk-actions machine, for an action planned in two chunks (each
 * recorded as a history batch), one whose chunk changes nothing (no batch to undo), and an update,
 * and an update in one or two chunks, against a server that writes a chunk, refuses it (403),
 * refuses an update's values (400) or finds an offer changed meanwhile (409), and reverts a batch,
 * finds an offer changed since (409) or refuses the revert. On every step: the
 * chunks counted as sent went through and `undo` holds exactly their batches; busy states take no
 * new action; a partial result names why it stopped; a refusal goes back where the seller applied;
 * a conflict waits for the seller, and the chunk goes on without the changed offers or over their
 * versions.
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
const changes = (ids: number[]) => ids.map((id) => ({ id, version: 1, unit_price: '9.50' }));
const repriced = (product: string) => ({
  product,
  values: [{ field: 'unit_price' as const, back: '12.00', replaced: '9.50' }],
});
/** An update in two chunks, the first of two offers: one of them may have changed meanwhile. */
const UPDATE_TWO_CHUNKS: BulkPlan = {
  of: 3,
  products: { 1: 'Starfall', 2: 'Moon Run', 3: 'Cave Runner' },
  chunks: [
    {
      send: { action: 'update', changes: changes([1, 2]) },
      putBack: { 1: repriced('Starfall'), 2: repriced('Moon Run') },
    },
    { send: { action: 'update', changes: changes([3]) }, putBack: { 3: repriced('Cave Runner') } },
  ],
};
/** The batch the server records for the chunk at `index` (none when the plan changes nothing). */
const batchOf = (plan: readonly BulkPlan['chunks'][number][], index: number) =>
  Object.keys(plan[index]?.putBack ?? {}).length > 0 ? 100 + index : null;
const changedSince = anOffer({ id: 1, product: 'Starfall', is_published: false });
/** Offers 1 and 3 are at version 4 on the server: a chunk sending them at another version meets them. */
const changedMeanwhile = [1, 3].map((id) => anOffer({ id, version: 4 }));
const metIn = (chunk: BulkPlan['chunks'][number]['send'] | undefined) =>
  chunk?.action === 'update'
    ? changedMeanwhile.filter((offer) =>
        chunk.changes.some((change) => change.id === offer.id && change.version !== offer.version),
      )
    : [];

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
  { type: 'bulk.skipChanged' },
  { type: 'bulk.overwrite' },
  { type: 'bulk.undo' },
];

/** What the server may answer; an update meets offers changed meanwhile only where `updatePlans` are given. */
function serverEvents(s: Snapshot, plans: readonly BulkPlan[], updatePlans?: readonly BulkPlan[]): EventObject[] {
  if (s.matches({ running: 'planning' })) {
    const mine = s.context.request?.action === 'update' ? (updatePlans ?? [UPDATE_PLAN]) : plans;
    return [...mine.map((plan) => actorDone('planBulk', plan)), actorFailed('planBulk', forbidden)];
  }
  if (s.matches({ running: 'sending' })) {
    const refusal = s.context.request?.action === 'update' ? invalid : forbidden;
    const written = { written: 2, batchId: batchOf(s.context.plan, s.context.sent) };
    const met = metIn(s.context.plan[s.context.sent]?.send);
    const conflict = updatePlans && met.length > 0 ? [actorDone('sendChunk', { conflict: met })] : [];
    return [actorDone('sendChunk', written), actorFailed('sendChunk', refusal), ...conflict];
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
  if (e.type === 'xstate.done.actor.sendChunk') return 'conflict' in (e.output as object) ? 'sent: conflict' : 'sent';
  if (e.error) return `${e.type.split('.').at(-1)}!${e.error.status}`;
  return e.type;
};

const pathsFrom = (plans: readonly BulkPlan[], updatePlans?: readonly BulkPlan[]) =>
  getSimplePaths(bulkActionsMachine, {
    // Updates only where they meet conflicts: the serializer need not tell the actions apart.
    events: userAndServer(
      updatePlans ? USER_EVENTS.filter((e) => e.type !== 'bulk.confirm') : USER_EVENTS,
      (s: Snapshot) => serverEvents(s, plans, updatePlans),
    ),
    // The confirmation applies a publish, the update form an update.
    filterEvents: (s, event) =>
      s.can(event) && (event.type !== 'bulk.apply' || (event.request.action === 'update') === s.matches('editing')),
    // Which action, where it stands, and the chunk due as it goes (without changed offers, or over them);
    // a refusal's leftovers (the plan it read) make no new place.
    serializeState: (s) => {
      const where = [s.value, s.context.sent, s.context.undone, s.context.plan.length];
      const going = s.matches('running') || s.matches('conflict');
      return JSON.stringify(going ? [...where, s.context.plan[s.context.sent]?.send] : where);
    },
  });

const NEW_ACTIONS: BulkEvent[] = [
  { type: 'bulk.confirm' },
  { type: 'bulk.edit' },
  { type: 'bulk.dismiss' },
  { type: 'bulk.apply', request: PUBLISH },
];

describe.each([
  ['two chunks', [TWO_CHUNKS], undefined],
  ['nothing to undo', [NOTHING_TO_UNDO], undefined],
  ['an update in two chunks, meeting offers changed meanwhile', [], [UPDATE_TWO_CHUNKS]],
] as const)('planned as %s', (_, plans, updatePlans) => {
  const paths = pathsFrom(plans, updatePlans);

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
        expect(state.context.problem).toMatch(/permission|stopped|Too high/);
        const type: string = event.type;
        if (type === 'xstate.done.actor.sendChunk' && before?.matches({ running: { sending: 'stopping' } })) {
          expect(state.context.problem).toBe(CANCELLED_MESSAGE);
        }
      }
      expect(state.can({ type: 'bulk.undo' })).toBe(
        (state.matches('done') || state.matches('partlyDone')) && undo.length > 0,
      );
      if (state.matches('undone')) expect(undone).toBe(undo.length);
      // A conflict waits for the seller with the offers changed meanwhile; Stop keeps what went through.
      const due = plan[sent]?.send;
      const offersDue = due ? offersIn(due) : 0;
      if (state.matches('conflict')) {
        expect(state.context.conflict).toEqual(metIn(due));
        expect(state.hasTag('busy')).toBe(false);
        expect(state.can({ type: 'bulk.overwrite' })).toBe(true);
        // "Apply to the others" only where there are others.
        expect(state.can({ type: 'bulk.skipChanged' })).toBe(offersDue > metIn(due).length);
      }
      if (!state.hasTag('busy') && !state.matches('conflict')) expect(state.context.conflict).toEqual([]);
      // Without the changed offers, or over their versions: the chunk then meets none.
      if (event.type === 'bulk.skipChanged' || event.type === 'bulk.overwrite') {
        expect(metIn(due)).toEqual([]);
        const chunkBefore = before?.context.plan[sent]?.send;
        const skipped = event.type === 'bulk.skipChanged' ? (before?.context.conflict.length ?? 0) : 0;
        expect(offersDue).toBe((chunkBefore ? offersIn(chunkBefore) : 0) - skipped);
      }
      if (event.type === 'bulk.cancel' && before?.matches('conflict')) {
        expect(state.value).toBe(sent > 0 ? 'partlyDone' : 'selecting');
        if (sent > 0) expect(state.context.problem).toBe(CANCELLED_MESSAGE);
      }
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
  const paths = [...pathsFrom([TWO_CHUNKS]), ...pathsFrom([NOTHING_TO_UNDO]), ...pathsFrom([], [UPDATE_TWO_CHUNKS])];
  expect(statesReached(paths)).toEqual(
    stateValues([
      'selecting',
      'confirming',
      'editing',
      { running: 'planning' },
      { running: { sending: 'going' } },
      { running: { sending: 'stopping' } },
      'conflict',
      'done',
      'partlyDone',
      { undoing: 'sending' },
      'undone',
      'undoFailed',
    ]),
  );
});
