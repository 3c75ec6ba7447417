import { formatCents } from '@openapi/rules/money';
import type { Invoice } from '@/api/models';
import type { ItemLinks } from '@/core/lists/item-links';
import { formatDateTime, formatDay } from '@/lib/dates';
import { createGridColumns, gridMeta } from '@/ui/data-grid';
import { Link } from '@/ui/link';
import { invoiceStatusLabels } from '../invoice-labels';
import { PaymentStatusBadge } from './payment-status-badge';

const column = createGridColumns<Invoice, ItemLinks>();

/**
 * Invoice columns (behaviour §2: Billing, and Create Invoice's issued invoices). Sortable columns
 * carry the API's ordering field as their id, so a header click becomes `ordering=-due_date` and
 * so on. The number names the row and opens the invoice.
 */
export const invoiceNumberColumn = column.accessor('number', {
  id: 'number',
  header: 'Number',
  enableSorting: true,
  meta: { isRowHeader: true, width: '11rem' },
  cell: (info) => {
    // The grid's table meta: the link that opens an invoice (src/core/lists/item-links.ts).
    const { hrefOf } = gridMeta(info.table);
    return <Link href={hrefOf(info.row.original.id)}>{info.getValue()}</Link>;
  },
});

/** The dates, states and total, as the client and the seller both see them. */
export const invoiceStateColumns = column.columns([
  column.accessor('issued_at', {
    id: 'issued_at',
    header: 'Issued',
    enableSorting: true,
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('due_date', {
    id: 'due_date',
    header: 'Due date',
    enableSorting: true,
    cell: (info) => formatDay(info.getValue()),
  }),
  column.accessor('payment_date', {
    id: 'payment_date',
    header: 'Payment date',
    enableSorting: true,
    cell: (info) => {
      const day = info.getValue();
      if (day) return formatDay(day);
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">Not paid</span>
        </>
      );
    },
  }),
  column.accessor('payment_status', {
    header: 'Payment status',
    cell: (info) => <PaymentStatusBadge status={info.getValue()} />,
  }),
  column.accessor('status', { header: 'Status', cell: (info) => invoiceStatusLabels[info.getValue()] }),
  column.accessor('total', {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    meta: { align: 'end' },
    cell: (info) => formatCents(info.getValue()),
  }),
]);

/** The client's invoices (Billing): from which seller each came. */
export const invoiceColumns = column.columns([
  invoiceNumberColumn,
  column.accessor((invoice) => invoice.seller.name, { id: 'seller', header: 'Seller' }),
  ...invoiceStateColumns,
]);
