/**
 * Reverting one batch of offer changes (behaviour §7): the seller asks from the history panel or
 * the Recent changes view, confirms, and the revert is one write. When an offer of the batch
 * changed since, nothing is written and the offers changed since are kept for the conflict view;
 * a refusal for the batch itself (already reverted, not revertible) is reported and ends the flow.
 * Emits `revert.done` (with the revert's own batch, for Undo) and `revert.failed`.
 * Invariant: `request` is set in every state but `idle`; `conflict` is non-empty exactly in `conflict`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, emit, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import type { CurrentOffer, RevertEmitted, RevertEvent, RevertOutcome, RevertRequest } from './change-revert.types';

export const REVERT_FALLBACK = 'The changes could not be reverted.';

const outcomeOf = ({ event }: { event: DoneActorEvent<RevertOutcome> }) => event.output;
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
const requestOf = ({ event }: { event: RevertEvent }) => ('request' in event ? event.request : null);

/** Asking to revert, or reverting at once, from any state that is not busy or showing a conflict. */
const starting = {
  'revert.ask': { target: '#changeRevert.confirming', actions: { type: 'keepRequest', params: requestOf } },
  'revert.now': { target: '#changeRevert.reverting', actions: { type: 'keepRequest', params: requestOf } },
} as const;

/** The revert call: done, in conflict, or refused. */
const revertInvoke = {
  id: 'revertBatch',
  src: 'revertBatch',
  input: ({ context }: { context: { request: RevertRequest | null } }) => ({ batchId: context.request?.batchId ?? 0 }),
  onDone: [
    {
      guard: { type: 'isConflict', params: outcomeOf },
      target: '#changeRevert.conflict',
      actions: { type: 'keepConflict', params: outcomeOf },
    },
    { target: '#changeRevert.done', actions: { type: 'announceDone', params: outcomeOf } },
  ],
  onError: { target: '#changeRevert.failed', actions: { type: 'announceFailed', params: errorOf } },
} as const;

export const changeRevertMachine = setup({
  types: {
    context: {} as {
      /** The batch being reverted; null while idle. */
      request: RevertRequest | null;
      /** The offers changed since the batch, as the server holds them now. */
      conflict: CurrentOffer[];
    },
    events: {} as RevertEvent,
    emitted: {} as RevertEmitted,
    /** busy: the revert call is in flight; nothing dismisses the confirmation. */
    tags: {} as 'busy',
  },
  actors: {
    revertBatch: notProvided<RevertOutcome, { batchId: number }>('revertBatch'),
  },
  actions: {
    keepRequest: assign((_, request: RevertRequest | null) => ({ request, conflict: [] })),
    keepConflict: assign((_, outcome: RevertOutcome) => ({ conflict: 'conflict' in outcome ? outcome.conflict : [] })),
    forget: assign({ request: null, conflict: [] }),
    announceDone: emit(({ context }, outcome: RevertOutcome) => ({
      type: 'revert.done' as const,
      batchId: 'reverted' in outcome ? outcome.reverted : null,
      request: context.request ?? { batchId: 0, offers: '', putBack: {} },
    })),
    announceFailed: emit((_, error: unknown) => ({
      type: 'revert.failed' as const,
      message: messageOf(error, REVERT_FALLBACK),
    })),
  },
  guards: {
    isConflict: (_, outcome: RevertOutcome) => 'conflict' in outcome && outcome.conflict.length > 0,
  },
}).createMachine({
  id: 'changeRevert',
  context: { request: null, conflict: [] },
  initial: 'idle',
  states: {
    idle: { on: starting },
    confirming: {
      initial: 'asking',
      states: {
        asking: {
          on: { 'revert.confirm': 'reverting', 'revert.dismiss': { target: '#changeRevert.idle', actions: 'forget' } },
        },
        reverting: { tags: 'busy', invoke: revertInvoke },
      },
    },
    /** Reverting without asking: the snackbar's Undo of a revert. */
    reverting: { tags: 'busy', invoke: revertInvoke },
    /** Nothing was written: the offers changed since, theirs against what the revert would put back. */
    conflict: { on: { 'revert.dismiss': { target: 'idle', actions: 'forget' } } },
    done: { on: starting },
    failed: { on: starting },
  },
});
