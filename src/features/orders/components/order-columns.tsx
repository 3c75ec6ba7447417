import type { NegotiationRole } from '@machines/negotiation/negotiation.types';
import { formatCents } from '@openapi/rules/money';
import type { Order } from '@/api/models';
import { partyName } from '@/core/domain/party';
import type { ItemLinks } from '@/core/lists/item-links';
import { formatDateTime } from '@/lib/dates';
import { createGridColumns, gridMeta } from '@/ui/data-grid';
import { Link } from '@/ui/link';
import { StatusBadge } from '@/ui/status-badge';
import { negotiationLabels } from '../order-labels';

const column = createGridColumns<Order, ItemLinks>();

/*
 * Sortable columns carry the API's ordering field as their id, so a header click becomes
 * `ordering=-total` and so on.
 */
const orderNumber = column.accessor('id', {
  header: 'Order',
  meta: { isRowHeader: true, width: '7rem' },
  cell: (info) => {
    // The grid's table meta: the link that opens an order (src/core/lists/item-links.ts).
    const { hrefOf } = gridMeta(info.table);
    return <Link href={hrefOf(info.getValue())}>#{info.getValue()}</Link>;
  },
});
const placed = column.accessor('created_at', {
  header: 'Placed',
  enableSorting: true,
  sortDescFirst: true,
  cell: (info) => formatDateTime(info.getValue()),
});
const items = column.accessor('item_count', { header: 'Items', meta: { align: 'end' } });
const total = column.accessor('total', {
  header: 'Total',
  enableSorting: true,
  sortDescFirst: true,
  meta: { align: 'end' },
  cell: (info) => formatCents(info.getValue()),
});
const negotiation = (role: NegotiationRole) =>
  column.accessor('negotiation', {
    header: 'Negotiation',
    cell: (info) => {
      const { label, tone } = negotiationLabels[role][info.getValue()];
      return <StatusBadge tone={tone}>{label}</StatusBadge>;
    },
  });

/** My Orders' columns (behaviour §2): the client sees who sells. */
export const orderColumns = column.columns([
  orderNumber,
  placed,
  column.accessor((order) => order.seller.name, { id: 'seller', header: 'Seller' }),
  items,
  negotiation('client'),
  total,
]);

/** Review Orders' columns (behaviour §2): the seller sees who ordered, and from which of its storefronts. */
export const reviewOrderColumns = column.columns([
  orderNumber,
  placed,
  column.accessor((order) => partyName(order.client), { id: 'client', header: 'Client' }),
  column.accessor((order) => order.seller.name, { id: 'storefront', header: 'Storefront' }),
  items,
  negotiation('seller'),
  total,
]);
