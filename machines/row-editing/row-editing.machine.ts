/**
 * Inline editing in the Manage Offers grid (behaviour §2, Manage Offers table), one machine per grid: `viewing`, or one row
 * `editing` with the offer as the edit began, the draft and the draft it began with, and beside
 * it the rows' saves. Cells and keys send the events; the app provides `checkDraft` (the offer
 * rules) and `saveOffer` (the update call, with the version the edit began from).
 * Save: an unchanged draft just closes the row; the rules run first and a refused field keeps
 * the row open with its message; a valid draft is sent in the background (one `saveOffer` child
 * per row, `save.<id>`) and the row closes, so the seller may edit another row, or this one again
 * from what was sent (its next save waits for the answer, whose version it then carries).
 * Answers: saved, the row shows it a few seconds; a 400 reopens the row with the server's
 * messages, a 409 shows their version beside the draft (`conflict`) until the seller keeps one,
 * when no other row edits; otherwise the row is marked not saved, with Retry. Starting another
 * row while the draft has changes, or leaving for another page, filter or route while a row has
 * changes, is saving or is not saved, waits in `leaving` for the seller to drop them or stay.
 * Emits `draft.changed` on every change and `draft.settled` when the edit is saved or dropped
 * (the app keeps the draft in the browser in between), `row.saved`, `row.conflict`,
 * `row.failed`, `row.refused` and `edit.left`.
 * Invariants: at most one row edits; in `viewing` there is no draft; nothing is written while
 * the rules refuse the draft; a row has one save in flight at most.
 */
