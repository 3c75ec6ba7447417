/**
 * The cells of the Manage Offers row being edited (issue 9, "Inline row editing"); their pickers
 * load on the grid's first hover or focus (src/ui/cell-editors.tsx). Each input reads its own field from the row-editing actor, so
 * a keystroke redraws that input and the Action cell, nothing else.
 * Keys: Tab and Shift+Tab move between the row's inputs (round), Enter saves, Escape cancels;
 * when the edit ends focus goes back to the cell it started from.
 */
import {
  selectError,
  selectField,
  selectIsChanged,
  selectIsSaving,
  selectProblem,
  selectTheirs,
} from '@machines/row-editing/row-editing.selectors';
import type { DraftField, OfferDraft } from '@machines/row-editing/row-editing.types';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import type { Offer } from '@/api/models';
import { useOptions } from '@/core/options';
import { CellButton } from '@/ui/cell-button';
import { CellDateTime, CellSelect, CellTextField } from '@/ui/cell-editors';
import { GridDateTime } from '@/ui/grid-text';
import { WarningIcon } from '@/ui/icons';
import { PriceField } from '@/ui/price-field';
import { type RowEditingRef, useEditOrigin, useRowEditing } from '../row-editing-context';

type Props = { row: Offer };

export function OfferEditorCells({ row }: Props) {
  const editing = useRowEditing();
  const { options } = useOptions();
  const first = useReturnFocus();
  const saving = useSelector(editing, selectIsSaving);
  const ownStorefronts = options?.sellers.filter((seller) => seller.is_own) ?? [];
  return (
    <>
      <EditorCell cellRef={first} isRowHeader>
        <ProductInput isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <OptionCell field="publisher_id" label="Publisher" options={options?.publishers ?? []} isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <OptionCell field="seller_id" label="Seller" options={ownStorefronts} isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <OptionCell field="region_id" label="Region" options={options?.regions ?? []} isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <DateTimeCell field="start" label="Start" isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <DateTimeCell field="end" label="End" isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <GridDateTime iso={row.is_published ? (row.published_at ?? row.uploaded_at) : row.uploaded_at} />
      </EditorCell>
      <EditorCell align="end">
        <PriceCell isDisabled={saving} />
      </EditorCell>
      <EditorCell>
        <RowAction product={row.product} />
      </EditorCell>
    </>
  );
}

/** One cell of the editing row, a grid cell like the others, that keeps the row's keys (`editorKeys`). */
function EditorCell({
  isRowHeader = false,
  align,
  cellRef,
  children,
}: {
  isRowHeader?: boolean;
  align?: 'end';
  cellRef?: React.Ref<HTMLTableCellElement>;
  children: React.ReactNode;
}) {
  const editing = useRowEditing();
  const Tag = isRowHeader ? 'th' : 'td';
  return (
    <Tag
      ref={cellRef}
      role={isRowHeader ? 'rowheader' : 'gridcell'}
      scope={isRowHeader ? 'row' : undefined}
      tabIndex={-1}
      data-grid-cell=""
      data-align={align}
      className="data-grid__cell data-grid__cell--editing"
      onKeyDownCapture={(event) => editorKeys(event, editing)}
    >
      {children}
    </Tag>
  );
}

function useDraftField<F extends DraftField>(editing: RowEditingRef, field: F) {
  const value = useSelector(editing, selectField(field)) as OfferDraft[F] | undefined;
  const error = useSelector(editing, selectError(field));
  const change = (next: OfferDraft[F]) => editing.send({ type: 'edit.change', patch: { [field]: next } });
  return { value, error, change };
}

function ProductInput({ isDisabled }: { isDisabled: boolean }) {
  const { value, error, change } = useDraftField(useRowEditing(), 'product');
  return (
    <CellTextField
      label="Product"
      name="product"
      value={value ?? ''}
      onChange={change}
      errorMessage={error}
      isDisabled={isDisabled}
      autoFocus
    />
  );
}

function PriceCell({ isDisabled }: { isDisabled: boolean }) {
  const { value, error, change } = useDraftField(useRowEditing(), 'unit_price');
  return (
    <PriceField
      label="Unit price"
      labelHidden
      name="unit_price"
      value={value ?? ''}
      onChange={change}
      errorMessage={error}
      isDisabled={isDisabled}
      variant="cell"
    />
  );
}

