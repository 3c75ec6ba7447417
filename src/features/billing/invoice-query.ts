/**
 * The invoice lists as list views (src/core/lists/list-view.ts): Billing with the billing filters
 * of behaviour §3, and Create Invoice's issued invoices; an invoice opens in its dialog from
 * `?invoice=ID` on both.
 */
import { QUERY_LIMITS, SCHEMA_ENUMS } from '@openapi/schema.facts';
import { z } from 'zod/mini';
import { contractDayParam, idParam } from '@/core/lists/list-query';
import { defineListView } from '@/core/lists/list-view';
import { INVOICES_LOAD_FALLBACK, invoiceExport, invoiceListLogic } from './billing.implementations';

const search = z.string().check(z.maxLength(QUERY_LIMITS.listInvoices.search.maxLength));
const paymentStatus = z.enum(SCHEMA_ENUMS.PaymentStatus);

/** Billing: every filter, ordered by due day (behaviour §9, `-due_date`), with Export CSV. */
export const billingView = defineListView({
  filters: {
    search,
    dueDate: contractDayParam(),
    paymentDate: contractDayParam(),
    status: z.enum(SCHEMA_ENUMS.InvoiceStatus),
    seller: idParam(),
    region: idParam(),
    paymentStatus,
  },
  orderings: SCHEMA_ENUMS.InvoiceOrdering,
  defaultOrdering: '-due_date',
  read: invoiceListLogic,
  fallback: INVOICES_LOAD_FALLBACK,
  refreshOn: ['invoices'],
  export: invoiceExport,
  item: 'invoice',
});

/** The seller's issued invoices: search and payment status, newest first so a new one shows at the top. */
export const issuedInvoicesView = defineListView({
  filters: { search, paymentStatus },
  orderings: SCHEMA_ENUMS.InvoiceOrdering,
  defaultOrdering: '-issued_at',
  read: invoiceListLogic,
  fallback: INVOICES_LOAD_FALLBACK,
  refreshOn: ['invoices'],
  item: 'invoice',
});
