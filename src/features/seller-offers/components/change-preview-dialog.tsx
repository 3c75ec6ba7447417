/**
 * The change preview (behaviour §7, fill and paste): per offer and changed column the old and the
 * new value, the offer rules' refusal on its cell, a checkbox per row, and "Apply to N offers".
 * Plain table markup, no widget per cell: a paste of 100 rows × 8 columns paints at once.
 */
import { isValidRow } from '@machines/change-preview/change-preview.logic';
import {
  selectCanApply,
  selectIsApplying,
  selectIsConflict,
  selectIsOpen,
  selectOverflow,
  selectProblem,
  selectProblemCount,
  selectRows,
  selectTickedCount,
} from '@machines/change-preview/change-preview.selectors';
import type { PreviewRow } from '@machines/change-preview/change-preview.types';
import type { DraftField } from '@machines/row-editing/row-editing.types';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';
import { OldToNew } from '@/ui/old-to-new';
import type { ChangePreviewRef } from '../change-preview.implementations';
import { FIELD_LABELS, offerText } from '../offer-cells';
import { offersText } from '../offers-text';
import { announcePreview } from '../use-change-preview';
import './change-preview.css';

const FIELDS = Object.keys(FIELD_LABELS) as DraftField[];

/** "5 offers, 2 with problems". */
const summaryOf = (count: number, problems: number) =>
  problems > 0 ? `${offersText(count)}, ${problems} with problems` : offersText(count);

const changesIn = (rows: readonly PreviewRow[]) => rows.reduce((sum, row) => sum + Object.keys(row.typed).length, 0);

/**
 * The preview of the fill or paste under way, if any. The page mounts it before the first one
 * (its code loads as the grid is first touched), so the first preview opens without suspending.
 */
export function ChangePreview({ preview }: { preview: ChangePreviewRef | null }) {
  return preview && <ChangePreviewDialog key={preview.id} preview={preview} />;
}

function ChangePreviewDialog({ preview }: { preview: ChangePreviewRef }) {
  const overflow = useSelector(preview, selectOverflow);
  const isOpen = useSelector(preview, selectIsOpen);
  const rows = useSelector(preview, selectRows);
  const ticked = useSelector(preview, selectTickedCount);
  const problemCount = useSelector(preview, selectProblemCount);
  const isApplying = useSelector(preview, selectIsApplying);
  const problem = useSelector(preview, selectProblem);
  const isConflict = useSelector(preview, selectIsConflict);
  const canApply = useSelector(preview, selectCanApply);
  const columns = FIELDS.filter((field) => rows.some((row) => row.typed[field] !== undefined));

  const footer = (
    <>
      <Button slot="close" isDisabled={isApplying}>
        Cancel
      </Button>
      {problem === null ? (
        <Button
          variant="primary"
          isDisabled={!canApply && !isApplying}
          isPending={isApplying}
          onPress={() => preview.send({ type: 'preview.apply' })}
        >
          Apply to {offersText(ticked)}
        </Button>
      ) : (
        <Button variant="primary" onPress={() => preview.send({ type: 'preview.retry' })}>
          Retry
        </Button>
      )}
    </>
  );
  if (overflow) {
    return (
      <ConfirmDialog
        isOpen
        onOpenChange={(open) => open || preview.send({ type: 'preview.cancel' })}
        title="Paste"
        message={`This paste has ${overflow.rows} rows; ${overflow.fit} fit on this page from the focused row. Paste ${overflow.fit}?`}
        confirmLabel={`Paste ${overflow.fit}`}
        onConfirm={() => {
          preview.send({ type: 'preview.confirm' });
          announcePreview(changesIn(rows));
        }}
      />
    );
  }
  return (
    <Dialog
      title="Review changes"
      size="large"
      isOpen={isOpen}
      onOpenChange={(open) => open || preview.send({ type: 'preview.cancel' })}
      isDismissDisabled={isApplying}
      footer={footer}
    >
      <p className="change-preview__summary">{summaryOf(rows.length, problemCount)}</p>
      {isConflict && (
        <p className="change-preview__message">
          Some offers were changed meanwhile: their rows show the values they have now. Apply again or untick them.
        </p>
      )}
      {problem !== null && (
        <p role="alert" className="change-preview__message change-preview__message--problem">
          {problem}
        </p>
      )}
      <div className="change-preview__scroll">
        <table className="change-preview">
          <thead>
            <tr>
              <th scope="col">Apply</th>
              <th scope="col">Product</th>
              {columns.map((field) => (
                <th key={field} scope="col">
                  {FIELD_LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <PreviewTableRow key={row.offer.id} row={row} columns={columns} preview={preview} />
            ))}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}

function PreviewTableRow({
  row,
  columns,
  preview,
}: {
  row: PreviewRow;
  columns: readonly DraftField[];
  preview: ChangePreviewRef;
}) {
  const id = useId();
  const { offer } = row;
  // A rule about a field the preview does not change (the end, when only the start moves) is the row's.
  const rowProblems = FIELDS.filter((field) => row.problems[field] && row.typed[field] === undefined);
  return (
    <tr data-invalid={isValidRow(row) ? undefined : ''}>
      <td>
        <input
          type="checkbox"
          className="change-preview__tick"
          aria-label={offer.product}
          aria-describedby={isValidRow(row) ? undefined : `${id}-problems`}
          checked={row.ticked}
          disabled={!isValidRow(row)}
          onChange={() => preview.send({ type: 'preview.toggle', id: offer.id })}
        />
      </td>
      <th scope="row">
        {offer.product}
        {row.changedSince && <span className="change-preview__note">Changed since</span>}
        {rowProblems.map((field) => (
          <span key={field} className="change-preview__problem">
            {FIELD_LABELS[field]}: {row.problems[field]}
          </span>
        ))}
        {!isValidRow(row) && (
          <span id={`${id}-problems`} className="visually-hidden">
            Not applied: {FIELDS.flatMap((field) => row.problems[field] ?? []).join(' ')}
          </span>
        )}
      </th>
      {columns.map((field) => {
        const typed = row.typed[field];
        if (typed === undefined) return <td key={field} />;
        const problem = row.problems[field];
        const old = offerText(offer, field);
        return (
          <td
            key={field}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-${field}` : undefined}
          >
            <OldToNew old={old} next={typed} />
            {row.changedSince && <span className="change-preview__note">Changed since: now {old}</span>}
            {problem && (
              <span id={`${id}-${field}`} className="change-preview__problem">
                {problem}
              </span>
            )}
          </td>
        );
      })}
    </tr>
  );
}
