import type { SnapshotFrom } from 'xstate';
import { isValidRow } from './change-preview.logic';
import type { changePreviewMachine } from './change-preview.machine';

type Snapshot = SnapshotFrom<typeof changePreviewMachine>;

/** The dialog is shown while the seller reviews, applies, meets a conflict or a failure. */
export const selectIsOpen = (s: Snapshot) => s.matches('choosing') || s.matches('applying') || s.matches('failed');
/** The question before a paste larger than the page, or null. */
export const selectOverflow = (s: Snapshot) => (s.matches('confirmingSize') ? s.context.overflow : null);
export const selectIsApplying = (s: Snapshot) => s.hasTag('busy');
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectTickedCount = (s: Snapshot) => s.context.rows.filter((row) => row.ticked).length;
export const selectProblemCount = (s: Snapshot) => s.context.rows.filter((row) => !isValidRow(row)).length;
/** Why the last apply failed; shown with Retry. */
export const selectProblem = (s: Snapshot) => (s.matches('failed') ? s.context.problem : null);
export const selectIsConflict = (s: Snapshot) => s.matches({ choosing: 'conflict' });
export const selectCanApply = (s: Snapshot) => s.can({ type: 'preview.apply' });
