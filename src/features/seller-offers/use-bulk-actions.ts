/**
 * The selection bar's bulk action (machines/bulk-actions), one actor per action: an action outlives
 * the bar that started it (the selection is cleared, or the seller switches tabs, before pressing
 * Undo), so its actor is made here rather than tied to the component, and the snackbar's Undo
 * drives it to its end. Its facts become what the seller sees and hears: the snackbar, and the offer
 * lists reloading (behaviour §7).
 */
import type { BulkAction, BulkEmitted, BulkOutcome } from '@machines/bulk-actions/bulk-actions.types';
import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { useApiLogic } from '@/core/api';
import { announce } from '@/ui/announce';
import { notify } from '@/ui/notify';
import { type BulkApplyRef, bulkActionsLogic } from './bulk.implementations';
import { offersText } from './offers-text';

const PAST: Record<BulkAction, string> = { publish: 'published', withdraw: 'withdrawn', update: 'updated' };
const UNDONE: Record<BulkAction, string> = {
  publish: 'Publishing undone',
  withdraw: 'Withdrawal undone',
  update: 'Update undone',
};

/** How long a message about a half-done action stays: long enough to read it and choose Undo. */
const PARTIAL_TIMEOUT_MS = 10_000;

/** An undo stopped at offers changed since the action: for the conflict view. */
export type UndoConflict = Extract<BulkEmitted, { type: 'bulk.undoConflict' }>;

/** The snackbar's Undo: the action's batches are reverted and the offer lists reload. */
function undo(action: BulkApplyRef, onConflict: (conflict: UndoConflict) => void) {
  if (!action.getSnapshot().can({ type: 'bulk.undo' })) return;
  action.on('bulk.undone', (done) => notify({ type: 'success', message: UNDONE[done.action] }));
  action.on('bulk.undoFailed', ({ message }) => notify({ type: 'error', message }));
  action.on('bulk.undoConflict', (conflict) => {
    notify({ type: 'error', message: conflict.message });
    onConflict(conflict);
  });
  action.send({ type: 'bulk.undo' });
}

/** The snackbar after an action: what was done, with Undo while something can be put back. */
function showOutcome(outcome: BulkOutcome, action: BulkApplyRef, onConflict: (conflict: UndoConflict) => void) {
  const past = PAST[outcome.action];
  const withUndo = outcome.canUndo ? { onUndo: () => undo(action, onConflict) } : {};
  if (outcome.problem !== null) {
    notify({
      type: 'error',
      message: `${outcome.sent} of ${offersText(outcome.of)} were ${past}; the rest were not: ${outcome.problem}`,
      timeout: PARTIAL_TIMEOUT_MS,
      ...withUndo,
    });
  } else if (outcome.written === 0) {
    notify({ type: 'info', message: `The offers were ${past} already.` });
  } else {
    notify({ type: 'success', message: `${offersText(outcome.written)} ${past}`, ...withUndo });
  }
}

/**
 * The bar's current action; `onSettled` clears the selection once an action went through.
 * `conflict`: an Undo stopped at offers changed since, until `closeConflict`.
 */
export function useBulkActions(onSettled: () => void) {
  const logic = useApiLogic(bulkActionsLogic);
  const [action, setAction] = useState(() => createActor(logic));
  const [conflict, setConflict] = useState<UndoConflict | null>(null);
  const latestOnSettled = useRef(onSettled);
  latestOnSettled.current = onSettled;

  useEffect(() => {
    // Stopped when the bar went away (or by StrictMode's trial unmount): the bar takes a new one.
    if (action.getSnapshot().status === 'stopped') {
      setAction(createActor(logic));
      return;
    }
    const subscriptions = [
      action.on('bulk.done', ({ outcome }) => {
        showOutcome(outcome, action, setConflict);
        // After a half-done action the selection stays, so the rest can be tried again.
        if (outcome.problem === null) latestOnSettled.current();
        // The snackbar keeps this action for its Undo; the bar takes a new one.
        setAction(createActor(logic));
      }),
      // Nothing was written; the update form stays open with the server's field messages.
      action.on('bulk.refused', ({ message }) => notify({ type: 'error', message })),
      // The conflict view opens with the offers; the seller chooses there (behaviour §10).
      action.on('bulk.conflicted', ({ count }) =>
        announce(
          `${offersText(count)} changed meanwhile. Review them, then apply to the others, overwrite theirs or stop.`,
        ),
      ),
    ];
    action.start();
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      // A bar that goes away stops its action, unless the action is done and the snackbar's Undo
      // may still drive it (or drives it now).
      const snapshot = action.getSnapshot();
      if (!(['done', 'partlyDone', 'undoing'] as const).some((state) => snapshot.matches(state))) action.stop();
    };
  }, [action, logic]);
  return { applying: action as BulkApplyRef, conflict, closeConflict: () => setConflict(null) };
}
