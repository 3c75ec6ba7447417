/** Create Invoice's calls: the orders that can be invoiced, the new invoice, and a payment. */
import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import type { ApiClient } from '@/api/client';
import type { InvoiceCreateRequest, InvoicePaymentRequest, Order } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { list, submission } from '@/core/workflows';

export const INVOICEABLE_LOAD_FALLBACK = 'The orders to invoice could not be loaded.';
export const CREATE_INVOICE_FALLBACK = 'The invoice could not be created.';
export const MARK_PAID_FALLBACK = 'The payment could not be recorded.';

/** The contract's largest page (`Limit`). */
const PAGE_SIZE = PARAMETER_LIMITS.Limit.maximum;

/**
 * Every completed order of the seller's storefronts that is on no invoice yet, read page by page:
 * the contract has no list of clients, so the clients to pick from are grouped from these orders.
 * Answered as one page holding them all.
 */
export const invoiceableOrdersLogic = (api: ApiClient) =>
  list(async (_: Record<string, never>, signal) => {
    const results: Order[] = [];
    for (;;) {
      const page = await unwrap(
        api.GET('/api/v1/review-orders/', {
          params: {
            query: {
              status: 'completed',
              invoiced: false,
              ordering: '-created_at',
              limit: PAGE_SIZE,
              offset: results.length,
            },
          },
          signal,
        }),
      );
      results.push(...page.results);
      if (page.next === null || page.results.length === 0 || results.length >= page.count) {
        return { count: results.length, results };
      }
    }
  });

/** Issues an invoice for orders of one client and one storefront; the server sets the issue date. */
export const createInvoiceLogic = (api: ApiClient) =>
  submission((body: InvoiceCreateRequest, signal) => unwrap(api.POST('/api/v1/invoices/', { body, signal })));

/** Records the payment of an issued, unpaid invoice (`markInvoicePaid`). */
export const markPaidLogic = (api: ApiClient) =>
  submission(({ invoiceId, ...body }: InvoicePaymentRequest & { invoiceId: number }, signal) =>
    unwrap(api.POST('/api/v1/invoices/{invoiceId}/pay/', { params: { path: { invoiceId } }, body, signal })),
  );
