import { useLocation, useSearch } from 'wouter';
import type { Order } from '@/api/models';
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
    cell: (info) => <OrderLink orderId={info.getValue()} />,
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

/** Opens the order in the dialog: this view's URL with `order=ID` added, so Back closes it. */
function OrderLink({ orderId }: { orderId: number }) {
  const [location] = useLocation();
  const params = new URLSearchParams(useSearch());
  params.set('order', String(orderId));
  return <Link href={`${location}?${params}`}>#{orderId}</Link>;
}
