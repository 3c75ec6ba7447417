import { formatCents } from '@openapi/rules/money';
import type { Offer } from '@/api/models';
import { createGridColumns } from '@/ui/data-grid';
import { GridDateTime, GridText } from '@/ui/grid-text';
import { FlameIcon } from '@/ui/icons';
import { AddToBasketCell } from './add-to-basket-cell';
import { SpecialPriceAction } from './special-price-action';

const column = createGridColumns<Offer>();

/**
 * The client's offer columns (behaviour §2, Offers). Sortable columns carry the API's ordering field as
 * their id, so a header click becomes `ordering=-start_date` and so on.
 */
export const offerColumns = column.columns([
  column.accessor('product', {
    id: 'product',
    header: 'Product',
    enableSorting: true,
    meta: { isRowHeader: true, width: '30%' },
    cell: (info) => <OfferProduct offer={info.row.original} />,
  }),
  column.accessor('publisher', { header: 'Publisher', cell: (info) => <GridText text={info.getValue()} /> }),
  column.accessor('seller', { header: 'Seller', cell: (info) => <GridText text={info.getValue()} /> }),
  column.accessor('region', { header: 'Region', cell: (info) => <GridText text={info.getValue()} /> }),
  column.accessor('start', {
    id: 'start_date',
    header: 'Start',
    enableSorting: true,
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  column.accessor('end', {
    id: 'end_date',
    header: 'End',
    enableSorting: true,
    cell: (info) => <GridDateTime iso={info.getValue()} />,
  }),
  column.accessor('unit_price', {
    header: 'Unit price',
    enableSorting: true,
    meta: { align: 'end' },
    cell: (info) => formatCents(info.getValue()),
  }),
  column.display({
    id: 'basket',
    header: 'Add to basket',
    cell: (info) => <AddToBasketCell offer={info.row.original} />,
  }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: (info) => <SpecialPriceAction offer={info.row.original} />,
  }),
]);

/** Product name, with its image when it has one and the hot marker (icon plus text for screen readers). */
function OfferProduct({ offer }: { offer: Offer }) {
  return (
    <span className="offer-product">
      {offer.image && (
        <img className="offer-product__image" src={offer.image} alt="" width={32} height={32} loading="lazy" />
      )}
      <span className="offer-product__name">{offer.product}</span>{' '}
      {offer.is_hot && (
        <span className="offer-product__hot" title="Hot">
          <FlameIcon size={16} />
          <span className="visually-hidden">Hot</span>
        </span>
      )}
    </span>
  );
}
