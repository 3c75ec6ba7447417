import type { SnapshotFrom } from 'xstate';
import { isSameDraft, isUnsaved } from './row-editing.logic';
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

/** The edited row's earlier save has no answer yet: its Update waits for it. */
export const selectIsSaving = ({ context }: Snapshot) =>
  context.original !== null && context.saves[context.original.id]?.status === 'saving';

/** A row's save as the row shows it: 'saving', 'saved', 'failed', or null (none). */
export const selectSaveStatus = (id: number) => (snapshot: Snapshot) => snapshot.context.saves[id]?.status ?? null;

/** Why a row was not saved: the row's message, else the first refused field's. */
export const selectSaveReason = (id: number) => (snapshot: Snapshot) => {
  const save = snapshot.context.saves[id];
  if (save?.status !== 'failed') return null;
  return save.problem ?? Object.values(save.errors)[0] ?? null;
};

/** The products of the rows saving or not saved, which leaving asks about. */
export const selectUnsavedProducts = (snapshot: Snapshot) =>
  Object.values(snapshot.context.saves)
    .filter(isUnsaved)
    .map((save) => save.original.product)
    .join(', ');

/** Whether leaving would drop work: the edited row has changes, or a row is saving or not saved. */
export const selectHasUnsaved = (snapshot: Snapshot) =>
  (snapshot.hasTag('editing') && selectIsChanged(snapshot)) || Object.values(snapshot.context.saves).some(isUnsaved);
export const selectProblem = (snapshot: Snapshot) => snapshot.context.problem;
export const selectIsLeaving = (snapshot: Snapshot) => snapshot.matches('leaving');
export const selectTheirs = (snapshot: Snapshot) => (snapshot.matches('conflict') ? snapshot.context.theirs : null);

/** How many rows are in error: the edited row with a refused field or a problem, and the rows not saved. */
export const selectRowsWithErrors = (snapshot: Snapshot) => {
  const { context } = snapshot;
  const failed = Object.values(context.saves).filter((save) => save.status === 'failed').length;
  const isEditingInError =
    snapshot.hasTag('editing') && (Object.keys(context.errors).length > 0 || context.problem !== null);
  return failed + (isEditingInError ? 1 : 0);
};
