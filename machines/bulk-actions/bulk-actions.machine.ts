/**
 * One bulk action on Manage Offers' chosen offers (behaviour §7): the seller opens the confirmation
 * (publish, withdraw) or the update form, applies, and the action runs chunk by chunk (the contract
 * takes at most `maxItems` offers per call), one call after another, progress in context. Each call
 * is all or nothing; a failed chunk stops the rest, and what the chunks before it did is reported
 * and can be undone. A refusal before anything was written goes back to where the seller applied
 * (the update form keeps its field messages). An update sends each offer's version: a chunk that
 * meets offers changed meanwhile writes nothing and waits in `conflict` for the seller to send it
 * without them, over their versions, or to stop there. Cancelling lets the chunk in flight finish and sends
 * no more. Undo reverts the history batch of each chunk that changed something, newest first
 * (behaviour §7), so it works for as long as the history holds the change; an offer changed since
 * stops it with the conflict. One actor per action: it outlives
 * the selection bar through the snackbar's Undo.
 * Emits `bulk.done`, `bulk.refused`, `bulk.conflicted`, `bulk.undone`, `bulk.undoFailed`, `bulk.undoConflict`.
 * Invariants: `sent` chunks of `plan` went through, and `undo` holds the batches of exactly those
 * that changed something;
 * busy states take no new action.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, emit, not, setup, stateIn } from 'xstate';
import type { CurrentOffer, RevertOutcome } from '../change-revert/change-revert.types';
import { fieldErrorsOf, messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import {
  BULK_FALLBACK,
  CANCELLED_MESSAGE,
  offersIn,
  offersInBatches,
  overChanged,
  UNDO_CONFLICT_MESSAGE,
  UNDO_FALLBACK,
  undoFailureOf,
  withoutChanged,
} from './bulk-actions.logic';
import type {
  BulkEmitted,
  BulkEvent,
  BulkFieldErrors,
  BulkPlan,
  BulkRequest,
  ChunkOutcome,
  ChunkResult,
  SendChunkInput,
  SentBatch,
} from './bulk-actions.types';

// Annotated: TypeScript infers no params in a list of transitions.
const conflictOf = ({ event }: { event: DoneActorEvent<ChunkOutcome | RevertOutcome> }) =>
  'conflict' in event.output ? event.output.conflict : [];
// Conflicts take the transition before the one this maps for.
const resultOf = ({ event }: { event: DoneActorEvent<ChunkOutcome> }): ChunkResult =>
  'conflict' in event.output ? { written: 0, batchId: null } : event.output;
const revertedOf = ({ event }: { event: DoneActorEvent<RevertOutcome> }) => event.output;
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
export const bulkActionsMachine = setup({
  types: {
    context: {} as {
      /** The action applied; null until then. */
      request: BulkRequest | null;
      /** What the action sends, chunk by chunk, each with what reverting it puts back. */
      plan: BulkPlan['chunks'];
      /** How many offers the action is for. */
      of: number;
      /** The offers' product names, for a refusal that names an offer. */
      products: BulkPlan['products'];
      /** How many chunks of `plan` went through, and how many offers they were for. */
      sent: number;
      sentOffers: number;
      /** How many offers the server wrote. */
      written: number;
      /** The history batches of the chunks sent that changed something, oldest first. */
      undo: SentBatch[];
      /** How many batches of `undo`, from the newest, were reverted. */
      undone: number;
      /** Why the action stopped short or was refused, or why the undo failed. */
      problem: string | null;
      /** The offers of the chunk due that changed meanwhile, as the server holds them now, until it went through. */
      conflict: CurrentOffer[];
    },
    events: {} as BulkEvent,
    emitted: {} as BulkEmitted,
    /** busy: calls are being made; the dialogs cannot be dismissed and nothing else starts. */
    tags: {} as 'busy',
  },
  actors: {
    planBulk: notProvided<BulkPlan, BulkRequest>('planBulk'),
    sendChunk: notProvided<ChunkOutcome, SendChunkInput>('sendChunk'),
    revertBatch: notProvided<RevertOutcome, { batchId: number }>('revertBatch'),
  },
  actions: {
    keepRequest: assign((_, request: BulkRequest) => ({ request, problem: null })),
    keepPlan: assign((_, plan: BulkPlan) => ({ plan: plan.chunks, of: plan.of, products: plan.products })),
    noteSent: assign(({ context }, { written, batchId }: ChunkResult) => {
      const chunk = context.plan[context.sent];
      if (!chunk) return {};
      const offers = offersIn(chunk.send);
      return {
        sent: context.sent + 1,
        sentOffers: context.sentOffers + offers,
        written: context.written + written,
        undo: batchId === null ? context.undo : [...context.undo, { batchId, offers, putBack: chunk.putBack }],
        conflict: [],
      };
    }),
    keepConflict: assign((_, conflict: CurrentOffer[]) => ({ conflict })),
    forgetConflict: assign({ conflict: [] }),
    /** The chunk due goes without the offers changed meanwhile. */
    skipChanged: assign(({ context }) => {
      const chunk = context.plan[context.sent];
      if (!chunk) return {};
      const rest = withoutChanged(chunk, context.conflict);
      return rest ? { plan: context.plan.with(context.sent, rest) } : {};
    }),
    overwriteChanged: assign(({ context }) => {
      const chunk = context.plan[context.sent];
      if (!chunk) return {};
      return { plan: context.plan.with(context.sent, overChanged(chunk, context.conflict)) };
    }),
    announceConflict: emit(({ context }) => ({ type: 'bulk.conflicted' as const, count: context.conflict.length })),
    noteUndone: assign(({ context }) => ({ undone: context.undone + 1 })),
    showProblem: assign((_, error: unknown) => ({ problem: messageOf(error, BULK_FALLBACK) })),
    showCancelled: assign({ problem: CANCELLED_MESSAGE }),
    refuse: emit((_, error: unknown) => ({
      type: 'bulk.refused' as const,
      message: messageOf(error, BULK_FALLBACK),
      fieldErrors: fieldErrorsOf<BulkFieldErrors>(error),
    })),
    announceOutcome: emit(({ context }) => ({
      type: 'bulk.done' as const,
      outcome: {
        action: context.request?.action ?? 'update',
        written: context.written,
        sent: context.sentOffers,
        of: context.of,
        canUndo: context.undo.length > 0,
        problem: context.problem,
      },
    })),
    announceUndone: emit(({ context }) => ({
      type: 'bulk.undone' as const,
      action: context.request?.action ?? 'update',
    })),
    announceUndoFailed: emit(({ context }, error: unknown) => ({
      type: 'bulk.undoFailed' as const,
      message: undoFailureOf(
        messageOf(error, UNDO_FALLBACK),
        offersInBatches(context.undo.slice(context.undo.length - context.undone)),
        offersInBatches(context.undo),
      ),
    })),
    announceUndoConflict: emit(({ context }, outcome: RevertOutcome) => ({
      type: 'bulk.undoConflict' as const,
      message: undoFailureOf(
        UNDO_CONFLICT_MESSAGE,
        offersInBatches(context.undo.slice(context.undo.length - context.undone)),
        offersInBatches(context.undo),
      ),
      offers: 'conflict' in outcome ? outcome.conflict : [],
      putBack: context.undo[context.undo.length - 1 - context.undone]?.putBack ?? {},
    })),
  },
  guards: {
    hasMoreToSend: ({ context }) => context.sent < context.plan.length,
    hasSent: ({ context }) => context.sent > 0,
    hasMoreToUndo: ({ context }) => context.undone < context.undo.length,
    canUndo: ({ context }) => context.undo.length > 0,
    isConflict: (_, conflict: readonly CurrentOffer[]) => conflict.length > 0,
    /** The chunk due has offers besides those changed meanwhile. */
    hasOthers: ({ context }) => {
      const chunk = context.plan[context.sent];
      return chunk !== undefined && withoutChanged(chunk, context.conflict) !== null;
    },
    isUpdate: ({ context }) => context.request?.action === 'update',
  },
}).createMachine({
  id: 'bulkActions',
  context: {
    request: null,
    plan: [],
    of: 0,
    products: {},
    sent: 0,
    sentOffers: 0,
    written: 0,
    undo: [],
    undone: 0,
    problem: null,
    conflict: [],
  },
  initial: 'selecting',
  states: {
    selecting: { on: { 'bulk.confirm': 'confirming', 'bulk.edit': 'editing' } },
    confirming: {
      on: {
        'bulk.dismiss': 'selecting',
        'bulk.apply': { target: 'running', actions: { type: 'keepRequest', params: ({ event }) => event.request } },
      },
    },
    editing: {
      on: {
        'bulk.dismiss': 'selecting',
        'bulk.apply': { target: 'running', actions: { type: 'keepRequest', params: ({ event }) => event.request } },
      },
    },
    running: {
      tags: 'busy',
      initial: 'planning',
      states: {
        /** Reads which offers the action is for (all matching: page by page) and their old values. */
        planning: {
          on: { 'bulk.cancel': '#bulkActions.selecting' },
          invoke: {
            id: 'planBulk',
            src: 'planBulk',
            input: ({ context }) => context.request ?? { action: 'update', target: emptyTarget },
            onDone: { target: 'next', actions: { type: 'keepPlan', params: ({ event }) => event.output } },
            onError: { target: '#bulkActions.refused', actions: { type: 'refuse', params: errorOf } },
          },
        },
        next: {
          always: [{ guard: not('hasMoreToSend'), target: '#bulkActions.done' }, { target: 'sending' }],
        },
        sending: {
          initial: 'going',
          states: { going: { on: { 'bulk.cancel': 'stopping' } }, stopping: {} },
          invoke: {
            id: 'sendChunk',
            src: 'sendChunk',
            input: ({ context }) => ({
              chunk: context.plan[context.sent]?.send ?? { action: 'update', changes: [] },
              isFirst: context.sent === 0,
              products: context.products,
            }),
            onDone: [
              {
                guard: { type: 'isConflict', params: conflictOf },
                target: '#bulkActions.conflict',
                actions: { type: 'keepConflict', params: conflictOf },
              },
              {
                guard: stateIn('#bulkActions.running.sending.stopping'),
                target: '#bulkActions.partlyDone',
                actions: [{ type: 'noteSent', params: resultOf }, 'showCancelled'],
              },
              { target: 'next', actions: { type: 'noteSent', params: resultOf } },
            ],
            onError: [
              {
                guard: 'hasSent',
                target: '#bulkActions.partlyDone',
                actions: { type: 'showProblem', params: errorOf },
              },
              { target: '#bulkActions.refused', actions: { type: 'refuse', params: errorOf } },
            ],
          },
        },
      },
    },
    /**
     * The chunk due met offers changed meanwhile and wrote nothing (behaviour §2): the seller
     * compares, then sends it without them or over their versions, or stops with what went through.
     */
    conflict: {
      entry: 'announceConflict',
      on: {
        // The offers stay in view until the chunk went through.
        'bulk.skipChanged': { guard: 'hasOthers', target: '#bulkActions.running.next', actions: 'skipChanged' },
        'bulk.overwrite': { target: '#bulkActions.running.sending', actions: 'overwriteChanged' },
        'bulk.cancel': [
          { guard: 'hasSent', target: 'partlyDone', actions: 'showCancelled' },
          { target: 'selecting', actions: 'forgetConflict' },
        ],
      },
    },
    /** Nothing was written: back where the seller applied, with the refusal. */
    refused: {
      entry: 'forgetConflict',
      always: [{ guard: 'isUpdate', target: 'editing' }, { target: 'selecting' }],
    },
    done: {
      entry: 'announceOutcome',
      on: { 'bulk.undo': { guard: 'canUndo', target: 'undoing' } },
    },
    /** A chunk failed or the seller stopped: the chunks before went through and can be undone. */
    partlyDone: {
      entry: ['announceOutcome', 'forgetConflict'],
      on: { 'bulk.undo': { guard: 'canUndo', target: 'undoing' } },
    },
    undoing: {
      tags: 'busy',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'revertBatch',
            src: 'revertBatch',
            // Newest first: each revert finds the values the batch after it left.
            input: ({ context }) => ({ batchId: context.undo[context.undo.length - 1 - context.undone]?.batchId ?? 0 }),
            onDone: [
              {
                guard: { type: 'isConflict', params: conflictOf },
                target: '#bulkActions.undoFailed',
                actions: { type: 'announceUndoConflict', params: revertedOf },
              },
              { target: 'next', actions: 'noteUndone' },
            ],
            onError: {
              target: '#bulkActions.undoFailed',
              actions: { type: 'announceUndoFailed', params: errorOf },
            },
          },
        },
        next: { always: [{ guard: 'hasMoreToUndo', target: 'sending' }, { target: '#bulkActions.undone' }] },
      },
    },
    undone: { type: 'final', entry: 'announceUndone' },
    undoFailed: { type: 'final' },
  },
});

const emptyTarget = { ids: [], allMatching: false, filters: {}, shown: [] };
