import type { Offer } from '@/api/models';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { createGridColumns } from '@/ui/data-grid';
import { FlameIcon } from '@/ui/icons';
import { AddToBasketCell } from './add-to-basket-cell';
import { SpecialPriceAction } from './special-price-action';

const column = createGridColumns<Offer>();

/**
 * The client's offer columns (issue 8, Offers). Sortable columns carry the API's ordering field as
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
  column.accessor('publisher', { header: 'Publisher', cell: (info) => <OfferText text={info.getValue()} /> }),
  column.accessor('seller', { header: 'Seller', cell: (info) => <OfferText text={info.getValue()} /> }),
  column.accessor('region', { header: 'Region', cell: (info) => <OfferText text={info.getValue()} /> }),
  column.accessor('start', {
    id: 'start_date',
    header: 'Start',
    enableSorting: true,
    cell: (info) => <OfferDate iso={info.getValue()} />,
  }),
  column.accessor('end', {
    id: 'end_date',
    header: 'End',
    enableSorting: true,
    cell: (info) => <OfferDate iso={info.getValue()} />,
  }),
  column.accessor('unit_price', {
    header: 'Unit price',
    enableSorting: true,
    meta: { align: 'end' },
    cell: (info) => formatMoney(info.getValue()),
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

/** A short name that may take a second line where the grid is tight. */
function OfferText({ text }: { text: string }) {
  return <span className="offer-text">{text}</span>;
}

/** "24/11/26 at 13:05"; where the grid is tight the time goes under the day, never mid-phrase. */
function OfferDate({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(' at ');
  // formatDateTime gives an unreadable value back as it came, with no time to put on a second line.
  if (time === undefined) return day;
  return (
    <span className="offer-date">
      <span className="offer-date__part">{day}</span> <span className="offer-date__part">at {time}</span>
    </span>
  );
}

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
