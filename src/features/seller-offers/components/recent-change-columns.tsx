import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import type { OfferChangeRecord } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { createGridColumns, gridMeta } from '@/ui/data-grid';
import { GridDateTime, GridText } from '@/ui/grid-text';
import { StatusBadge } from '@/ui/status-badge';
import { ChangeList, SOURCE_TEXT } from './change-values';
import { canRevert } from './offer-history';

/** What the Revert cell reaches outside its row for. */
export type RecentChangesMeta = { revert(record: OfferChangeRecord): void };

const column = createGridColumns<OfferChangeRecord, RecentChangesMeta>();

/** The Source filter's choices, in the contract's order. */
export const SOURCE_OPTIONS = SCHEMA_ENUMS.OfferChangeSource.map((source) => ({
  id: source,
  name: SOURCE_TEXT[source],
}));

/** One row per change of one offer (behaviour §7): when, the offer, where from, old → new, who. */
export const recentChangeColumns = column.columns([
  column.accessor('at', {
    header: 'When',
    meta: { width: '13%' },
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  column.accessor('product', {
    header: 'Offer',
    meta: { isRowHeader: true, width: '15%' },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.accessor('source', {
    header: 'Source',
    meta: { width: '10%' },
    cell: (info) => SOURCE_TEXT[info.getValue()],
  }),
  column.accessor('changes', {
    header: 'Changes',
    cell: (info) => <ChangeList changes={info.getValue()} />,
  }),
  column.accessor('actor', {
    header: 'Who',
    meta: { width: '12%' },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.display({
    id: 'action',
    header: 'Action',
    meta: { width: '7rem' },
    cell: (info) => {
      const record = info.row.original;
      if (record.reverted_by !== null) return <StatusBadge tone="neutral">Reverted</StatusBadge>;
      if (!canRevert(record)) return null;
      const { revert } = gridMeta(info.table);
      return (
        <CellButton label={`Revert the change of ${record.product}`} onPress={() => revert(record)}>
          Revert
        </CellButton>
      );
    },
  }),
]);
