import type { Order } from '@/api/models';
import type { ItemLinks } from '@/core/item-links';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { createGridColumns } from '@/ui/data-grid';
import { Link } from '@/ui/link';
import { StatusBadge } from '@/ui/status-badge';
import { negotiationLabels } from '../order-labels';

const column = createGridColumns<Order>();

/**
 * My Orders' columns (issue 8). Sortable columns carry the API's ordering field as their id, so a
 * header click becomes `ordering=-total` and so on.
 */
export const orderColumns = column.columns([
  column.accessor('id', {
    header: 'Order',
    meta: { isRowHeader: true, width: '7rem' },
    cell: (info) => {
      // The grid's table meta: the link that opens an order (src/core/item-links.ts).
      const { hrefOf } = info.table.options.meta as ItemLinks;
      return <Link href={hrefOf(info.getValue())}>#{info.getValue()}</Link>;
    },
  }),
  column.accessor('created_at', {
    header: 'Placed',
    enableSorting: true,
    sortDescFirst: true,
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor((order) => order.seller.name, { id: 'seller', header: 'Seller' }),
  column.accessor('item_count', { header: 'Items', meta: { align: 'end' } }),
  column.accessor('negotiation', {
    header: 'Negotiation',
    cell: (info) => {
      const { label, tone } = negotiationLabels[info.getValue()];
      return <StatusBadge tone={tone}>{label}</StatusBadge>;
    },
  }),
  column.accessor('total', {
    header: 'Total',
    enableSorting: true,
    sortDescFirst: true,
    meta: { align: 'end' },
    cell: (info) => formatMoney(info.getValue()),
  }),
]);
