/**
 * The editors of the Manage Offers row being edited (behaviour §2, Manage Offers table), one per
 * editable column; the grid's edit cells hold them and keep the row's keys (src/ui/grid-keys.ts).
 * Their pickers load on the grid's first hover or focus (src/ui/cell-editors.tsx). Each input
 * reads its own field from the row-editing actor, so a change redraws that input and the Action
 * cell, nothing else; the product field holds its text itself, so a key typed there redraws
 * nothing once the first has turned Cancel into Update.
 */
import {
  selectError,
  selectField,
  selectIsChanged,
  selectIsSaving,
  selectProblem,
} from '@machines/row-editing/row-editing.selectors';
import type { DraftField, OfferDraft } from '@machines/row-editing/row-editing.types';
import { useSelector } from '@xstate/react';
import { type ComponentType, useMemo } from 'react';
import type { Offer } from '@/api/models';
import { useOptions } from '@/core/domain/options';
import { CellButton } from '@/ui/cell-button';
import { CellDateTime, CellSelect, CellTextField } from '@/ui/cell-editors';
import type { GridEditorProps } from '@/ui/data-grid.types';
import { WarningIcon } from '@/ui/icons';
import { PriceField } from '@/ui/price-field';
import { type RowEditingRef, storeOf, useRowEditing } from '../row-editing-context';

type EditorProps = GridEditorProps<Offer>;

function PublisherEditor() {
  const { options } = useOptions();
  return <OptionCell field="publisher_id" label="Publisher" options={options?.publishers ?? []} />;
}

function SellerEditor() {
  const { options } = useOptions();
  const ownStorefronts = options?.sellers.filter((seller) => seller.is_own) ?? [];
  return <OptionCell field="seller_id" label="Seller" options={ownStorefronts} />;
}

function RegionEditor() {
  const { options } = useOptions();
  return <OptionCell field="region_id" label="Region" options={options?.regions ?? []} />;
}

function StartEditor() {
  return <DateTimeCell field="start" label="Start" />;
}

function EndEditor() {
  return <DateTimeCell field="end" label="End" />;
}

function ActionEditor({ row }: EditorProps) {
  return <RowAction product={row.product} />;
}

/** The editors of the Manage Offers columns, by column (manage-offer-columns.tsx). */
export const offerEditors = {
  product: ProductEditor,
  publisher: PublisherEditor,
  seller: SellerEditor,
  region: RegionEditor,
  start: StartEditor,
  end: EndEditor,
  unitPrice: PriceEditor,
  action: ActionEditor,
} satisfies Record<string, ComponentType<EditorProps>>;

function useDraftField<F extends DraftField>(editing: RowEditingRef, field: F) {
  const value = useSelector(editing, selectField(field)) as OfferDraft[F] | undefined;
  const error = useSelector(editing, selectError(field));
  const change = (next: OfferDraft[F]) => editing.send({ type: 'edit.change', patch: { [field]: next } });
  return { value, error, change };
}

const selectProduct = selectField('product');

function ProductEditor() {
  const editing = useRowEditing();
  // The field holds its text itself and follows the draft: a key typed renders nothing.
  const value = useMemo(() => storeOf(editing, (snapshot) => selectProduct(snapshot) ?? ''), [editing]);
  const error = useSelector(editing, selectError('product'));
  return (
    <CellTextField
      label="Product"
      name="product"
      value={value}
      onChange={(product) => editing.send({ type: 'edit.change', patch: { product } })}
      errorMessage={error}
      autoFocus
    />
  );
}

function PriceEditor() {
  const { value, error, change } = useDraftField(useRowEditing(), 'unit_price');
  return (
    <PriceField
      label="Unit price"
      labelHidden
      name="unit_price"
      value={value ?? ''}
      onChange={change}
      errorMessage={error}
      variant="cell"
    />
  );
}

function OptionCell({
  field,
  label,
  options,
}: {
  field: 'publisher_id' | 'seller_id' | 'region_id';
  label: string;
  options: readonly { id: number; name: string }[];
}) {
  const { value, error, change } = useDraftField(useRowEditing(), field);
  return (
    <CellSelect
      label={label}
      options={options}
      selectedKey={value ?? null}
      onSelectionChange={change}
      errorMessage={error}
    />
  );
}

function DateTimeCell({ field, label }: { field: 'start' | 'end'; label: string }) {
  const { value, error, change } = useDraftField(useRowEditing(), field);
  return (
    <CellDateTime
      label={label}
      name={field}
      value={value ?? ''}
      onChange={(next) => change(next ?? '')}
      errorMessage={error}
    />
  );
}

/**
 * SPEC §2: the action reads Update when a value changed, otherwise Cancel; while the row's
 * earlier save has no answer it reads Saving… and waits (its next save carries that version).
 */
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
