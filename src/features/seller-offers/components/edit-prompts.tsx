/**
 * What the row editing asks the seller outside the row: to take up a draft kept from an earlier
 * visit, and whether to drop a changed row when leaving it. Each reads the actor itself, so the
 * page does not redraw when an edit starts.
 */
import { selectIsLeaving, selectRowsWithErrors } from '@machines/row-editing/row-editing.selectors';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { keptDraft } from '../offer-draft-store';
import { useRowEditing } from '../row-editing-context';
import { toDraft } from '../seller-offers.implementations';

/** The draft this user left unsaved (a reload, a crashed tab), offered back until taken up or dropped. */
export function KeptDraftBanner({ userId }: { userId: number }) {
  const editing = useRowEditing();
  const isEditing = useSelector(editing, (snapshot) => snapshot.hasTag('editing'));
  const [kept, setKept] = useState(() => {
    const draft = keptDraft.read();
    return draft?.userId === userId ? draft : null;
  });
  if (!kept || isEditing) return null;
  return (
    <section className="kept-draft" aria-label="Unsaved edit">
      <p>
        You have unsaved changes to “{kept.original.product}” from {formatDateTime(kept.keptAt)}.
      </p>
      <div className="kept-draft__actions">
        <Button
          variant="primary"
          onPress={() => {
            editing.send({
              type: 'edit.resume',
              original: kept.original,
              draft: kept.draft,
              initial: toDraft(kept.original),
            });
            setKept(null);
          }}
        >
          Resume editing
        </Button>
        <Button
          onPress={() => {
            keptDraft.remove();
            setKept(null);
          }}
        >
          Discard changes
        </Button>
      </div>
    </section>
  );
}

/**
 * "2 rows with errors" above the grid, said when it changes (behaviour §10, row saves); F8 goes
 * to them. The region stays on the page, empty without errors, so that a change is announced.
 */
export function RowErrorCount() {
  const count = useSelector(useRowEditing(), selectRowsWithErrors);
  return (
    <p className="manage-offers__errors" role="status">
      {count === 0 ? '' : `${count} ${count === 1 ? 'row' : 'rows'} with errors`}
    </p>
  );
}

const LeaveEditDialog = lazy(() => import('./edit-dialogs').then((m) => ({ default: m.LeaveEditDialog })));
const OfferConflictDialog = lazy(() => import('./edit-dialogs').then((m) => ({ default: m.OfferConflictDialog })));

/** The dialogs the editing row may need, loaded when first needed. */
export function EditDialogs() {
  const editing = useRowEditing();
  const isLeaving = useSelector(editing, selectIsLeaving);
  const isConflict = useSelector(editing, (snapshot) => snapshot.matches('conflict'));
  return (
    <Suspense fallback={null}>
      {isLeaving && <LeaveEditDialog />}
      {isConflict && <OfferConflictDialog />}
    </Suspense>
  );
}
