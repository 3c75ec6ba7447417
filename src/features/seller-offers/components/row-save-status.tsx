/**
 * A row's save in words, under its Action button (behaviour §10, row saves): "Saving…", "Saved"
 * for a few seconds, or "Not saved: {reason}" with Retry. Each row reads its own save only, so
 * typing in the editing row redraws no other row.
 */
import { selectSaveReason, selectSaveStatus } from '@machines/row-editing/row-editing.selectors';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Offer } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { WarningIcon } from '@/ui/icons';
import { useRowEditing } from '../row-editing-context';

export function RowSaveStatus({ offer }: { offer: Offer }) {
  const editing = useRowEditing();
  const status = useSelector(editing, selectSaveStatus(offer.id));
  const reason = useSelector(editing, selectSaveReason(offer.id));
  const reasonId = useId();
  if (status === null) return null;
  if (status !== 'failed') {
    return <span className="row-save">{status === 'saving' ? 'Saving…' : 'Saved'}</span>;
  }
  return (
    <span className="row-save row-save--failed">
      <span className="offer-editor__problem" id={reasonId}>
        <WarningIcon size={16} />
        Not saved: {reason}
      </span>
      <CellButton
        label={`Retry ${offer.product}`}
        describedBy={reasonId}
        isError
        onPress={() => editing.send({ type: 'save.retry', id: offer.id })}
      >
        Retry
      </CellButton>
    </span>
  );
}
