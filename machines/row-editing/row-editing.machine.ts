/**
 * Inline editing in the Manage Offers grid (behaviour §2, Manage Offers table), one machine per grid: `viewing`, or one row
 * `editing` with the offer as the edit began, the draft and the draft it began with. Cells and
 * keys send the events; the app provides `checkDraft` (the offer rules) and `saveOffer` (the
 * update call, with the version the edit began from).
 * Save: an unchanged draft just closes the row; the rules run first and a refused field keeps
 * the row open with its message; a server 400 does the same with the server's messages; a 409
 * shows their version beside the draft (`conflict`) until the seller keeps one. Starting another
 * row, or leaving for another page or route, while the draft has changes waits in `leaving` for
 * the seller to drop the changes or stay.
 * Emits `draft.changed` on every change and `draft.settled` when the edit ends (the app keeps the
 * draft in the browser in between), `row.saved`, `row.conflict`, `row.failed`, `row.refused` and
 * `edit.left`.
 * Invariants: at most one row edits; in `viewing` there is no draft; nothing is written while
 * the rules refuse the draft.
 */
import { assign, type ErrorActorEvent, emit, enqueueActions, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { isSameDraft, refusalOf, withoutErrorsOf } from './row-editing.logic';
import type {
  Offer,
  OfferDraft,
  RowEditingContext,
  RowEditingEmitted,
  RowEditingEvent,
  SaveInput,
  SaveOutcome,
} from './row-editing.types';

// Annotated, as TypeScript infers no params inside an action list.
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
const CLOSED = { original: null, draft: null, initial: null, errors: {}, problem: null, theirs: null, next: null };

export const rowEditingMachine = setup({
  types: {
    context: {} as RowEditingContext,
    events: {} as RowEditingEvent,
    emitted: {} as RowEditingEmitted,
    /** editing: a row shows inputs; busy: a save is in flight, the inputs are read-only. */
    tags: {} as 'editing' | 'busy',
  },
  actors: { saveOffer: notProvided<SaveOutcome, SaveInput>('saveOffer') },
  actions: {
    begin: assign((_, row: { original: Offer; draft: OfferDraft; initial?: OfferDraft }) => ({
      ...CLOSED,
      original: row.original,
      draft: row.draft,
      initial: row.initial ?? row.draft,
    })),
    beginNext: assign(({ context }) =>
      context.next
        ? { ...CLOSED, original: context.next.original, draft: context.next.draft, initial: context.next.draft }
        : {},
    ),
    noteNext: assign((_, next: RowEditingContext['next']) => ({ next })),
    patch: assign(({ context }, patch: Partial<OfferDraft>) => ({
      draft: context.draft && { ...context.draft, ...patch },
      errors: withoutErrorsOf(context.errors, patch),
      problem: null,
    })),
    /** The app's offer rules put their findings in `errors` (provided: the rules live in src/). */
    checkDraft: assign(() => {
      throw new Error('The action "checkDraft" was not provided');
    }),
    showRefusal: assign((_, error: unknown) => refusalOf(error)),
    showConflict: assign((_, theirs: Offer) => ({ theirs })),
    /** Keeping this draft over their version: the next save starts from theirs. */
    overTheirs: assign(({ context }) => ({ original: context.theirs, theirs: null })),
    close: assign(CLOSED),
    keepDraft: enqueueActions(({ context, enqueue }) => {
      if (context.original && context.draft) {
        enqueue.emit({ type: 'draft.changed', original: context.original, draft: context.draft });
      }
    }),
    settle: enqueueActions(({ context, enqueue }) => {
      if (context.original) enqueue.emit({ type: 'draft.settled', id: context.original.id });
    }),
    reportSaved: emit((_, offer: Offer) => ({ type: 'row.saved' as const, offer })),
    reportConflict: emit((_, theirs: Offer) => ({ type: 'row.conflict' as const, theirs })),
    reportFailure: emit(({ context }) => ({ type: 'row.failed' as const, message: context.problem ?? '' })),
    reportRefusal: emit(({ context }) => ({ type: 'row.refused' as const, errors: context.errors })),
    reportLeft: emit({ type: 'edit.left' }),
  },
  guards: {
    isChanged: ({ context }) =>
      context.draft !== null && context.initial !== null && !isSameDraft(context.draft, context.initial),
    isThisRow: ({ context }, id: number) => context.original?.id === id,
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0,
    hasNext: ({ context }) => context.next !== null,
    hasProblem: ({ context }) => context.problem !== null,
    isConflict: (_, outcome: SaveOutcome) => 'conflict' in outcome,
  },
}).createMachine({
  id: 'rowEditing',
  context: CLOSED,
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'edit.start': { target: 'editing', actions: { type: 'begin', params: ({ event }) => event } },
        'edit.resume': {
          target: 'editing',
          actions: [{ type: 'begin', params: ({ event }) => event }, 'keepDraft'],
        },
        'edit.leave': { actions: 'reportLeft' },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'edit.change': {
          actions: [{ type: 'patch', params: ({ event }) => event.patch }, 'keepDraft'],
        },
        'edit.save': [
          { guard: not('isChanged'), target: 'viewing', actions: ['settle', 'close'] },
          { target: 'checking', actions: 'checkDraft' },
        ],
        'edit.cancel': { target: 'viewing', actions: ['settle', 'close'] },
        'edit.start': [
          { guard: { type: 'isThisRow', params: ({ event }) => event.original.id } },
          {
            guard: not('isChanged'),
            target: 'editing',
            reenter: true,
            actions: ['settle', { type: 'begin', params: ({ event }) => event }],
          },
          { target: 'leaving', actions: { type: 'noteNext', params: ({ event }) => event } },
        ],
        'edit.leave': [
          { guard: not('isChanged'), target: 'viewing', actions: ['settle', 'close', 'reportLeft'] },
          { target: 'leaving', actions: { type: 'noteNext', params: null } },
        ],
      },
    },
    checking: {
      always: [{ guard: 'hasErrors', target: 'editing', actions: 'reportRefusal' }, { target: 'saving' }],
    },
    saving: {
      tags: ['editing', 'busy'],
      invoke: {
        id: 'saveOffer',
        src: 'saveOffer',
        input: ({ context }) => ({
          original: context.original as Offer,
          draft: context.draft as OfferDraft,
          initial: context.initial as OfferDraft,
        }),
        onDone: [
          {
            guard: { type: 'isConflict', params: ({ event }) => event.output },
            target: 'conflict',
            actions: enqueueActions(({ enqueue, event }) => {
              if (!('conflict' in event.output)) return;
              enqueue({ type: 'showConflict', params: event.output.conflict });
              enqueue({ type: 'reportConflict', params: event.output.conflict });
            }),
          },
          {
            target: 'viewing',
            actions: enqueueActions(({ enqueue, event }) => {
              if (!('saved' in event.output)) return;
              enqueue('settle');
              enqueue('close');
              enqueue({ type: 'reportSaved', params: event.output.saved });
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'showRefusal', params: errorOf },
            enqueueActions(({ check, enqueue }) => {
              if (check('hasProblem')) enqueue('reportFailure');
              else if (check('hasErrors')) enqueue('reportRefusal');
            }),
          ],
        },
      },
    },
    conflict: {
      tags: ['editing'],
      on: {
        'conflict.keepTheirs': { target: 'viewing', actions: ['settle', 'close'] },
        'edit.cancel': { target: 'viewing', actions: ['settle', 'close'] },
        'conflict.keepMine': { target: 'saving', actions: 'overTheirs' },
      },
    },
    leaving: {
      tags: ['editing'],
      on: {
        'leave.stay': { target: 'editing', actions: { type: 'noteNext', params: null } },
        'leave.discard': [
          { guard: 'hasNext', target: 'editing', actions: ['settle', 'beginNext'] },
          { target: 'viewing', actions: ['settle', 'close', 'reportLeft'] },
        ],
      },
    },
  },
});
