import type { Invoice } from '@/api/models';
import type { ItemLinks } from '@/core/lists/item-links';
import { createGridColumns } from '@/ui/data-grid';
import { invoiceNumberColumn, invoiceStateColumns } from './invoice-columns';
import { MarkPaidAction } from './mark-paid-action';

const column = createGridColumns<Invoice, ItemLinks>();

/** The seller's issued invoices (Create Invoice): to whom, from which storefront, and Mark paid. */
export const issuedInvoiceColumns = column.columns([
  invoiceNumberColumn,
  // The name alone: the company would push the Action column out of view on a laptop screen.
  column.accessor((invoice) => invoice.client.name, { id: 'client', header: 'Client' }),
  column.accessor((invoice) => invoice.seller.name, { id: 'storefront', header: 'Storefront' }),
  ...invoiceStateColumns,
  column.display({
    id: 'action',
    header: 'Action',
    cell: (info) => <MarkPaidAction invoice={info.row.original} />,
  }),
]);
