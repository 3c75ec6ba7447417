/**
 * Whom the draft can bill and what it holds, from the seller's completed orders not invoiced yet.
 * The contract invoices orders "of one storefront and one client" (createInvoice), so the draft
 * picks a client, then one of that client's storefronts, and bills only that storefront's orders:
 * a mix the server would refuse cannot be picked.
 */
import { fieldErrorsOf } from '../shared/message-of';
import type { DraftProblems, InvoiceCreateRequest, InvoiceDraftContext, Order } from './invoice-draft.types';

type Party = Order['client'];

export interface StorefrontOrders {
  storefront: Party;
  orders: readonly Order[];
}

export interface InvoiceableClient {
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

type Choice = Pick<InvoiceDraftContext, 'orders' | 'client' | 'storefront'>;

/**
 * The chosen client and the storefront whose orders are offered (the chosen one, else the
 * client's first). A choice whose orders were all invoiced meanwhile (here or in another tab) is
 * no choice: null, or the first storefront.
 */
export function choiceOf(clients: readonly InvoiceableClient[], choice: Omit<Choice, 'orders'>) {
  const client = clients.find((entry) => entry.client.id === choice.client) ?? null;
  const shelf =
    client?.storefronts.find((entry) => entry.storefront.id === choice.storefront) ?? client?.storefronts[0] ?? null;
  return { client, shelf };
}

/** The picked orders that the invoice would bill: those of the offered storefront. */
export function pickedOrdersOf(shelf: StorefrontOrders | null, picked: readonly number[]): Order[] {
  if (!shelf) return [];
  const ids = new Set(picked);
  return shelf.orders.filter((order) => ids.has(order.id));
}

/** The same, from the machine's context. */
export const billedOf = (context: Choice & { picked: readonly number[] }) =>
  pickedOrdersOf(choiceOf(invoiceableClients(context.orders), context).shelf, context.picked);

/** The sum of the orders' totals in cents (money is computed in integer cents, behaviour §1). */
export const totalCentsOf = (orders: readonly Order[]) => orders.reduce((sum, order) => sum + order.total, 0);

/** The request for the draft; the rules have passed it, so it has a due date. */
export function requestOf(context: InvoiceDraftContext): InvoiceCreateRequest {
  if (context.dueDate === null) throw new Error('A draft without a due date was sent');
  return { order_ids: billedOf(context).map((order) => order.id), due_date: context.dueDate };
}

/** The server's field messages for the draft's own fields (behaviour §5, server field errors). */
export function serverProblemsOf(error: unknown): DraftProblems {
  const fields = fieldErrorsOf<InvoiceCreateRequest>(error);
  const problems: DraftProblems = {};
  if (fields.order_ids) problems.order_ids = fields.order_ids;
  if (fields.due_date) problems.due_date = fields.due_date;
  return problems;
}

/** The problems without the one about the orders (a new pick or choice answers it). */
export function withoutOrderProblem({ due_date }: DraftProblems): DraftProblems {
  return due_date ? { due_date } : {};
}
