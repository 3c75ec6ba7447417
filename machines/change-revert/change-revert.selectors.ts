import type { SnapshotFrom } from 'xstate';
import type { changeRevertMachine } from './change-revert.machine';

type ChangeRevertSnapshot = SnapshotFrom<typeof changeRevertMachine>;

/** The confirmation is open; it stays open, its button busy, while the confirmed revert runs. */
export const selectIsConfirming = (s: ChangeRevertSnapshot) => s.matches('confirming');

export const selectIsReverting = (s: ChangeRevertSnapshot) => s.hasTag('busy');

/** The offers in conflict with what the revert would put back; empty unless the conflict view is open. */
export const selectConflict = (s: ChangeRevertSnapshot) => (s.matches('conflict') ? s.context.conflict : []);
