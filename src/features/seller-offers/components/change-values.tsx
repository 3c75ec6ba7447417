/**
 * An offer change's fields as the seller reads them (behaviour §7): labels as the grid names its
 * columns, money and date-times in the app's formats, publisher, seller and region by name where
 * the filter choices know it (by id otherwise).
 */
import type { ChangedField, OfferFieldChange } from '@machines/change-revert/change-revert.types';
import { centsOf, formatCents } from '@openapi/rules/money';
import type { OfferChangeSource } from '@/api/models';
import { useOptions } from '@/core/domain/options';
import { formatDateTime } from '@/lib/dates';
import { OldToNew } from '@/ui/old-to-new';
import './change-values.css';

export const FIELD_LABELS: Record<ChangedField, string> = {
  product: 'Product',
  publisher_id: 'Publisher',
  seller_id: 'Seller',
  region_id: 'Region',
  type: 'Type',
  is_hot: 'Hot',
  unit_price: 'Unit price',
  start: 'Start',
  end: 'End',
  is_published: 'Published',
};

const NAMED = { publisher_id: 'publishers', seller_id: 'sellers', region_id: 'regions' } as const;

type Value = OfferFieldChange['old'];

/** How a field's value reads: "€12.50", "24/11/26 at 13:05", "Yes", a region's name. */
export function useValueText(): (field: ChangedField, value: Value) => string {
  const { options } = useOptions();
  return (field, value) => {
    if (value === null) return '—';
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (field === 'unit_price') return formatCents(centsOf(value));
    if (field === 'start' || field === 'end') return formatDateTime(String(value));
    if (field in NAMED) {
      const choices = options?.[NAMED[field as keyof typeof NAMED]];
      return choices?.find((choice) => choice.id === value)?.name ?? `${FIELD_LABELS[field]} ${value}`;
    }
    return String(value);
  };
}

/** Each changed field, "Unit price: €12.50 → €11.00". */
export function ChangeList({ changes }: { changes: readonly OfferFieldChange[] }) {
  const text = useValueText();
  return (
    <ul className="change-list">
      {changes.map((change) => (
        <li key={change.field}>
          {FIELD_LABELS[change.field]}:{' '}
          <OldToNew old={text(change.field, change.old)} next={text(change.field, change.new)} />
        </li>
      ))}
    </ul>
  );
}

/** Where a change came from, in words. */
export const SOURCE_TEXT: Record<OfferChangeSource, string> = {
  row_edit: 'Row edit',
  bulk_update: 'Bulk update',
  paste: 'Paste',
  fill: 'Fill',
  upload: 'CSV upload',
  publish: 'Published',
  withdraw: 'Withdrawn',
  revert: 'Revert',
};
