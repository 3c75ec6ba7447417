/**
 * A preview of many proposed cell changes on Manage Offers (a fill or a paste, behaviour §7):
 * each offer's old → new values, the rows the offer rules refuse (with the reason per cell), a
 * checkbox per row. A paste larger than the page asks first whether to paste the rows that fit. Applying sends the ticked rows in one versioned bulk update (in calls of at
 * most the contract's size, one after another); when an offer changed meanwhile (409) nothing of
 * that call is written and the rows get the server's current offers, still ticked, to apply again
 * or untick. Undo reverts every batch the apply wrote. The app provides `checkRows` (the offer
 * rules), `applyChanges` and `revertBatch`.
 * Emits `preview.applied`, `preview.conflicted`, `preview.undone`, `preview.undoFailed`.
 * Invariants: a ticked row has no problem; busy states take no new action; `batchIds` holds what
 * was written, for the undo.
 */
import { assign, type ErrorActorEvent, emit, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import { APPLY_FALLBACK, isValidRow, rowsOf, UNDO_FALLBACK, untickInvalid, withCurrent } from './change-preview.logic';
import type {
  ApplyInput,
  ApplyOutcome,
  Offer,
  PreviewEmitted,
  PreviewEvent,
  PreviewInput,
  PreviewOverflow,
  PreviewRow,
  PreviewSource,
} from './change-preview.types';

const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
const isConflict = (outcome: ApplyOutcome): outcome is { conflict: readonly Offer[] } => 'conflict' in outcome;

export const changePreviewMachine = setup({
  types: {
    input: {} as PreviewInput,
    context: {} as {
      /** A paste cut to the page, asked about before anything else; null when it fits. */
      overflow: PreviewOverflow | null;
      /** Where the values come from, sent with the update. */
      source: PreviewSource;
      /** One row per offer, in display order. */
      rows: PreviewRow[];
      /** The offers of the apply under way (the rows ticked when it began), and how many were sent. */
      queue: number[];
      sent: number;
      /** How many offers the server wrote. */
      written: number;
      /** The history batches written, oldest first: Undo reverts them newest first. */
      batchIds: number[];
      /** How many of `batchIds` were reverted. */
      undone: number;
      /** Why the last apply failed. */
      problem: string | null;
    },
    events: {} as PreviewEvent,
    emitted: {} as PreviewEmitted,
    /** busy: calls are being made; the dialog cannot be dismissed and its rows cannot change. */
    tags: {} as 'busy',
  },
  actors: {
    applyChanges: notProvided<ApplyOutcome, ApplyInput>('applyChanges'),
    revertBatch: notProvided<unknown, { batchId: number }>('revertBatch'),
  },
  actions: {
    /** The app's offer rules put their findings in each row's `problems` (provided: the rules live in src/). */
    checkRows: assign(() => {
      throw new Error('The action "checkRows" was not provided');
    }),
    untickInvalid: assign(({ context }) => ({ rows: untickInvalid(context.rows) })),
    toggle: assign(({ context }, id: number) => ({
      rows: context.rows.map((row) => (row.offer.id === id ? { ...row, ticked: !row.ticked } : row)),
    })),
    queueTicked: assign(({ context }) => ({
      queue: context.rows.filter((row) => row.ticked).map((row) => row.offer.id),
      sent: 0,
      problem: null,
    })),
    noteSent: assign(({ context }, outcome: { sent: number; written: number; batchId: number | null }) => ({
      sent: context.sent + outcome.sent,
      written: context.written + outcome.written,
      batchIds: outcome.batchId === null ? context.batchIds : [...context.batchIds, outcome.batchId],
    })),
    /** Rows a call wrote leave the preview: applying again must not send them twice. */
    dropSent: assign(({ context }) => {
      const sent = new Set(context.queue.slice(0, context.sent));
      return { rows: context.rows.filter((row) => !sent.has(row.offer.id)), queue: [], sent: 0 };
    }),
    takeCurrent: assign(({ context }, offers: readonly Offer[]) => ({ rows: withCurrent(context.rows, offers) })),
    showProblem: assign((_, error: unknown) => ({ problem: messageOf(error, APPLY_FALLBACK) })),
    noteUndone: assign(({ context }) => ({ undone: context.undone + 1 })),
    announceApplied: emit(({ context }) => ({
      type: 'preview.applied' as const,
      written: context.written,
      canUndo: context.batchIds.length > 0,
    })),
    announceConflict: emit((_, offers: readonly Offer[]) => ({
      type: 'preview.conflicted' as const,
      count: offers.length,
    })),
    announceUndone: emit({ type: 'preview.undone' as const }),
    announceUndoFailed: emit((_, error: unknown) => ({
      type: 'preview.undoFailed' as const,
      message: messageOf(error, UNDO_FALLBACK),
    })),
  },
  guards: {
    isConflict: (_, outcome: ApplyOutcome) => isConflict(outcome),
    hasOverflow: ({ context }) => context.overflow !== null,
    canTick: ({ context }, id: number) => context.rows.some((row) => row.offer.id === id && isValidRow(row)),
    hasTicked: ({ context }) => context.rows.some((row) => row.ticked),
    hasMoreToSend: ({ context }) => context.sent < context.queue.length,
    canUndo: ({ context }) => context.batchIds.length > 0,
    hasMoreToUndo: ({ context }) => context.undone < context.batchIds.length,
  },
}).createMachine({
  id: 'changePreview',
  context: ({ input }) => ({
    overflow: input.overflow ?? null,
    source: input.source,
    rows: rowsOf(input.changes),
    queue: [],
    sent: 0,
    written: 0,
    batchIds: [],
    undone: 0,
    problem: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      entry: ['checkRows', 'untickInvalid'],
      always: [{ guard: 'hasOverflow', target: 'confirmingSize' }, { target: 'choosing' }],
    },
    /** "This paste has 150 rows; 40 fit on this page from the focused row. Paste 40?" */
    confirmingSize: { on: { 'preview.confirm': 'choosing', 'preview.cancel': 'cancelled' } },
    /**
     * The seller ticks and unticks rows, then applies or cancels; after a conflict the same, with
     * the server's current offers in the rows.
     */
    choosing: {
      initial: 'reviewing',
      on: {
        'preview.toggle': {
          guard: { type: 'canTick', params: ({ event }) => event.id },
          actions: { type: 'toggle', params: ({ event }) => event.id },
        },
        'preview.apply': { guard: 'hasTicked', target: 'applying', actions: 'queueTicked' },
        'preview.cancel': 'cancelled',
      },
      states: {
        reviewing: {},
        /** Some offers changed meanwhile: their rows show the server's values, ticked, to apply again. */
        conflict: {},
      },
    },
    applying: {
      tags: 'busy',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'applyChanges',
            src: 'applyChanges',
            input: ({ context }) => {
              const queued = new Set(context.queue.slice(context.sent));
              return { source: context.source, rows: context.rows.filter((row) => queued.has(row.offer.id)) };
            },
            onDone: [
              {
                guard: { type: 'isConflict', params: ({ event }) => event.output },
                target: '#changePreview.choosing.conflict',
                actions: [
                  'dropSent',
                  {
                    type: 'takeCurrent',
                    params: ({ event }) => (isConflict(event.output) ? event.output.conflict : []),
                  },
                  'checkRows',
                  'untickInvalid',
                  {
                    type: 'announceConflict',
                    params: ({ event }) => (isConflict(event.output) ? event.output.conflict : []),
                  },
                ],
              },
              {
                target: 'next',
                actions: {
                  type: 'noteSent',
                  params: ({ event }) =>
                    isConflict(event.output) ? { sent: 0, written: 0, batchId: null } : event.output,
                },
              },
            ],
            onError: {
              target: '#changePreview.failed',
              actions: ['dropSent', { type: 'showProblem', params: errorOf }],
            },
          },
        },
        next: { always: [{ guard: 'hasMoreToSend', target: 'sending' }, { target: '#changePreview.done' }] },
      },
    },
    /** Nothing more was written; the message with Retry. */
    failed: {
      on: {
        'preview.retry': { guard: 'hasTicked', target: 'applying', actions: 'queueTicked' },
        'preview.cancel': 'cancelled',
      },
    },
    done: {
      entry: 'announceApplied',
      on: { 'preview.undo': { guard: 'canUndo', target: 'undoing' } },
    },
    undoing: {
      tags: 'busy',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'revertBatch',
            src: 'revertBatch',
            input: ({ context }) => ({ batchId: context.batchIds[context.batchIds.length - 1 - context.undone] ?? 0 }),
            onDone: { target: 'next', actions: 'noteUndone' },
            onError: { target: '#changePreview.undoFailed', actions: { type: 'announceUndoFailed', params: errorOf } },
          },
        },
        next: { always: [{ guard: 'hasMoreToUndo', target: 'sending' }, { target: '#changePreview.undone' }] },
      },
    },
    undone: { type: 'final', entry: 'announceUndone' },
    undoFailed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
