import type { SnapshotFrom } from 'xstate';
import { isSameDraft } from './row-editing.logic';
import type { rowEditingMachine } from './row-editing.machine';
import type { DraftField } from './row-editing.types';

type Snapshot = SnapshotFrom<typeof rowEditingMachine>;

/** The id of the row that edits, as the grid names rows, or null. */
export const selectEditingId = (snapshot: Snapshot): string | null =>
  snapshot.hasTag('editing') && snapshot.context.original ? String(snapshot.context.original.id) : null;

export const selectField =
  <F extends DraftField>(field: F) =>
  (snapshot: Snapshot) =>
    snapshot.context.draft?.[field];

export const selectError = (field: DraftField) => (snapshot: Snapshot) => snapshot.context.errors[field];

/** Whether the draft differs from what the edit began with: the action reads Update, else Cancel. */
export const selectIsChanged = ({ context }: Snapshot) =>
  context.draft !== null && context.initial !== null && !isSameDraft(context.draft, context.initial);

export const selectIsSaving = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectProblem = (snapshot: Snapshot) => snapshot.context.problem;
export const selectIsLeaving = (snapshot: Snapshot) => snapshot.matches('leaving');
export const selectTheirs = (snapshot: Snapshot) => (snapshot.matches('conflict') ? snapshot.context.theirs : null);
