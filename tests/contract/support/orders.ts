/**
 * Cart, order and invoice steps shared by the files that need them, bound to one file's server
 * and demo accounts. Each test arranges its own data with these: fill a cart, place an order,
 * move it along, find it again.
 */
import type { Demo } from './demo';
import type { Api, Cart, CheckoutResult, InvoicePage, Offer, OfferPage, Order, OrderPage, Query } from './server';
import { cents, must, time } from './util';

/** Totals that add up; a line without a price (a withdrawn offer's draft) has no total either. */
export function expectConsistentCart(cart: Cart) {
  for (const item of cart.items) {
    if (item.price === null) expect(item.total, `line ${item.id}`).toBeNull();
    else expect(cents(must(item.total)), `line ${item.id}`).toBe(cents(item.price) * item.quantity);
  }
  expect(cart.total_positions).toBe(cart.items.length);
  expect(cart.total_items).toBe(cart.items.reduce((sum, item) => sum + item.quantity, 0));
  expect(cents(cart.total_price)).toBe(cart.items.reduce((sum, item) => sum + cents(item.total ?? '0.00'), 0));
}

export function expectConsistentOrder(order: Order) {
  for (const line of order.lines) expect(cents(line.total)).toBe(cents(line.unit_price) * line.quantity);
  expect(cents(order.total)).toBe(order.lines.reduce((sum, line) => sum + cents(line.total), 0));
  expect(order.item_count).toBe(order.lines.reduce((sum, line) => sum + line.quantity, 0));
}

export const lineFor = (cart: Cart, offerId: number) => cart.items.find((item) => item.offer_id === offerId);

export function orderSteps(api: Api, demo: Demo) {
  /** Orderable offers (published, started, ending in more than a day) by storefront id. */
  const orderable = new Map<number, Offer[]>();

  beforeAll(async () => {
    const token = await api.token('client');
    for (let offset = 0; ; offset += 100) {
      const page = await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
        token,
        query: { limit: 100, offset, ordering: 'end_date' },
      });
      for (const offer of page.results) {
        if (time(offer.start) > Date.now() || time(offer.end) < Date.now() + 86_400_000) continue;
        orderable.set(offer.seller_id, [...(orderable.get(offer.seller_id) ?? []), offer]);
      }
      if (!page.next) break;
    }
  });

  /** The n-th orderable offer of a storefront (as it was when the file started). */
  const offerOf = (storefrontId: number | undefined, n = 0) =>
    must(orderable.get(must(storefrontId, 'storefront'))?.[n], `orderable offer #${n} of storefront ${storefrontId}`);

  const readCart = (token = demo.client) => api.req<Cart>(200, 'GET', '/api/v1/cart/', { token });
  const add = (offerId: number, quantity: number, token = demo.client) =>
    api.req<Cart>(200, 'POST', '/api/v1/cart/add/', { token, json: { offer_id: offerId, quantity } });

  /** Removes every line of a cart, so a test starts from an empty one. */
  async function emptyCart(token = demo.client) {
    for (const item of (await readCart(token)).items) {
      await api.req<Cart>(200, 'DELETE', `/api/v1/cart/remove/${item.id}/`, { token });
    }
  }

  /** Puts the offers in the cart and checks out just those lines (one order per storefront). */
  async function checkout(token: string, lines: [Offer, number][], note?: string): Promise<Order[]> {
    let cart: Cart | undefined;
    for (const [offer, quantity] of lines) cart = await add(offer.id, quantity, token);
    const ids = lines.map(([offer]) => must(lineFor(must(cart), offer.id), `line of ${offer.id}`).id);
    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token,
      json: { cart_item_ids: ids, ...(note === undefined ? {} : { note }) },
    });
    return result.orders;
  }

  /** Places an order of the n-th orderable offer of one storefront and returns it. */
  async function placeOrder(token: string, storefrontId: number, n = 0, quantity = 2): Promise<Order> {
    return must((await checkout(token, [[offerOf(storefrontId, n), quantity]]))[0]);
  }

  /** An order as the given list shows it now. */
  async function findOrder(id: number, token: string, list: 'orders' | 'review-orders'): Promise<Order> {
    for (let offset = 0; ; offset += 100) {
      const page = await api.req<OrderPage>(200, 'GET', `/api/v1/${list}/`, {
        token,
        query: { limit: 100, offset, ordering: '-updated_at' },
      });
      const found = page.results.find((order) => order.id === id);
      if (found) return found;
      if (!page.next) throw new Error(`Order ${id} is not in /${list}/`);
    }
  }

  const orders = (query: Query = {}, token = demo.client) =>
    api.req<OrderPage>(200, 'GET', '/api/v1/orders/', { token, query });
  const review = (query: Query = {}, token = demo.seller) =>
    api.req<OrderPage>(200, 'GET', '/api/v1/review-orders/', { token, query });
  const invoices = (query: Query = {}, token = demo.client) =>
    api.req<InvoicePage>(200, 'GET', '/api/v1/invoices/', { token, query });

  const approve = (id: number, status: number, token = demo.seller) =>
    api.req<Order>(status, 'POST', `/api/v1/orders/${id}/approve/`, { token });
  const cancel = (id: number, status: number, token = demo.client, reason?: string) =>
    api.req<Order>(status, 'POST', `/api/v1/orders/${id}/cancel/`, {
      token,
      ...(reason === undefined ? {} : { json: { reason } }),
    });
  const counter = (id: number, status: number, lines: unknown[], token = demo.seller, note?: string) =>
    api.req<Order>(status, 'POST', `/api/v1/orders/${id}/counter/`, {
      token,
      json: { lines, ...(note === undefined ? {} : { note }) },
    });
  const respond = (id: number, status: number, accept: boolean, token = demo.client, note?: string) =>
    api.req<Order>(status, 'POST', `/api/v1/orders/${id}/counter/response/`, {
      token,
      json: { accept, ...(note === undefined ? {} : { note }) },
    });

  return {
    offerOf,
    readCart,
    add,
    emptyCart,
    checkout,
    placeOrder,
    findOrder,
    orders,
    review,
    invoices,
    approve,
    cancel,
    counter,
    respond,
  };
}
