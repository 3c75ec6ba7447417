/**
 * The editing row's dialogs, loaded when first needed (edit-prompts.tsx).
 *
 * After a 409 on save (behaviour §2, Manage Offers table): their version and the seller's,
 * field by field, with the differences marked; the seller keeps one. Keeping theirs drops the
 * draft; keeping mine writes the fields the seller changed over their version.
 */
import { selectIsChanged, selectTheirs, selectUnsavedProducts } from '@machines/row-editing/row-editing.selectors';
import type { OfferDraft } from '@machines/row-editing/row-editing.types';
import { formatCents } from '@openapi/rules/money';
import { centsOfPriceInput } from '@openapi/rules/price';
import { useSelector } from '@xstate/react';
import { useOptions } from '@/core/domain/options';
import { formatDateTime, fromLocalIso } from '@/lib/dates';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';
import { useRowEditing } from '../row-editing-context';

type Row = { label: string; theirs: string; mine: string };

export function OfferConflictDialog() {
  const editing = useRowEditing();
  const theirs = useSelector(editing, selectTheirs);
  // Only in a conflict: the draft changes at every key, and this dialog would redraw with it.
  const draft = useSelector(editing, (snapshot) => (selectTheirs(snapshot) ? snapshot.context.draft : null));
  const { options } = useOptions();
  if (!theirs || !draft) return null;

  const nameOf = (list: readonly { id: number; name: string }[] | undefined, id: number | null) =>
    list?.find((option) => option.id === id)?.name ?? '—';
  const when = (local: string) => {
    const iso = fromLocalIso(local);
    return iso ? formatDateTime(iso) : local;
  };
  const rows: Row[] = [
    { label: 'Product', theirs: theirs.product, mine: draft.product.trim() },
    { label: 'Publisher', theirs: theirs.publisher, mine: nameOf(options?.publishers, draft.publisher_id) },
    { label: 'Seller', theirs: theirs.seller, mine: nameOf(options?.sellers, draft.seller_id) },
    { label: 'Region', theirs: theirs.region, mine: nameOf(options?.regions, draft.region_id) },
    { label: 'Start', theirs: formatDateTime(theirs.start), mine: when(draft.start) },
    { label: 'End', theirs: formatDateTime(theirs.end), mine: when(draft.end) },
    { label: 'Unit price', theirs: formatCents(theirs.unit_price), mine: priceText(draft) },
  ];
  return (
    <Dialog
      title="This offer changed meanwhile"
      isOpen
      onOpenChange={(isOpen) => isOpen || editing.send({ type: 'edit.cancel' })}
      size="large"
      footer={
        <>
          <Button onPress={() => editing.send({ type: 'conflict.keepTheirs' })}>Keep their version</Button>
          <Button variant="primary" onPress={() => editing.send({ type: 'conflict.keepMine' })}>
            Keep my version
          </Button>
        </>
      }
    >
      <p>
        Someone saved “{theirs.product}” after you started editing it. Compare the two versions and keep one: keeping
        yours writes the fields you changed over theirs.
      </p>
      <table className="offer-conflict">
        <caption className="visually-hidden">Their version and yours, field by field</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Their version</th>
            <th scope="col">Your version</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ConflictRow key={row.label} row={row} />
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

function ConflictRow({ row }: { row: Row }) {
  const differs = row.theirs !== row.mine;
  return (
    <tr data-differs={differs || undefined}>
      <th scope="row">
        {row.label}
        {differs && <span className="offer-conflict__differs"> (differs)</span>}
      </th>
      <td>{row.theirs}</td>
      <td>{row.mine}</td>
    </tr>
  );
}

const priceText = (draft: OfferDraft) => formatCents(centsOfPriceInput(draft.unit_price));

/**
 * Another row, page, filter or route was asked for while the editing row has changes, or while
 * rows are saving or not saved (behaviour §10, row saves).
 */
export function LeaveEditDialog() {
  const editing = useRowEditing();
  const product = useSelector(editing, (snapshot) => snapshot.context.original?.product ?? '');
  const isChanged = useSelector(editing, selectIsChanged);
  const unsaved = useSelector(editing, selectUnsavedProducts);
  const others = unsaved && !isChanged;
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(isOpen) => isOpen || editing.send({ type: 'leave.stay' })}
      title={others ? 'Leave offers that are not saved?' : `Discard your changes to “${product}”?`}
      message={
        others
          ? `These offers are saving or were not saved: ${unsaved}. Changes that were not saved are dropped.`
          : 'The changes in the row you are editing have not been saved.'
      }
      confirmLabel={others ? 'Leave' : 'Discard changes'}
      cancelLabel={others ? 'Stay' : 'Keep editing'}
      isDestructive
      onConfirm={() => editing.send({ type: 'leave.discard' })}
    />
  );
}
