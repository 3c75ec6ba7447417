/** Billing's calls: the invoice list, one invoice and the CSV export. */

import type { CsvColumn } from '@openapi/rules/csv';
import type { ApiClient } from '@/api/client';
import type { Invoice, InvoiceListQuery } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { exportCsv } from '@/core/lists/export-csv';
import { list, load } from '@/core/workflows';
import { plainAmount } from '@/lib/money';
import { invoiceStatusLabels, paymentStatusLabels } from './invoice-labels';

export const INVOICES_LOAD_FALLBACK = 'The invoices could not be loaded.';
export const INVOICE_LOAD_FALLBACK = 'The invoice could not be loaded.';

/** One page of the client's invoices for the filters, ordering, limit and offset of the URL. */
export const invoiceListLogic = (api: ApiClient) =>
  list((query: InvoiceListQuery, signal) => unwrap(api.GET('/api/v1/invoices/', { params: { query }, signal })));

/** The invoice behind `?invoice=ID`. */
export const invoiceLoadLogic = (api: ApiClient) =>
  load((invoiceId: number, signal) =>
    unwrap(api.GET('/api/v1/invoices/{invoiceId}/', { params: { path: { invoiceId } }, signal })),
  );

/** The file keeps the contract's values (ISO days, amounts in euros) so a spreadsheet can compute with them. */
const invoiceCsvColumns: CsvColumn<Invoice>[] = [
  { header: 'Number', value: (invoice) => invoice.number },
  { header: 'Seller', value: (invoice) => invoice.seller.name },
  { header: 'Issued', value: (invoice) => invoice.issued_at },
  { header: 'Due date', value: (invoice) => invoice.due_date },
  { header: 'Payment date', value: (invoice) => invoice.payment_date },
  { header: 'Payment status', value: (invoice) => paymentStatusLabels[invoice.payment_status] },
  { header: 'Status', value: (invoice) => invoiceStatusLabels[invoice.status] },
  { header: 'Total (EUR)', value: (invoice) => plainAmount(invoice.total) },
  { header: 'Orders', value: (invoice) => invoice.orders.map((order) => order.id).join(' ') },
];

/** Export CSV: every invoice of the filtered, ordered set (`filters` without limit and offset). */
export const invoiceExport = (api: ApiClient) => (filters: InvoiceListQuery, signal: AbortSignal) =>
  exportCsv({
    name: 'invoices',
    columns: invoiceCsvColumns,
    signal,
    fetchPage: (offset, limit, pageSignal) =>
      unwrap(api.GET('/api/v1/invoices/', { params: { query: { ...filters, offset, limit } }, signal: pageSignal })),
  });
