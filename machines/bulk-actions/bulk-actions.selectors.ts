import type { SnapshotFrom } from 'xstate';
import type { bulkActionsMachine } from './bulk-actions.machine';

type BulkActionsSnapshot = SnapshotFrom<typeof bulkActionsMachine>;

/** Calls are being made: the dialog's button shows progress and nothing dismisses it. */
export const selectIsApplying = (s: BulkActionsSnapshot) => s.hasTag('busy');

/**
 * The dialog shown: the confirmation or the update form, open while the action they applied runs;
 * the offers changed meanwhile, open until their chunk went through.
 */
export const selectOpenDialog = (s: BulkActionsSnapshot): 'confirm' | 'update' | 'conflict' | null => {
  if (s.matches('confirming')) return 'confirm';
  if (s.matches('editing')) return 'update';
  if (s.matches('conflict') || (s.matches('running') && s.context.conflict.length > 0)) return 'conflict';
  if (s.matches('running')) return s.context.request?.action === 'update' ? 'update' : 'confirm';
  return null;
};

/** Whether the bar may open the confirmation or the update form now. */
export const selectCanConfirm = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.confirm' });
export const selectCanEdit = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.edit' });

/** The offers of the chunk due that changed meanwhile. */
export const selectConflict = (s: BulkActionsSnapshot) => s.context.conflict;
/** The chunk due: what it would write on the offers changed meanwhile. */
export const selectChunkDue = (s: BulkActionsSnapshot) => s.context.plan[s.context.sent]?.send;
/**
 * A multi-chunk action may stop after the chunk in flight; an action for all matching offers may
 * stop while it still reads them page by page (nothing is written yet).
 */
export const selectCanStop = (s: BulkActionsSnapshot) =>
  s.can({ type: 'bulk.cancel' }) &&
  s.hasTag('busy') &&
  (s.context.plan.length > 1 || (s.matches({ running: 'planning' }) && s.context.request?.target.allMatching === true));
/** The conflict view's choices: whether the chunk due may go without the offers changed meanwhile, or over them. */
export const selectCanResolve = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.skipChanged' });
export const selectCanCancel = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.cancel' });