function OptionCell({
  field,
  label,
  options,
  isDisabled,
}: {
  field: 'publisher_id' | 'seller_id' | 'region_id';
  label: string;
  options: readonly { id: number; name: string }[];
  isDisabled: boolean;
}) {
  const { value, error, change } = useDraftField(useRowEditing(), field);
  return (
    <CellSelect
      label={label}
      options={options}
      selectedKey={value ?? null}
      onSelectionChange={change}
      errorMessage={error}
      isDisabled={isDisabled}
    />
  );
}

function DateTimeCell({ field, label, isDisabled }: { field: 'start' | 'end'; label: string; isDisabled: boolean }) {
  const { value, error, change } = useDraftField(useRowEditing(), field);
  return (
    <CellDateTime
      label={label}
      name={field}
      value={value ?? ''}
      onChange={(next) => change(next ?? '')}
      errorMessage={error}
      isDisabled={isDisabled}
    />
  );
}

/** SPEC §2: the action reads Update when a value changed, otherwise Cancel. */
function RowAction({ product }: { product: string }) {
  const editing = useRowEditing();
  const isChanged = useSelector(editing, selectIsChanged);
  const isSaving = useSelector(editing, selectIsSaving);
  const problem = useSelector(editing, selectProblem);
  const verb = isChanged ? 'Update' : 'Cancel';
  return (
    <span className="offer-editor__action">
      <CellButton
        label={`${verb} ${product}`}
        variant={isChanged ? 'primary' : 'secondary'}
        isDisabled={isSaving}
        onPress={() => editing.send({ type: isChanged ? 'edit.save' : 'edit.cancel' })}
      >
        {isSaving ? 'Saving…' : verb}
      </CellButton>
      {problem && (
        <span className="offer-editor__problem">
          <WarningIcon size={16} />
          {problem}
        </span>
      )}
    </span>
  );
}

/**
 * What can take focus in the row's editor cells, in order: the grid keeps them out of the page's
 * tab order. The selection checkbox is the grid's, not the edit's: from it Tab would leave the row.
 */
const rowWidgets = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>('[data-grid-widget]')].filter(
    (widget) =>
      !widget.hasAttribute('disabled') && !widget.closest('[data-grid-select]') && widget.getClientRects().length > 0,
  );

/**
 * Runs in the capture phase: React Aria's fields keep Enter and Escape to themselves. Enter saves
 * once the field has handled it (a date field rounds its minutes then), so the save takes the
 * field's last word; on a button Enter presses the button.
 */
function editorKeys(event: KeyboardEvent<HTMLElement>, editing: RowEditingRef) {
  // Keys from a popover (a select's list, a calendar) belong to it: it is portalled out of the row.
  if (!event.currentTarget.contains(event.target as Node) || event.altKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    editing.send({ type: 'edit.cancel' });
  } else if (event.key === 'Enter' && !(target instanceof HTMLButtonElement)) {
    setTimeout(() => editing.send({ type: 'edit.save' }));
  } else if (event.key === 'Tab') {
    const row = event.currentTarget.parentElement;
    if (!row) return;
    const widgets = rowWidgets(row);
    const index = widgets.findIndex((widget) => widget === target || widget.contains(target));
    const count = widgets.length;
    if (count === 0) return;
    event.preventDefault();
    widgets[(index + (event.shiftKey ? count - 1 : 1)) % count]?.focus();
  }
}

/**
 * The row header cell's ref. When the edit ends, focus goes back to the cell the edit started
 * from (the page notes its column), if focus was still in the row.
 */
function useReturnFocus() {
  const first = useRef<HTMLTableCellElement>(null);
  const origin = useEditOrigin();
  // The conflict's comparison belongs to the edit: keeping their version, or Escape, ends the
  // edit with focus in that dialog, and it goes back to the cell too.
  const isComparing = useRef(false);
  isComparing.current = useSelector(useRowEditing(), selectTheirs) !== null;
  useLayoutEffect(() => {
    const row = first.current?.parentElement as HTMLTableRowElement | null;
    const { column } = origin;
    return () => {
      const active = document.activeElement;
      const wasInRow = !active || active === document.body || Boolean(row?.contains(active)) || isComparing.current;
      if (!row || !wasInRow) return;
      // Once this commit has put the row's own cells back, and before the list reload a save
      // sets off: the grid would then take focus to the cell it last saw focused instead.
      queueMicrotask(() => {
        if (row.isConnected && !row.contains(document.activeElement)) row.cells[column]?.focus();
      });
    };
  }, [origin]);
  return first;
}