import { and, assign, type EventObject, emit, enqueueActions, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import {
  isSameDraft,
  isUnsaved,
  refusalOf,
  resumedFrom,
  rowOfSave,
  saveActorId,
  withoutErrorsOf,
  withoutSave,
} from './row-editing.logic';
import type {
  Offer,
  OfferDraft,
  RowEditingContext,
  RowEditingEmitted,
  RowEditingEvent,
  SaveInput,
  SaveOutcome,
} from './row-editing.types';

const CLOSED = { original: null, draft: null, initial: null, errors: {}, problem: null, theirs: null, next: null };
/** A save's answer for one row: written, their version (409), or an error. */
type Answer = { id: string; saved?: Offer; theirs?: Offer; error?: unknown };
// A save's completion events, by the row in their actor id (`save.<id>`).
const answerOf = ({ event }: { event: EventObject }): Answer => {
  const { output, error } = event as EventObject & { output?: SaveOutcome; error?: unknown };
  const id = rowOfSave(event.type);
  if (!output) return { id, error };
  return 'conflict' in output ? { id, theirs: output.conflict } : { id, saved: output.saved };
};
const rowOfAnswer = ({ event }: { event: EventObject }) => rowOfSave(event.type);
const isChangedEdit = ({ draft, initial }: RowEditingContext) =>
  draft !== null && initial !== null && !isSameDraft(draft, initial);
const CONFLICT_PROBLEM = 'Someone else changed this offer.';

export const rowEditingMachine = setup({
  types: {
    context: {} as RowEditingContext,
    events: {} as RowEditingEvent,
    emitted: {} as RowEditingEmitted,
    /** editing: a row shows inputs (or the seller is asked about leaving). */
    tags: {} as 'editing',
  },
  actors: { saveOffer: notProvided<SaveOutcome, SaveInput>('saveOffer') },
  delays: { savedShown: 4000 },
  actions: {
    begin: assign(({ context }, row: { original: Offer; draft: OfferDraft; initial?: OfferDraft }) => {
      const save = context.saves[row.original.id];
      if (!save) return { ...CLOSED, original: row.original, draft: row.draft, initial: row.initial ?? row.draft };
      // A failed save's draft now belongs to the edit; one in flight stays until its answer.
      const saves = save.status === 'failed' ? withoutSave(context.saves, row.original.id) : context.saves;
      return { ...CLOSED, ...resumedFrom(save), saves };
    }),
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
    /** Sends the draft in the background; the row's save is `saving` until the answer. */
    send: enqueueActions(({ context, enqueue }) => {
      const { original, draft, initial } = context;
      if (!original || !draft || !initial) return;
      const save = { status: 'saving', original, draft, initial, errors: {}, problem: null, theirs: null } as const;
      enqueue.assign({ saves: { ...context.saves, [original.id]: save } });
      enqueue.spawnChild('saveOffer', { id: saveActorId(original.id), input: { original, draft, initial } });
    }),
    resend: enqueueActions(({ context, enqueue }, id: number) => {
      const save = context.saves[id];
      if (!save) return;
      const { original, draft, initial } = save;
      enqueue.assign({ saves: { ...context.saves, [id]: { ...save, status: 'saving', errors: {}, problem: null } } });
      enqueue.spawnChild('saveOffer', { id: saveActorId(id), input: { original, draft, initial } });
    }),
    /** Written: the row shows it a while; an edit of the same row goes on from the version written. */
    acceptSaved: enqueueActions(({ context, enqueue }, { id, saved }: Answer) => {
      const save = context.saves[id];
      if (!save || !saved) return;
      enqueue.stopChild(saveActorId(id));
      const done = { ...save, status: 'saved', original: saved } as const;
      enqueue.assign({ saves: { ...context.saves, [id]: done } });
      if (String(context.original?.id) === id) enqueue.assign({ original: saved, initial: save.draft });
      else enqueue.emit({ type: 'draft.settled', id: saved.id });
      enqueue.emit({ type: 'row.saved', offer: saved });
      enqueue.cancel(`shown.${id}`);
      enqueue.raise({ type: 'save.shown', id: saved.id }, { id: `shown.${id}`, delay: 'savedShown' });
    }),
    /** Not saved while the seller is elsewhere: the row says why and offers Retry; the draft stays kept. */
    markFailed: enqueueActions(({ context, enqueue }, answer: Answer) => {
      const save = context.saves[answer.id];
      if (!save) return;
      enqueue.stopChild(saveActorId(answer.id));
      const refusal = answer.theirs ? { errors: {}, problem: CONFLICT_PROBLEM } : refusalOf(answer.error);
      const failed = { ...save, status: 'failed', ...refusal, theirs: answer.theirs ?? null } as const;
      enqueue.assign({ saves: { ...context.saves, [answer.id]: failed } });
      if (refusal.problem) enqueue.emit({ type: 'row.failed', message: refusal.problem });
      else enqueue.emit({ type: 'row.refused', errors: refusal.errors });
    }),
    /** The answer opens its row: the draft typed since (or the one sent), with the server's word. */
    openAnswer: enqueueActions(({ context, enqueue }, answer: Answer) => {
      const save = context.saves[answer.id];
      if (!save) return;
      enqueue.stopChild(saveActorId(answer.id));
      enqueue.assign({
        original: save.original,
        initial: save.initial,
        draft: context.draft ?? save.draft,
        ...(answer.theirs ? { errors: {}, problem: null } : refusalOf(answer.error)),
        theirs: answer.theirs ?? null,
        saves: withoutSave(context.saves, answer.id),
      });
    }),
    retryInRow: enqueueActions(({ context, enqueue }, id: number) => {
      const save = context.saves[id];
      if (save) enqueue.raise({ type: 'edit.start', original: save.original, draft: save.draft });
    }),
    forgetSaved: assign(({ context }, id: number) =>
      context.saves[id]?.status === 'saved' ? { saves: withoutSave(context.saves, id) } : {},
    ),
    /** Leaving drops the rows not saved, and their kept drafts. */
    dropFailed: enqueueActions(({ context, enqueue }) => {
      let saves = context.saves;
      for (const [id, save] of Object.entries(context.saves)) {
        if (save.status !== 'failed') continue;
        saves = withoutSave(saves, id);
        enqueue.emit({ type: 'draft.settled', id: save.original.id });
      }
      enqueue.assign({ saves });
    }),
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
    reportConflict: emit(({ context }) => ({ type: 'row.conflict' as const, theirs: context.theirs as Offer })),
    reportProblem: enqueueActions(({ context, enqueue }) => {
      if (context.problem !== null) enqueue.emit({ type: 'row.failed', message: context.problem });
      else if (Object.keys(context.errors).length > 0) enqueue.emit({ type: 'row.refused', errors: context.errors });
    }),
    reportLeft: emit({ type: 'edit.left' }),
  },
  guards: {
    isChanged: ({ context }) => isChangedEdit(context),
    isThisRow: ({ context }, id: number | string) => String(context.original?.id) === String(id),
    /** The edited row's earlier save has no answer yet: its next save waits for that version. */
    isRowSaving: ({ context }) => context.original !== null && context.saves[context.original.id]?.status === 'saving',
    hasUnsaved: ({ context }) => Object.values(context.saves).some(isUnsaved),
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0,
    hasDraft: ({ context }) => context.draft !== null,
    hasNext: ({ context }) => context.next !== null,
    isConflict: (_, answer: Answer) => answer.theirs !== undefined,
    isFieldRefusal: (_, answer: Answer) => Object.keys(refusalOf(answer.error).errors).length > 0,
    /** A failed save the seller has to look at in the row: refused fields, or their version. */
    needsRow: ({ context }, id: number) => {
      const save = context.saves[id];
      return save?.status === 'failed' && (save.theirs !== null || Object.keys(save.errors).length > 0);
    },
    hasFailed: ({ context }, id: number) => context.saves[id]?.status === 'failed',
    isTheirsFor: ({ context }, id: number) => Boolean(context.saves[id]?.theirs),
    /** Moving on from an unchanged edit to a row whose save met their version: the comparison opens. */
    isUnchangedBeforeTheirs: ({ context }, id: number) => !isChangedEdit(context) && Boolean(context.saves[id]?.theirs),
  },
}).createMachine({
  id: 'rowEditing',
  context: { ...CLOSED, saves: {} },
  initial: 'viewing',
  on: {
    'xstate.done.actor.*': [
      {
        guard: { type: 'isConflict', params: answerOf },
        actions: { type: 'markFailed', params: answerOf },
      },
      { actions: { type: 'acceptSaved', params: answerOf } },
    ],
    'xstate.error.actor.*': { actions: { type: 'markFailed', params: answerOf } },
    'save.retry': [
      {
        guard: { type: 'needsRow', params: ({ event }) => event.id },
        actions: { type: 'retryInRow', params: ({ event }) => event.id },
      },
      {
        guard: { type: 'hasFailed', params: ({ event }) => event.id },
        actions: { type: 'resend', params: ({ event }) => event.id },
      },
    ],
    'save.shown': { actions: { type: 'forgetSaved', params: ({ event }) => event.id } },
  },
  states: {
    viewing: {
      on: {
        'edit.start': [
          {
            guard: { type: 'isTheirsFor', params: ({ event }) => event.original.id },
            target: 'conflict',
            actions: { type: 'begin', params: ({ event }) => event },
          },
          { target: 'editing', actions: { type: 'begin', params: ({ event }) => event } },
        ],
        'edit.resume': {
          target: 'editing',
          actions: [{ type: 'begin', params: ({ event }) => event }, 'keepDraft'],
        },
        'edit.leave': [{ guard: 'hasUnsaved', target: 'leaving' }, { actions: 'reportLeft' }],
        // With no row open, the answer opens its row: their version, or the refused fields.
        'xstate.done.actor.*': {
          guard: { type: 'isConflict', params: answerOf },
          target: 'conflict',
          actions: [{ type: 'openAnswer', params: answerOf }, 'reportConflict'],
        },
        'xstate.error.actor.*': {
          guard: { type: 'isFieldRefusal', params: answerOf },
          target: 'editing',
          actions: [{ type: 'openAnswer', params: answerOf }, 'reportProblem'],
        },
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
          { guard: 'isRowSaving' },
          { target: 'checking', actions: 'checkDraft' },
        ],
        'edit.cancel': { target: 'viewing', actions: ['settle', 'close'] },
        'edit.start': [
          { guard: { type: 'isThisRow', params: ({ event }) => event.original.id } },
          {
            guard: { type: 'isUnchangedBeforeTheirs', params: ({ event }) => event.original.id },
            target: 'conflict',
            actions: ['settle', { type: 'begin', params: ({ event }) => event }],
          },
          {
            guard: not('isChanged'),
            target: 'editing',
            reenter: true,
            actions: ['settle', { type: 'begin', params: ({ event }) => event }],
          },
          { target: 'leaving', actions: { type: 'noteNext', params: ({ event }) => event } },
        ],
        'edit.leave': [
          {
            guard: and([not('isChanged'), not('hasUnsaved')]),
            target: 'viewing',
            actions: ['settle', 'close', 'reportLeft'],
          },
          { target: 'leaving', actions: { type: 'noteNext', params: null } },
        ],
        // The answer to this row's earlier save lands in the edit: their version, or what was refused.
        'xstate.done.actor.*': {
          guard: and([
            { type: 'isThisRow', params: rowOfAnswer },
            { type: 'isConflict', params: answerOf },
          ]),
          target: 'conflict',
          actions: [{ type: 'openAnswer', params: answerOf }, 'reportConflict'],
        },
        'xstate.error.actor.*': {
          guard: { type: 'isThisRow', params: rowOfAnswer },
          actions: [{ type: 'openAnswer', params: answerOf }, 'reportProblem'],
        },
      },
    },
    checking: {
      always: [
        { guard: 'hasErrors', target: 'editing', actions: 'reportProblem' },
        { target: 'viewing', actions: ['send', 'close'] },
      ],
    },
    conflict: {
      tags: ['editing'],
      on: {
        'conflict.keepTheirs': { target: 'viewing', actions: ['settle', 'close'] },
        'edit.cancel': { target: 'viewing', actions: ['settle', 'close'] },
        // The draft may have been typed since the save it answers: the rules check it again.
        'conflict.keepMine': { target: 'checking', actions: ['overTheirs', 'checkDraft'] },
      },
    },
    leaving: {
      tags: ['editing'],
      on: {
        'leave.stay': [
          { guard: 'hasDraft', target: 'editing', actions: { type: 'noteNext', params: null } },
          { target: 'viewing' },
        ],
        'leave.discard': [
          {
            guard: 'hasNext',
            target: 'editing',
            actions: [
              'settle',
              { type: 'begin', params: ({ context }) => context.next as NonNullable<RowEditingContext['next']> },
            ],
          },
          { target: 'viewing', actions: ['settle', 'close', 'dropFailed', 'reportLeft'] },
        ],
      },
    },
  },
});
