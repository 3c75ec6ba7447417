/**
 * Create Invoice's rules, from the seller's completed orders not yet invoiced: whom they can bill,
 * from which storefront, what the picked orders come to, and the checks made before sending. The
 * contract invoices orders "of one storefront and one client" (createInvoice), so the page picks a
 * client, then one of that client's storefronts, and offers only that storefront's orders: a mix
 * the server would refuse cannot be picked.
 */
import {
  type CalendarDate,
  getLocalTimeZone,
  parseAbsoluteToLocal,
  toCalendarDate,
  today,
} from '@internationalized/date';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import type { Order } from '@/api/models';

type Party = Order['client'];

interface StorefrontOrders {
  storefront: Party;
  orders: readonly Order[];
}

interface InvoiceableClient {
  client: Party;
  /** By storefront name; each holds at least one order. */
  storefronts: readonly StorefrontOrders[];
  /** The client's orders to invoice, every storefront together. */
  count: number;
}

const byName = (a: Party, b: Party) => a.name.localeCompare(b.name) || a.id - b.id;

/** The orders grouped by client (by name), then by storefront (by name), keeping their order. */
export function invoiceableClients(orders: readonly Order[]): InvoiceableClient[] {
  const clients = new Map<
    number,
    { client: Party; storefronts: Map<number, { storefront: Party; orders: Order[] }> }
  >();
  for (const order of orders) {
    const entry = clients.get(order.client.id) ?? { client: order.client, storefronts: new Map() };
    const shelf = entry.storefronts.get(order.seller.id) ?? { storefront: order.seller, orders: [] };
    shelf.orders.push(order);
    entry.storefronts.set(order.seller.id, shelf);
    clients.set(order.client.id, entry);
  }
  return [...clients.values()]
    .map(({ client, storefronts }) => {
      const shelves = [...storefronts.values()].sort((a, b) => byName(a.storefront, b.storefront));
      return { client, storefronts: shelves, count: shelves.reduce((sum, shelf) => sum + shelf.orders.length, 0) };
    })
    .sort((a, b) => byName(a.client, b.client));
}

/** "Ada Client (Pixel Retail GmbH)", or the name alone. */
export const partyName = (party: Party) => (party.company ? `${party.name} (${party.company})` : party.name);

export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The sum of the orders' totals in cents (money is computed in integer cents, behaviour §1). */
export const totalCentsOf = (orders: readonly Order[]) => orders.reduce((sum, order) => sum + order.total, 0);

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

type DraftField = 'order_ids' | 'due_date';
export type DraftProblems = Partial<Record<DraftField, string>>;

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
