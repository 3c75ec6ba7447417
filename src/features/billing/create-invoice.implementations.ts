/** Create Invoice's calls: the orders that can be invoiced, the new invoice, and a payment. */
import { billedOf } from '@machines/invoice-draft/invoice-draft.logic';
import { invoiceDraftMachine } from '@machines/invoice-draft/invoice-draft.machine';
import { fieldErrorsOf } from '@machines/shared/message-of';
import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { assign, fromPromise, type MachineImplementationsFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { InvoiceCreateRequest, InvoicePaymentRequest, Order } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { list, submission } from '@/core/workflows';
import { draftProblems, dueDateProblem, todayIso } from './invoice-draft';

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

/** Create Invoice's rules (behaviour §5), read against today in the browser's zone. */
export const invoiceDraftRules = {
  actions: {
    checkDraft: assign(({ context }) => ({
      problems: draftProblems({ orderCount: billedOf(context).length, dueDate: context.dueDate, today: todayIso() }),
    })),
    checkDueDate: assign(({ context }) => {
      const { due_date: _shown, ...others } = context.problems;
      // A complete day is checked at once; a cleared field waits for Create invoice.
      const message = context.dueDate === null ? undefined : dueDateProblem(context.dueDate, todayIso());
      return { problems: message ? { ...others, due_date: message } : others };
    }),
  },
} satisfies MachineImplementationsFrom<typeof invoiceDraftMachine>;

/** The new invoice: orders of one client and one storefront; the server sets the issue date. */
export const invoiceDraftLogic = (api: ApiClient) =>
  invoiceDraftMachine.provide({
    actors: {
      // An order invoiced meanwhile (another tab) must leave the list, so it cannot be picked again.
      createInvoice: fromPromise(({ input, signal }) =>
        changing(
          ['orders', 'invoices'],
          unwrap(api.POST('/api/v1/invoices/', { body: input, signal })),
          (error) => fieldErrorsOf<InvoiceCreateRequest>(error).order_ids !== undefined,
        ),
      ),
    },
    ...invoiceDraftRules,
  });

/** Records the payment of an issued, unpaid invoice (`markInvoicePaid`). */
export const markPaidLogic = (api: ApiClient) =>
  submission(({ invoiceId, ...body }: InvoicePaymentRequest & { invoiceId: number }, signal) =>
    changing(
      ['invoices'],
      unwrap(api.POST('/api/v1/invoices/{invoiceId}/pay/', { params: { path: { invoiceId } }, body, signal })),
      // Refused, the invoice may have been paid meanwhile: the list shows it as it now is.
      () => true,
    ),
  );
