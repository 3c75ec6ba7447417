import type { SnapshotFrom } from 'xstate';
import type { bulkActionsMachine } from './bulk-actions.machine';

type BulkActionsSnapshot = SnapshotFrom<typeof bulkActionsMachine>;

/** Calls are being made: the dialog's button shows progress and nothing dismisses it. */
export const selectIsApplying = (s: BulkActionsSnapshot) => s.hasTag('busy');

/** The dialog shown: the confirmation or the update form, open while the action they applied runs. */
export const selectOpenDialog = (s: BulkActionsSnapshot): 'confirm' | 'update' | null => {
  if (s.matches('confirming')) return 'confirm';
  if (s.matches('editing')) return 'update';
  if (s.matches('running')) return s.context.request?.action === 'update' ? 'update' : 'confirm';
  return null;
};

/** Whether the bar may open the confirmation or the update form now. */
export const selectCanConfirm = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.confirm' });
export const selectCanEdit = (s: BulkActionsSnapshot) => s.can({ type: 'bulk.edit' });
