import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { ManageOfferListQuery, Offer } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announceChange } from '@/core/data-events';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { type Notice, notify } from '@/ui/notify';
import {
  BULK_FALLBACK,
  type BulkAction,
  type BulkOutcome,
  type BulkRequest,
  type BulkUndo,
  bulkLogic,
  bulkUndoLogic,
  UNDO_FALLBACK,
} from '../bulk.implementations';
import './bulk-actions.css';

// The update form (price field, date-time pickers, region list) loads when it is first wanted.
const loadUpdateDialog = () => import('./bulk-update-dialog');
const BulkUpdateDialog = lazy(() => loadUpdateDialog().then((m) => ({ default: m.BulkUpdateDialog })));
const preloadUpdateDialog = () => void loadUpdateDialog().catch(() => undefined);

/** The grid's selection: chosen ids, or every offer matching the filters (`total` of them). */
export interface OfferSelection {
  ids: ReadonlySet<number>;
  allMatching: boolean;
  total: number;
}

interface BulkActionsProps {
  tab: 'published' | 'unpublished';
  selection: OfferSelection;
  /** The filtered set's query without limit and offset ("all matching" reads it page by page). */
  filters: ManageOfferListQuery;
  /** The offers on the page: their values before a change, for its undo. */
  rows: readonly Offer[];
  /** Clears the selection; called after an action went through. */
  onSettled: () => void;
}

const PAST: Record<BulkAction, string> = { publish: 'published', withdraw: 'withdrawn', update: 'updated' };
const UNDONE: Record<BulkAction, string> = {
  publish: 'Publishing undone',
  withdraw: 'Withdrawal undone',
  update: 'Update undone',
};
/** "1 offer", "2 offers". */
const offersText = (count: number) => `${count} ${count === 1 ? 'offer' : 'offers'}`;

/** How long a message about a half-done action stays: long enough to read it and choose Undo. */
const PARTIAL_TIMEOUT_MS = 10_000;

type UndoLogic = ReturnType<typeof bulkUndoLogic>;

/**
 * Puts the old values back. The undo outlives the bar that started it (the selection is cleared
 * and the user may switch tabs before pressing Undo), so it runs in an actor of its own; its
 * outcome goes to the snackbar and the offer lists reload (behaviour §7).
 */
function startUndo(logic: UndoLogic, undo: BulkUndo) {
  const actor = createActor(logic, { input: { fallback: UNDO_FALLBACK } });
  const finish = (notice: Notice) => {
    announceChange('offers');
    notify(notice);
    actor.stop();
  };
  actor.on('submission.succeeded', () => finish({ type: 'success', message: UNDONE[undo.action] }));
  actor.on('submission.failed', ({ message }) => finish({ type: 'error', message }));
  actor.start();
  actor.send({ type: 'submission.submit', input: undo });
}

/** The snackbar after an action: what was done, with Undo while something can be put back. */
function showOutcome(outcome: BulkOutcome, undoLogic: UndoLogic) {
  const { action, undo } = outcome;
  const withUndo = undo ? { onUndo: () => startUndo(undoLogic, undo) } : {};
  if (outcome.problem !== null) {
    notify({
      type: 'error',
      message: `${outcome.sent} of ${offersText(outcome.of)} were ${PAST[action]}; the rest were not: ${outcome.problem}`,
      timeout: PARTIAL_TIMEOUT_MS,
      ...withUndo,
    });
  } else if (outcome.written === 0) {
    notify({ type: 'info', message: `The offers were ${PAST[action]} already.` });
  } else {
    notify({ type: 'success', message: `${offersText(outcome.written)} ${PAST[action]}`, ...withUndo });
  }
}

/**
 * Manage Offers' actions on the selected offers (behaviour §2, Manage Offers table): publish on the Unpublished tab,
 * withdraw on the Published tab, and a bulk update; each confirmed first, each followed by a
 * snackbar whose Undo puts the old values back. Shown only while something is selected.
 */
