import {
  selectCanConfirm,
  selectCanEdit,
  selectCanStop,
  selectIsApplying,
  selectOpenDialog,
} from '@machines/bulk-actions/bulk-actions.selectors';
import type { BulkAction, BulkRequest } from '@machines/bulk-actions/bulk-actions.types';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ManageOfferListQuery, Offer } from '@/api/models';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { offersText } from '../offers-text';
import { useBulkActions } from '../use-bulk-actions';
import { BulkConflictDialog } from './bulk-conflict-dialog';
import { RevertConflictDialog } from './revert-flow';
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

/**
 * Manage Offers' actions on the selected offers (behaviour §2, Manage Offers table): publish on the Unpublished tab,
 * withdraw on the Published tab, and a bulk update; each confirmed first, each followed by a
 * snackbar whose Undo puts the old values back. Shown only while something is selected.
 */
export function BulkActions({ tab, selection, filters, rows, onSettled }: BulkActionsProps) {
  const { applying, conflict, closeConflict } = useBulkActions(onSettled);
  const isApplying = useSelector(applying, selectIsApplying);
  const openDialog = useSelector(applying, selectOpenDialog);
  const canConfirm = useSelector(applying, selectCanConfirm);
  const canEdit = useSelector(applying, selectCanEdit);
  const canStop = useSelector(applying, selectCanStop);

  const count = selection.allMatching ? selection.total : selection.ids.size;
  // An Undo's conflict outlives the selection the action cleared.
  const conflictView = conflict && (
    <RevertConflictDialog
      offers={conflict.offers}
      putBack={conflict.putBack}
      onClose={closeConflict}
      yoursLabel="Undo puts back"
    />
  );
  if (count === 0) return conflictView;

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
    const event = { type: 'bulk.apply' as const, request: requestOf(request) };
    if (applying.getSnapshot().can(event)) applying.send(event);
  };
  // While the action runs the dialogs cannot be dismissed (isPending, isDismissDisabled).
  const close = () => applying.send({ type: 'bulk.dismiss' });

  return (
    <fieldset aria-label="Selected offers" className="bulk-actions">
      <p className="bulk-actions__count">
        {selection.allMatching
          ? `All ${count} matching ${count === 1 ? 'offer' : 'offers'} selected`
          : `${count} selected`}
      </p>
      <div className="bulk-actions__buttons">
        <Button variant="primary" isDisabled={!canConfirm} onPress={() => applying.send({ type: 'bulk.confirm' })}>
          {verb}
        </Button>
        <Button
          isDisabled={!canEdit}
          onPress={() => applying.send({ type: 'bulk.edit' })}
          onHoverStart={preloadUpdateDialog}
        >
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
        // Sent in calls of at most 500: the seller may stop after the one in flight (behaviour §2).
        onStop={canStop ? () => applying.send({ type: 'bulk.cancel' }) : undefined}
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
      {openDialog === 'conflict' && <BulkConflictDialog applying={applying} />}
      {conflictView}
    </fieldset>
  );
}
