/**
 * Create Invoice's rules and words: the checks made before sending (the draft machine,
 * machines/invoice-draft, is given them), the default due date, and how orders and parties read.
 * Whom the seller can bill and from which storefront is the machine's (invoice-draft.logic.ts).
 */
import {
  type CalendarDate,
  getLocalTimeZone,
  parseAbsoluteToLocal,
  toCalendarDate,
  today,
} from '@internationalized/date';
import type { DraftProblems } from '@machines/invoice-draft/invoice-draft.types';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import type { Order } from '@/api/models';

export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const SORT_KEYS: Record<string, (order: Order) => number> = {
  created_at: (order) => Date.parse(order.created_at),
  completed_at: (order) => (order.completed_at ? Date.parse(order.completed_at) : 0),
  total: (order) => order.total,
};

/** The orders in the grid's ordering ("-total", "created_at"); an unknown one keeps them as they are. */
export function sortOrders(orders: readonly Order[], ordering: string | null): readonly Order[] {
  const desc = ordering?.startsWith('-') ?? false;
  const key = SORT_KEYS[ordering?.replace(/^-/, '') ?? ''];
  if (!key) return orders;
  const sign = desc ? -1 : 1;
  return [...orders].sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id));
}

/** The most ids the contract's `InvoiceCreateRequest.order_ids` takes (500). */
const MAX_INVOICE_ORDERS = FIELD_LIMITS.InvoiceCreateRequest.order_ids.maxItems;
/** How long a client has to pay unless the seller says otherwise (behaviour §2, Create Invoice). */
const DEFAULT_PAYMENT_DAYS = 30;

// behaviour §5, Create Invoice and Mark paid: the messages, word for word.
const NO_ORDERS_MESSAGE = 'Pick at least one order to invoice.';
const TOO_MANY_ORDERS_MESSAGE = `An invoice holds at most ${MAX_INVOICE_ORDERS} orders: pick fewer.`;
const DUE_DATE_REQUIRED_MESSAGE = 'Enter a due date.';
/** The server's own words for the same rule (`InvoiceCreateRequest.due_date`: today or later). */
const DUE_DATE_PAST_MESSAGE = 'The due date cannot be in the past.';

/** Today in the browser's time zone, as the date pickers and the due date rule read it. */
export const todayIso = (): string => today(getLocalTimeZone()).toString();

/** Today plus the usual payment term, as 'YYYY-MM-DD'. */
export const defaultDueDate = (from: CalendarDate = today(getLocalTimeZone())): string =>
  from.add({ days: DEFAULT_PAYMENT_DAYS }).toString();

export function dueDateProblem(dueDate: string | null, todayDay: string): string | undefined {
  if (dueDate === null) return DUE_DATE_REQUIRED_MESSAGE;
  return dueDate < todayDay ? DUE_DATE_PAST_MESSAGE : undefined;
}

/** Everything wrong with the draft, by the request field it concerns; empty when it can be sent. */
export function draftProblems(draft: { orderCount: number; dueDate: string | null; today: string }): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.orderCount === 0) problems.order_ids = NO_ORDERS_MESSAGE;
  if (draft.orderCount > MAX_INVOICE_ORDERS) problems.order_ids = TOO_MANY_ORDERS_MESSAGE;
  const due = dueDateProblem(draft.dueDate, draft.today);
  if (due) problems.due_date = due;
  return problems;
}

const PAYMENT_DATE_REQUIRED_MESSAGE = 'Enter the payment date.';
const PAYMENT_DATE_FUTURE_MESSAGE = 'The payment date cannot be in the future.';

/**
 * `InvoicePaymentRequest.payment_date`: not in the future and not before the day the invoice was
 * issued (`issuedDay`, 'YYYY-MM-DD'). The server says the same in its own words.
 */
export function paymentDateProblem(day: string | null, issuedDay: string, todayDay: string): string | undefined {
  if (day === null) return PAYMENT_DATE_REQUIRED_MESSAGE;
  if (day > todayDay) return PAYMENT_DATE_FUTURE_MESSAGE;
  if (day < issuedDay) return 'The payment date cannot be before the invoice was issued.';
  return undefined;
}

/** The browser-zone day of an ISO date-time ("2026-11-24T23:30:00Z" → "2026-11-25" in Berlin). */
export function localDayOf(iso: string): string {
  try {
    return toCalendarDate(parseAbsoluteToLocal(iso)).toString();
  } catch {
    // Not a date-time the contract sends: its leading day is the best reading there is.
    return iso.slice(0, 10);
  }
}