export function BulkActions({ tab, selection, filters, rows, onSettled }: BulkActionsProps) {
  const applying = useActorRef(useApiLogic(bulkLogic), { input: { fallback: BULK_FALLBACK } });
  const undoLogic = useApiLogic(bulkUndoLogic);
  const isApplying = useSelector(applying, (s) => s.hasTag('busy'));
  const [openDialog, setOpenDialog] = useState<'confirm' | 'update' | null>(null);

  const latestOnSettled = useRef(onSettled);
  latestOnSettled.current = onSettled;
  useEffect(() => {
    const succeeded = applying.on('submission.succeeded', ({ result }) => {
      setOpenDialog(null);
      announceChange('offers');
      showOutcome(result, undoLogic);
      // After a half-done action the selection stays, so the rest can be tried again.
      if (result.problem === null) latestOnSettled.current();
    });
    // Nothing was written. The update form stays open with the server's field messages.
    const failed = applying.on('submission.failed', ({ message }) => {
      notify({ type: 'error', message });
      setOpenDialog((open) => (open === 'update' ? open : null));
    });
    return () => {
      succeeded.unsubscribe();
      failed.unsubscribe();
    };
  }, [applying, undoLogic]);

  const count = selection.allMatching ? selection.total : selection.ids.size;
  if (count === 0) return null;

  const action: BulkAction = tab === 'unpublished' ? 'publish' : 'withdraw';
  const verb = action === 'publish' ? 'Publish' : 'Withdraw';
  const these = selection.allMatching
    ? `all ${offersText(count)} matching these filters`
    : count === 1
      ? 'the selected offer'
      : `the ${count} selected offers`;
  const them = count === 1 ? 'it' : 'them';
  const requestOf = (request: Omit<BulkRequest, 'target'>): BulkRequest => ({
    ...request,
    target: { ids: [...selection.ids], allMatching: selection.allMatching, filters, shown: rows },
  });
  const apply = (request: Omit<BulkRequest, 'target'>) => {
    const submit = { type: 'submission.submit' as const, input: requestOf(request) };
    if (applying.getSnapshot().can(submit)) applying.send(submit);
  };
  // While the action runs the dialogs cannot be dismissed (isPending, isDismissDisabled).
  const close = () => setOpenDialog(null);

  return (
    <fieldset aria-label="Selected offers" className="bulk-actions">
      <p className="bulk-actions__count">
        {selection.allMatching
          ? `All ${count} matching ${count === 1 ? 'offer' : 'offers'} selected`
          : `${count} selected`}
      </p>
      <div className="bulk-actions__buttons">
        <Button variant="primary" onPress={() => setOpenDialog('confirm')}>
          {verb}
        </Button>
        <Button onPress={() => setOpenDialog('update')} onHoverStart={preloadUpdateDialog}>
          Update…
        </Button>
        <Button variant="quiet" onPress={onSettled}>
          Clear selection
        </Button>
      </div>
      <ConfirmDialog
        isOpen={openDialog === 'confirm'}
        onOpenChange={(isOpen) => isOpen || close()}
        title={`${verb} offers`}
        message={
          action === 'publish'
            ? `Publish ${these}? Clients can then see and order ${them}.`
            : `Withdraw ${these}? Clients will no longer see ${them}.`
        }
        confirmLabel={`${verb} ${offersText(count)}`}
        isDestructive={action === 'withdraw'}
        isPending={isApplying}
        onConfirm={() => apply({ action })}
      />
      {openDialog === 'update' && (
        <Suspense fallback={null}>
          <BulkUpdateDialog
            description={`Set new values on ${these}. Fields left empty keep each offer's own value.`}
            applyLabel={`Update ${offersText(count)}`}
            applying={applying}
            requestOf={(fields) => requestOf({ action: 'update', ...fields })}
            onClose={close}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
