import { formatCents } from '@openapi/rules/money';
import type { Order } from '@/api/models';
import { formatDateTime } from '@/lib/dates';
import { createGridColumns } from '@/ui/data-grid';

const column = createGridColumns<Order>();

/**
 * The orders Create Invoice offers (completed, not invoiced, of one client and storefront). The
 * list is read whole and sorted in the browser (`sortOrders`), by these column ids.
 */
export const invoiceableOrderColumns = column.columns([
  column.accessor('id', {
    header: 'Order',
    meta: { isRowHeader: true, width: '7rem' },
    cell: (info) => `#${info.getValue()}`,
  }),
  column.accessor('created_at', {
    id: 'created_at',
    header: 'Placed',
    enableSorting: true,
    sortDescFirst: true,
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('completed_at', {
    id: 'completed_at',
    header: 'Completed',
    enableSorting: true,
    sortDescFirst: true,
    cell: (info) => {
      const at = info.getValue();
      return at ? formatDateTime(at) : '';
    },
  }),
  column.accessor('item_count', { header: 'Items', meta: { align: 'end' } }),
  column.accessor('total', {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    sortDescFirst: true,
    meta: { align: 'end' },
    cell: (info) => formatCents(info.getValue()),
  }),
  // Last, and wrapping: the amounts stay in view however many products an order holds.
  column.accessor((order) => order.lines.map((line) => line.product).join(', '), {
    id: 'products',
    header: 'Products',
    cell: (info) => <span className="create-invoice__products">{info.getValue()}</span>,
  }),
]);
