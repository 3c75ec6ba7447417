import { formatCents } from '@openapi/rules/money';
import type { Offer } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { createGridColumns, gridMeta } from '@/ui/data-grid';
import { GridDateTime, GridText } from '@/ui/grid-text';
import { offerEditors } from './offer-editor-cells';
import { RowSaveStatus } from './row-save-status';

/** What the Action cell reaches outside its row for: starting the row's edit, opening its history. */
export type ManageOffersMeta = { edit(offer: Offer): void; warm(): void; history(offer: Offer): void };

/**
 * Columns with an `editor` show it while their row is edited; the others show their value. The
 * widths leave room for the fixed ones (selection 3rem, Action 10rem): their percentages add up
 * to 79%, so from the grid's narrowest (62rem) up, all columns fit without scrolling sideways.
 */
const column = createGridColumns<Offer, ManageOffersMeta>();

const leading = [
  column.accessor('product', {
    id: 'product',
    header: 'Product',
    enableSorting: true,
    meta: { isRowHeader: true, width: '14%', editor: offerEditors.product },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.accessor('publisher', {
    header: 'Publisher',
    meta: { width: '9%', editor: offerEditors.publisher },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.accessor('seller', {
    header: 'Seller',
    meta: { width: '8%', editor: offerEditors.seller },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.accessor('region', {
    header: 'Region',
    meta: { width: '9%', editor: offerEditors.region },
    cell: (info) => <GridText text={info.getValue()} />,
  }),
  column.accessor('start', {
    id: 'start_date',
    header: 'Start',
    enableSorting: true,
    meta: { width: '12%', editor: offerEditors.start },
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  column.accessor('end', {
    id: 'end_date',
    header: 'End',
    enableSorting: true,
    meta: { width: '12%', editor: offerEditors.end },
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
];

const trailing = [
  column.accessor('unit_price', {
    header: 'Unit price',
    enableSorting: true,
    meta: { align: 'end', width: '7%', editor: offerEditors.unitPrice },
    cell: (info) => formatCents(info.getValue()),
  }),
  column.display({
    id: 'action',
    header: 'Action',
    meta: { width: '10rem', editor: offerEditors.action },
    cell: (info) => {
      const { edit, warm, history } = gridMeta(info.table);
      const offer = info.row.original;
      return (
        <>
          <CellButton label={`Edit ${offer.product}`} onPress={() => edit(offer)} onHoverStart={warm}>
            Edit
          </CellButton>{' '}
          <CellButton label={`History of ${offer.product}`} variant="quiet" onPress={() => history(offer)}>
            History
          </CellButton>
          <RowSaveStatus offer={offer} />
        </>
      );
    },
  }),
];

/** The Published tab (SPEC §2, Manage Offers table): the day each offer was published. */
export const publishedColumns = column.columns([
  ...leading,
  column.accessor((offer) => offer.published_at ?? offer.uploaded_at, {
    id: 'publish_date',
    header: 'Published',
    enableSorting: true,
    meta: { width: '8%' },
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  ...trailing,
]);

/** The Unpublished tab: when each offer was uploaded (or created). */
export const unpublishedColumns = column.columns([
  ...leading,
  column.accessor('uploaded_at', {
    id: 'created_at',
    header: 'Uploaded',
    enableSorting: true,
    meta: { width: '8%' },
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  ...trailing,
]);
