import {
  type Cart,
  type CheckoutResult,
  invalidJsonProblems,
  type Offer,
  type OfferBatchResult,
  type OfferPage,
  type Options,
  type Order,
  type OrderPage,
  type Query,
  serverPerFile,
} from './support/server';
import {
  byMoney,
  byTime,
  cents,
  day,
  expectSorted,
  money,
  must,
  OPERATION_OWNERS,
  searchParam,
  time,
} from './support/util';

const api = serverPerFile();
const LONG = 'x'.repeat(100_000);

let client = '';
let client2 = '';
let seller = '';
let seller2 = '';
let clientId = 0;
let options: Options;
let ownIds: number[] = [];
let ownIds2: number[] = [];
/** Orderable offers (published, started, not ended) by storefront id. */
const orderable = new Map<number, Offer[]>();

beforeAll(async () => {
  [client, client2, seller, seller2] = await Promise.all([
    api.token('client'),
    api.token('client2'),
    api.token('seller'),
    api.token('seller2'),
  ]);
  clientId = await api.userId('client');
  options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: seller });
  [ownIds, ownIds2] = await Promise.all([api.ownStorefronts('seller'), api.ownStorefronts('seller2')]);
  for (let offset = 0; ; offset += 100) {
    const page = await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
      token: client,
      query: { limit: 100, offset, ordering: 'end_date' },
    });
    for (const offer of page.results) {
      if (time(offer.start) > Date.now() || time(offer.end) < Date.now() + 86_400_000) continue;
      orderable.set(offer.seller_id, [...(orderable.get(offer.seller_id) ?? []), offer]);
    }
    if (!page.next) break;
  }
});

/** The n-th orderable offer of a storefront. */
const offerOf = (storefrontId: number | undefined, n = 0) =>
  must(orderable.get(must(storefrontId, 'storefront'))?.[n], `orderable offer #${n} of storefront ${storefrontId}`);

const readCart = (token = client) => api.req<Cart>(200, 'GET', '/api/v1/cart/', { token });
const add = (offerId: number, quantity: number, token = client) =>
  api.req<Cart>(200, 'POST', '/api/v1/cart/add/', { token, json: { offer_id: offerId, quantity } });
const lineFor = (cart: Cart, offerId: number) => cart.items.find((item) => item.offer_id === offerId);

function expectConsistentCart(cart: Cart) {
  for (const item of cart.items) {
    expect(cents(item.total), `line ${item.id}`).toBe(cents(item.price) * item.quantity);
  }
  expect(cart.total_positions).toBe(cart.items.length);
  expect(cart.total_items).toBe(cart.items.reduce((sum, item) => sum + item.quantity, 0));
  expect(cents(cart.total_price)).toBe(cart.items.reduce((sum, item) => sum + cents(item.total), 0));
}

function expectConsistentOrder(order: Order) {
  for (const line of order.lines) expect(cents(line.total)).toBe(cents(line.unit_price) * line.quantity);
  expect(cents(order.total)).toBe(order.lines.reduce((sum, line) => sum + cents(line.total), 0));
  expect(order.item_count).toBe(order.lines.reduce((sum, line) => sum + line.quantity, 0));
}

/** An order as the given list shows it now (there is no single-order read in the contract). */
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

const orders = (query: Query = {}, token = client) =>
  api.req<OrderPage>(200, 'GET', '/api/v1/orders/', { token, query });
const review = (query: Query = {}, token = seller) =>
  api.req<OrderPage>(200, 'GET', '/api/v1/review-orders/', { token, query });

const approve = (id: number, status: number, token = seller) =>
  api.req<Order>(status, 'POST', `/api/v1/orders/${id}/approve/`, { token });
const cancel = (id: number, status: number, token = client, reason?: string) =>
  api.req<Order>(status, 'POST', `/api/v1/orders/${id}/cancel/`, {
    token,
    ...(reason === undefined ? {} : { json: { reason } }),
  });
const counter = (id: number, status: number, lines: unknown[], token = seller, note?: string) =>
  api.req<Order>(status, 'POST', `/api/v1/orders/${id}/counter/`, {
    token,
    json: { lines, ...(note === undefined ? {} : { note }) },
  });
const respond = (id: number, status: number, accept: boolean, token = client, note?: string) =>
  api.req<Order>(status, 'POST', `/api/v1/orders/${id}/counter/response/`, {
    token,
    json: { accept, ...(note === undefined ? {} : { note }) },
  });

describe('cart', () => {
  it('reads the caller’s cart with consistent totals', async () => {
    const cart = await readCart();
    expect(cart.items.length).toBeGreaterThan(0);
    expectConsistentCart(cart);
    const other = await readCart(client2);
    expect(other.items.filter((item) => cart.items.some((mine) => mine.id === item.id))).toEqual([]);
  });

  it('removes lines until the cart is empty', async () => {
    let cart = await readCart();
    for (const item of cart.items) {
      const after = await api.req<Cart>(200, 'DELETE', `/api/v1/cart/remove/${item.id}/`, { token: client });
      expect(after.items.some((line) => line.id === item.id)).toBe(false);
      expectConsistentCart(after);
      cart = after;
    }
    expect(cart).toEqual({ items: [], total_items: 0, total_positions: 0, total_price: '0.00' });
    expect(await readCart()).toEqual(cart);
  });

  it('adds an offer, and adding it again increases the quantity of the same line', async () => {
    const offer = offerOf(ownIds[0]);
    const first = await add(offer.id, 2);
    const line = must(lineFor(first, offer.id));
    expect(line).toMatchObject({
      offer_id: offer.id,
      name: offer.product,
      image: offer.image,
      hot: offer.is_hot,
      publisher: offer.publisher,
      seller: offer.seller,
      price: offer.unit_price,
      quantity: 2,
      total: money(cents(offer.unit_price) * 2),
      available: true,
    });
    expect([offer.region, offer.region_code]).toContain(line.region);
    const second = await add(offer.id, 3);
    expect(second.items).toHaveLength(1);
    expect(must(lineFor(second, offer.id))).toMatchObject({ id: line.id, quantity: 5 });
    expect(second.total_items).toBe(5);
    expect(second.total_positions).toBe(1);
    const other = offerOf(ownIds2[0]);
    const third = await add(other.id, 1);
    expect(third.total_positions).toBe(2);
    expect(third.total_items).toBe(6);
    expectConsistentCart(third);
    expect(await readCart()).toEqual(third);
  });

  it('sets a line’s quantity', async () => {
    const offer = offerOf(ownIds[0]);
    const line = must(lineFor(await readCart(), offer.id));
    const cart = await api.req<Cart>(200, 'PATCH', `/api/v1/cart/update/${line.id}/`, {
      token: client,
      json: { quantity: 7 },
    });
    expect(must(lineFor(cart, offer.id))).toMatchObject({
      id: line.id,
      quantity: 7,
      total: money(cents(line.price) * 7),
    });
    expectConsistentCart(cart);
    expect(await readCart()).toEqual(cart);
  });

  it('refuses bad quantities and bodies with 400, leaving the line as it was', async () => {
    const before = await readCart();
    const line = must(before.items[0]);
    const cases: [unknown, string][] = [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: '3' }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ quantity: 100_001 }, 'quantity'],
      [{ quantity: LONG }, 'quantity'],
      [{}, 'quantity'],
      [{ quantity: 2, price: '0.01' }, 'price'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'PATCH', `/api/v1/cart/update/${line.id}/`, { token: client, json });
      expect(body[field], JSON.stringify(json).slice(0, 60)).toEqual([expect.any(String)]);
    }
    expect(await readCart()).toEqual(before);
  });

  it('answers 404 for unknown or malformed line ids', async () => {
    await api.req(404, 'PATCH', '/api/v1/cart/update/999999999/', { token: client, json: { quantity: 1 } });
    await api.req(404, 'DELETE', '/api/v1/cart/remove/999999999/', { token: client });
    await api.req(404, 'DELETE', '/api/v1/cart/remove/abc/', { token: client });
    const malformed = await api.call('PATCH', '/api/v1/cart/update/abc/', { token: client, json: { quantity: 1 } });
    expect([400, 404]).toContain(malformed.status);
  });

  it('refuses to add unknown or unpublished offers and bad quantities', async () => {
    const before = await readCart();
    const unpublished = must(
      (
        await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
          token: seller,
          query: { publishType: 'unpublished' },
        })
      ).results[0],
    );
    const offer = offerOf(ownIds[1] ?? ownIds[0], 1);
    const cases: [unknown, string][] = [
      [{ offer_id: 999_999_999, quantity: 1 }, 'offer_id'],
      [{ offer_id: unpublished.id, quantity: 1 }, 'offer_id'],
      [{ offer_id: offer.id, quantity: 0 }, 'quantity'],
      [{ offer_id: offer.id, quantity: -5 }, 'quantity'],
      [{ offer_id: offer.id, quantity: 100_001 }, 'quantity'],
      [{ offer_id: offer.id }, 'quantity'],
      [{ quantity: 1 }, 'offer_id'],
      [{ offer_id: 'abc', quantity: 1 }, 'offer_id'],
      [{ offer_id: offer.id, quantity: 1, price: '0.01' }, 'price'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/cart/add/', { token: client, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    expect(await readCart()).toEqual(before);
  });
});

describe('checkoutCart', () => {
  let placed: Order[] = [];
  let keptItemId = 0;

  it('creates one order per storefront and removes only the checked-out lines', async () => {
    const [storeA, storeB] = [must(ownIds[0]), must(ownIds2[0])];
    const a1 = offerOf(storeA);
    const a2 = offerOf(storeA, 2);
    const b1 = offerOf(storeB);
    const kept = offerOf(ownIds[1] ?? storeA, 3);
    await add(a2.id, 2);
    const cart = await add(kept.id, 4);
    const ids = [a1.id, a2.id, b1.id].map((offerId) => must(lineFor(cart, offerId), `line of ${offerId}`).id);
    keptItemId = must(lineFor(cart, kept.id)).id;
    const before = (await orders({ limit: 1 })).count;

    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token: client,
      json: { cart_item_ids: ids, note: 'Please deliver before Friday.' },
    });
    expect(result.orders).toHaveLength(2);
    const forA = must(result.orders.find((o) => o.seller.id === storeA));
    const forB = must(result.orders.find((o) => o.seller.id === storeB));
    for (const order of [forA, forB]) {
      expect(order).toMatchObject({
        status: 'in_progress',
        negotiation: 'none',
        client_note: 'Please deliver before Friday.',
        completed_at: null,
        cancelled_at: null,
        invoice_id: null,
      });
      expect(order.client.id).toBe(clientId);
      expect(Math.abs(time(order.created_at) - Date.now())).toBeLessThan(60_000);
      expect(order.history.map((event) => event.type)).toEqual(['placed']);
      expectConsistentOrder(order);
      for (const line of order.lines) {
        expect(line.unit_price).toBe(line.list_unit_price);
        expect(line.counter_quantity).toBeNull();
        expect(line.counter_unit_price).toBeNull();
      }
    }
    const lineA1 = must(forA.lines.find((l) => l.offer_id === a1.id));
    expect(lineA1).toMatchObject({
      product: a1.product,
      publisher: a1.publisher,
      quantity: 7,
      unit_price: a1.unit_price,
    });
    expect(must(forA.lines.find((l) => l.offer_id === a2.id)).quantity).toBe(2);
    expect(forA.lines).toHaveLength(2);
    expect(forB.lines).toHaveLength(1);
    expect(must(forB.lines[0])).toMatchObject({ offer_id: b1.id, quantity: 1, unit_price: b1.unit_price });
    expect(forA.item_count).toBe(9);

    const after = await readCart();
    expect(after.items.map((item) => item.id)).toEqual([keptItemId]);
    expect((await orders({ limit: 1 })).count).toBe(before + 2);
    const newest = await orders({ limit: 2 });
    expect(newest.results.map((o) => o.id).sort()).toEqual([forA.id, forB.id].sort());
    expect(await findOrder(forA.id, seller, 'review-orders')).toEqual(forA);
    expect(await findOrder(forB.id, seller2, 'review-orders')).toEqual(forB);
    await expect(findOrder(forB.id, seller, 'review-orders')).rejects.toThrow(/is not in/);
    placed = [forA, forB];
  });

  it('refuses lines that are not the caller’s or unknown, and bad bodies, writing nothing', async () => {
    const theirs = await add(offerOf(ownIds[0], 4).id, 1, client2);
    const theirItem = must(theirs.items[0]).id;
    const before = (await orders({ limit: 1 })).count;
    const cases: [unknown, string][] = [
      [{ cart_item_ids: [] }, 'cart_item_ids'],
      [{}, 'cart_item_ids'],
      [{ cart_item_ids: ['x'] }, 'cart_item_ids.0'],
      [{ cart_item_ids: [keptItemId], note: LONG }, 'note'],
      [{ cart_item_ids: [keptItemId], extra: true }, 'extra'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: client, json });
      expect(body[field], JSON.stringify(json).slice(0, 60)).toEqual([expect.any(String)]);
    }
    await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: client, json: { cart_item_ids: [999_999_999] } });
    await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: client, json: { cart_item_ids: [theirItem] } });
    await api.req(400, 'POST', '/api/v1/cart/checkout/', {
      token: client,
      json: { cart_item_ids: [keptItemId, theirItem] },
    });
    expect((await orders({ limit: 1 })).count).toBe(before);
    expect((await readCart()).items.map((item) => item.id)).toEqual([keptItemId]);
    expect((await readCart(client2)).items.map((item) => item.id)).toContain(theirItem);
  });

  it('marks lines of withdrawn offers unavailable and refuses to check them out', async () => {
    const offer = offerOf(ownIds[0], 5);
    const cart = await add(offer.id, 1);
    const itemId = must(lineFor(cart, offer.id)).id;
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: seller,
      json: { offer_ids: [offer.id], publish: false },
    });
    try {
      const withdrawn = await readCart();
      expect(must(lineFor(withdrawn, offer.id)).available).toBe(false);
      expect(must(withdrawn.items.find((item) => item.id === keptItemId)).available).toBe(true);
      const before = (await orders({ limit: 1 })).count;
      await api.req(400, 'POST', '/api/v1/cart/checkout/', {
        token: client,
        json: { cart_item_ids: [itemId, keptItemId] },
      });
      expect((await orders({ limit: 1 })).count).toBe(before);
      expect((await readCart()).items.map((item) => item.id).sort()).toEqual([itemId, keptItemId].sort());
    } finally {
      await api.req(200, 'POST', '/api/v1/manage-offers/publish/', { token: seller, json: { offer_ids: [offer.id] } });
    }
    expect(must(lineFor(await readCart(), offer.id)).available).toBe(true);
    await api.req(200, 'DELETE', `/api/v1/cart/remove/${itemId}/`, { token: client });
  });

  it('marks lines of ended offers unavailable and refuses to check them out', async () => {
    const offer = offerOf(ownIds[0], 9);
    const cart = await add(offer.id, 2);
    const itemId = must(lineFor(cart, offer.id)).id;
    const DAY = 86_400_000;
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: {
        offers: [
          {
            id: offer.id,
            start: new Date(Date.now() - 10 * DAY).toISOString(),
            end: new Date(Date.now() - DAY).toISOString(),
          },
        ],
      },
    });
    try {
      expect(must(lineFor(await readCart(), offer.id)).available).toBe(false);
      expect(
        (
          await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
            token: client,
            query: { search: offer.product, limit: 100 },
          })
        ).results.map((o) => o.id),
      ).not.toContain(offer.id);
      await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: client, json: { cart_item_ids: [itemId] } });
      const asked = money(Math.max(1, cents(offer.unit_price) - 10));
      await api.req(400, 'POST', '/api/v1/orders/request-special-price/', {
        token: client,
        json: { offer_id: offer.id, quantity: 5, unit_price: asked },
      });
      expect(must(lineFor(await readCart(), offer.id)).quantity).toBe(2);
    } finally {
      await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
        token: seller,
        json: { offers: [{ id: offer.id, start: offer.start, end: offer.end }] },
      });
    }
    expect(must(lineFor(await readCart(), offer.id)).available).toBe(true);
    await api.req(200, 'DELETE', `/api/v1/cart/remove/${itemId}/`, { token: client });
  });

  it('removes the remaining line; removing it again is 404', async () => {
    const cart = await api.req<Cart>(200, 'DELETE', `/api/v1/cart/remove/${keptItemId}/`, { token: client });
    expect(cart.items).toEqual([]);
    await api.req(404, 'DELETE', `/api/v1/cart/remove/${keptItemId}/`, { token: client });
    await api.req(404, 'PATCH', `/api/v1/cart/update/${keptItemId}/`, { token: client, json: { quantity: 1 } });
  });

  describe('negotiation on a checked-out order', () => {
    it('rejects a counter response while no counter is proposed', async () => {
      const order = must(placed[0]);
      await respond(order.id, 409, true);
    });

    it('counter, decline (prices kept), counter again, accept (prices taken), counter again, approve', async () => {
      const order = must(placed[0]);
      const [first, second] = order.lines as [Order['lines'][number], Order['lines'][number]];
      const lowered = money(Math.max(1, cents(first.unit_price) - 100));
      const proposed = await counter(
        order.id,
        200,
        [{ line_id: first.id, unit_price: lowered }],
        seller,
        'Volume price',
      );
      expect(proposed.negotiation).toBe('counter_proposed');
      expect(proposed.counter_note).toBe('Volume price');
      const counteredLine = must(proposed.lines.find((l) => l.id === first.id));
      expect(counteredLine).toMatchObject({
        counter_unit_price: lowered,
        unit_price: first.unit_price,
        quantity: first.quantity,
      });
      expect(proposed.total).toBe(order.total);
      expect(proposed.history.map((e) => e.type)).toEqual(['placed', 'counter_proposed']);

      const declined = await respond(order.id, 200, false, client, 'Too little');
      expect(declined.negotiation).toBe('counter_declined');
      expect(declined.status).toBe('in_progress');
      expect(must(declined.lines.find((l) => l.id === first.id)).unit_price).toBe(first.unit_price);
      expect(declined.total).toBe(order.total);
      expect(must(declined.history.at(-1))).toMatchObject({ type: 'counter_declined', note: 'Too little' });

      const lowered2 = money(Math.max(1, cents(second.unit_price) - 50));
      const again = await counter(order.id, 200, [
        { line_id: second.id, quantity: second.quantity + 3, unit_price: lowered2 },
      ]);
      expect(again.negotiation).toBe('counter_proposed');
      const accepted = await respond(order.id, 200, true);
      expect(accepted.negotiation).toBe('counter_accepted');
      const takenLine = must(accepted.lines.find((l) => l.id === second.id));
      expect(takenLine).toMatchObject({
        quantity: second.quantity + 3,
        unit_price: lowered2,
        list_unit_price: second.list_unit_price,
      });
      expect(takenLine.total).toBe(money(cents(lowered2) * (second.quantity + 3)));
      expect(must(accepted.lines.find((l) => l.id === first.id)).unit_price).toBe(first.unit_price);
      expectConsistentOrder(accepted);
      expect(accepted.total).not.toBe(order.total);

      const third = await counter(order.id, 200, [{ line_id: first.id, quantity: first.quantity + 1 }]);
      expect(third.negotiation).toBe('counter_proposed');
      await approve(order.id, 409);
      await counter(order.id, 409, [{ line_id: first.id, quantity: 1 }]);
      const declinedAgain = await respond(order.id, 200, false);
      expect(declinedAgain.negotiation).toBe('counter_declined');
      // Declining keeps the lines as they were after the accepted counter.
      const priced = (lines: Order['lines']) =>
        lines.map((l) => ({ id: l.id, quantity: l.quantity, unit_price: l.unit_price, total: l.total }));
      expect(priced(declinedAgain.lines)).toEqual(priced(accepted.lines));
      expect(declinedAgain.total).toBe(accepted.total);

      const approved = await approve(order.id, 200);
      expect(approved.status).toBe('completed');
      expect(approved.completed_at).not.toBeNull();
      expect(approved.cancelled_at).toBeNull();
      expect(must(approved.history.at(-1)).type).toBe('approved');
      expect(approved.total).toBe(accepted.total);
      expect(await findOrder(order.id, client, 'orders')).toEqual(approved);
    });

    it('allows nothing more on a completed order', async () => {
      const order = must(placed[0]);
      await approve(order.id, 409);
      await cancel(order.id, 409);
      await cancel(order.id, 409, seller);
      await counter(order.id, 409, [{ line_id: must(order.lines[0]).id, quantity: 1 }]);
      await respond(order.id, 409, true);
      expect((await findOrder(order.id, client, 'orders')).status).toBe('completed');
    });

    it('lets the client cancel with a reason; nothing more is allowed afterwards', async () => {
      const order = must(placed[1]);
      const cancelled = await cancel(order.id, 200, client, 'Ordered by mistake.');
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.cancelled_at).not.toBeNull();
      expect(cancelled.completed_at).toBeNull();
      expect(must(cancelled.history.at(-1))).toMatchObject({ type: 'cancelled', note: 'Ordered by mistake.' });
      await cancel(order.id, 409);
      await cancel(order.id, 409, seller2);
      await approve(order.id, 409, seller2);
      await counter(order.id, 409, [{ line_id: must(order.lines[0]).id, quantity: 2 }], seller2);
      await respond(order.id, 409, false);
    });
  });
});

describe('requestSpecialPrice', () => {
  it('creates an order awaiting the seller, who counters; the accepted counter sets the prices', async () => {
    const offer = offerOf(ownIds[0], 6);
    const asked = money(Math.max(1, Math.floor(cents(offer.unit_price) * 0.8)));
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: client,
      json: { offer_id: offer.id, quantity: 100, unit_price: asked, note: 'Monthly volume' },
    });
    expect(order).toMatchObject({
      status: 'in_progress',
      negotiation: 'special_price_requested',
      client_note: 'Monthly volume',
      invoice_id: null,
    });
    expect(order.seller.id).toBe(offer.seller_id);
    expect(order.client.id).toBe(clientId);
    expect(order.lines).toHaveLength(1);
    const line = must(order.lines[0]);
    expect(line).toMatchObject({ offer_id: offer.id, quantity: 100, list_unit_price: offer.unit_price });
    expect(must(order.history.at(-1)).type).toBe('special_price_requested');
    expectConsistentOrder(order);
    expect(await findOrder(order.id, seller, 'review-orders')).toEqual(order);
    expect((await orders({ counterOffer: 'only', limit: 100 })).results.map((o) => o.id)).toContain(order.id);

    await counter(order.id, 403, [{ line_id: line.id, unit_price: asked }], client);
    await approve(order.id, 403, client);
    await counter(order.id, 404, [{ line_id: line.id, unit_price: asked }], seller2);
    await approve(order.id, 404, seller2);
    await cancel(order.id, 404, seller2);
    await respond(order.id, 409, true);

    const price = money(Math.floor((cents(asked) + cents(offer.unit_price)) / 2));
    const proposed = await counter(
      order.id,
      200,
      [{ line_id: line.id, unit_price: price, quantity: 120 }],
      seller,
      'Meet halfway',
    );
    expect(proposed).toMatchObject({ negotiation: 'counter_proposed', counter_note: 'Meet halfway' });
    expect(must(proposed.lines[0])).toMatchObject({ counter_unit_price: price, counter_quantity: 120, quantity: 100 });
    await respond(order.id, 404, true, client2);
    await respond(order.id, 404, true, seller);
    const accepted = await respond(order.id, 200, true);
    expect(accepted.negotiation).toBe('counter_accepted');
    expect(must(accepted.lines[0])).toMatchObject({
      unit_price: price,
      quantity: 120,
      total: money(cents(price) * 120),
    });
    expect(accepted.total).toBe(money(cents(price) * 120));
    expect(accepted.item_count).toBe(120);
    await respond(order.id, 409, true);
    const approved = await approve(order.id, 200);
    expect(approved).toMatchObject({ status: 'completed', negotiation: 'counter_accepted', total: accepted.total });
  });

  it('lets the seller cancel, and approve without any negotiation', async () => {
    const offer = offerOf(ownIds[0], 7);
    const asked = money(cents(offer.unit_price) - 1);
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: client,
      json: { offer_id: offer.id, quantity: 10, unit_price: asked },
    });
    const cancelled = await cancel(order.id, 200, seller, 'Price not possible.');
    expect(cancelled.status).toBe('cancelled');
    expect(must(cancelled.history.at(-1))).toMatchObject({ type: 'cancelled', note: 'Price not possible.' });

    const plain = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: client,
      json: { offer_id: offer.id, quantity: 10, unit_price: asked },
    });
    const approved = await approve(plain.id, 200);
    expect(approved).toMatchObject({ status: 'completed', negotiation: 'special_price_requested' });
    // Cancel without a body works too.
    const third = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: client,
      json: { offer_id: offer.id, quantity: 1, unit_price: asked },
    });
    expect((await cancel(third.id, 200)).status).toBe('cancelled');
  });

  it('validates the request', async () => {
    const offer = offerOf(ownIds[0], 6);
    const unpublished = must(
      (
        await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
          token: seller,
          query: { publishType: 'unpublished' },
        })
      ).results[0],
    );
    const before = (await orders({ limit: 1 })).count;
    const ok = { offer_id: offer.id, quantity: 10, unit_price: '1.00' };
    const cases: [unknown, string][] = [
      [{ ...ok, unit_price: offer.unit_price }, 'unit_price'],
      [{ ...ok, unit_price: money(cents(offer.unit_price) + 100) }, 'unit_price'],
      [{ ...ok, unit_price: '5' }, 'unit_price'],
      [{ ...ok, unit_price: '-1.00' }, 'unit_price'],
      [{ ...ok, quantity: 0 }, 'quantity'],
      [{ ...ok, quantity: -3 }, 'quantity'],
      [{ ...ok, quantity: 'many' }, 'quantity'],
      [{ ...ok, offer_id: 999_999_999 }, 'offer_id'],
      [{ ...ok, offer_id: unpublished.id }, 'offer_id'],
      [{ ...ok, note: LONG }, 'note'],
      [{ offer_id: offer.id, quantity: 10 }, 'unit_price'],
      [{ ...ok, status: 'completed' }, 'status'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/orders/request-special-price/', { token: client, json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    expect((await orders({ limit: 1 })).count).toBe(before);
  });
});

describe('moves the negotiation table does not allow (seeded orders)', () => {
  it('answers 409 and leaves the order unchanged', async () => {
    const seeded = await review({ limit: 100, status: 'in_progress' });
    const completed = must((await review({ limit: 1, status: 'completed' })).results[0]);
    const cancelled = must((await review({ limit: 1, status: 'cancelled' })).results[0]);
    const inState = (state: Order['negotiation']) =>
      must(
        seeded.results.find((o) => o.negotiation === state && o.client.id === clientId),
        `seeded in-progress order of the client with negotiation ${state}`,
      );
    const line = (order: Order) => [{ line_id: must(order.lines[0]).id, quantity: 1 }];
    const checks: [Order, () => Promise<Order>][] = [];
    for (const state of ['none', 'special_price_requested', 'counter_accepted', 'counter_declined'] as const) {
      const order = inState(state);
      checks.push([order, () => respond(order.id, 409, true)]);
      checks.push([order, () => respond(order.id, 409, false)]);
    }
    const proposed = inState('counter_proposed');
    checks.push([proposed, () => counter(proposed.id, 409, line(proposed))]);
    checks.push([proposed, () => approve(proposed.id, 409)]);
    for (const order of [completed, cancelled]) {
      const owner = order.client.id === clientId ? client : client2;
      checks.push([order, () => approve(order.id, 409)]);
      checks.push([order, () => cancel(order.id, 409, seller)]);
      checks.push([order, () => cancel(order.id, 409, owner)]);
      checks.push([order, () => counter(order.id, 409, line(order))]);
      checks.push([order, () => respond(order.id, 409, true, owner)]);
    }
    for (const [order, move] of checks) {
      const body = (await move()) as unknown as { detail: string };
      expect(body.detail.length).toBeGreaterThan(0);
      expect(await findOrder(order.id, seller, 'review-orders')).toEqual(order);
    }
  });

  it('validates counter and counter response bodies (400 before anything changes)', async () => {
    const seeded = await review({ limit: 100, status: 'in_progress' });
    const open = must(seeded.results.find((o) => o.negotiation === 'special_price_requested'));
    const proposed = must(seeded.results.find((o) => o.negotiation === 'counter_proposed' && o.client.id === clientId));
    const foreignLine = must(proposed.lines[0]).id;
    const lineId = must(open.lines[0]).id;
    const cases: [unknown, string][] = [
      [{ lines: [] }, 'lines'],
      [{}, 'lines'],
      [{ lines: [{ line_id: lineId }] }, 'lines.0'],
      [{ lines: [{ line_id: lineId, unit_price: '1' }] }, 'lines.0.unit_price'],
      [{ lines: [{ line_id: lineId, unit_price: '-1.00' }] }, 'lines.0.unit_price'],
      [{ lines: [{ line_id: lineId, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ line_id: 'first', quantity: 2 }] }, 'lines.0.line_id'],
      [{ lines: [{ line_id: foreignLine, quantity: 2 }] }, 'lines.0.line_id'],
      [{ lines: [{ line_id: 999_999_999, quantity: 2 }] }, 'lines.0.line_id'],
      [{ lines: [{ line_id: lineId, quantity: 2 }], note: LONG }, 'note'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', `/api/v1/orders/${open.id}/counter/`, { token: seller, json });
      const keys = Object.keys(body);
      expect(
        keys.some((key) => key === field || key.startsWith(`${field}.`)),
        `${JSON.stringify(json).slice(0, 100)} → ${JSON.stringify(body)}`,
      ).toBe(true);
    }
    expect(await findOrder(open.id, seller, 'review-orders')).toEqual(open);
    const clientToken = proposed.client.id === clientId ? client : client2;
    for (const json of [{}, { accept: 'yes' }, { accept: true, note: LONG }, { accept: true, extra: 1 }]) {
      await api.req(400, 'POST', `/api/v1/orders/${proposed.id}/counter/response/`, { token: clientToken, json });
    }
    const cancelBody = await api.req(400, 'POST', `/api/v1/orders/${open.id}/cancel/`, {
      token: seller,
      json: { reason: LONG },
    });
    expect(cancelBody.reason).toEqual([expect.any(String)]);
    expect(await findOrder(proposed.id, seller, 'review-orders')).toEqual(proposed);
  });

  it('answers 404 for unknown or malformed order ids', async () => {
    await approve(999_999_999, 404);
    await cancel(999_999_999, 404);
    await respond(999_999_999, 404, true);
    for (const id of ['abc', '0', '1.5']) {
      // approve documents no 400, so a malformed id can only be "not found".
      await api.req(404, 'POST', `/api/v1/orders/${id}/approve/`, { token: seller });
      for (const url of [`/api/v1/orders/${id}/cancel/`, `/api/v1/orders/${id}/counter/response/`]) {
        const res = await api.call('POST', url, {
          token: client,
          json: url.endsWith('response/') ? { accept: true } : {},
        });
        expect([400, 404], `${url}: ${res.status}`).toContain(res.status);
      }
    }
    const counterRes = await api.call('POST', '/api/v1/orders/abc/counter/', {
      token: seller,
      json: { lines: [{ line_id: 1, quantity: 1 }] },
    });
    expect([400, 404]).toContain(counterRes.status);
    await counter(999_999_999, 404, [{ line_id: 1, quantity: 1 }]);
  });
});

describe('listOrders', () => {
  it('lists only the caller’s orders, newest first, all statuses without a filter', async () => {
    const all = await orders({ limit: 100 });
    expect(all.count).toBeGreaterThan(10);
    expect(all.results.every((o) => o.client.id === clientId)).toBe(true);
    expectSorted(
      all.results.map((o) => o.created_at),
      byTime,
      true,
    );
    let sum = 0;
    for (const status of ['in_progress', 'completed', 'cancelled'] as const) {
      const page = await orders({ status, limit: 100 });
      expect(page.count, status).toBeGreaterThan(0);
      expect(page.results.every((o) => o.status === status)).toBe(true);
      sum += page.count;
    }
    expect(sum).toBe(all.count);
    const other = await orders({ limit: 100 }, client2);
    expect(other.results.every((o) => o.client.id !== clientId)).toBe(true);
    expect(other.count).toBeGreaterThan(0);
  });

  it('filters by counterOffer, seller, region, search and dates', async () => {
    const all = await orders({ limit: 100 });
    const only = await orders({ counterOffer: 'only', limit: 100 });
    expect(only.count).toBeGreaterThan(0);
    expect(only.count).toBeLessThan(all.count);
    expect(only.results.every((o) => o.negotiation !== 'none')).toBe(true);
    expect((await orders({ counterOffer: 'all' })).count).toBe(all.count);

    const storefront = must(ownIds2[0]);
    const bySeller = await orders({ seller: storefront, limit: 100 });
    expect(bySeller.count).toBeGreaterThan(0);
    expect(bySeller.results.every((o) => o.seller.id === storefront)).toBe(true);

    const regionName = must(must(all.results[0]).lines[0]).region;
    const region = must(options.regions.find((r) => r.name === regionName || r.code === regionName));
    const byRegion = await orders({ region: region.id, limit: 100 });
    expect(byRegion.count).toBeGreaterThan(0);
    expect(byRegion.count).toBeLessThanOrEqual(all.count);
    expect(byRegion.results.every((o) => o.lines.some((l) => [region.name, region.code].includes(l.region)))).toBe(
      true,
    );

    const storeName = must(options.sellers.find((s) => s.id === storefront)).name;
    const byName = await orders({ search: storeName.toLowerCase(), limit: 100 });
    expect(byName.results.map((o) => o.id).sort()).toEqual(
      expect.arrayContaining(bySeller.results.map((o) => o.id).sort()),
    );
    const product = must(must(all.results[0]).lines[0]).product;
    const byProduct = await orders({ search: product.slice(0, 12).toUpperCase(), limit: 100 });
    expect(byProduct.results.map((o) => o.id)).toContain(must(all.results[0]).id);

    const from = day(-10);
    const to = day(-3);
    const window = await orders({ startDate: from, endDate: to, limit: 100 });
    expect(window.count).toBeGreaterThan(0);
    expect(window.count).toBeLessThan(all.count);
    for (const order of window.results) {
      expect(time(order.created_at)).toBeGreaterThanOrEqual(time(`${from}T00:00:00Z`));
      expect(time(order.created_at)).toBeLessThan(time(`${to}T00:00:00Z`) + 86_400_000);
    }
  });

  it('orders by total and updated_at both ways and paginates', async () => {
    const asc = await orders({ ordering: 'total', limit: 100 });
    expectSorted(
      asc.results.map((o) => o.total),
      byMoney,
    );
    const desc = await orders({ ordering: '-total', limit: 100 });
    expectSorted(
      desc.results.map((o) => o.total),
      byMoney,
      true,
    );
    expect(must(asc.results[0]).total).not.toBe(must(desc.results[0]).total);
    const updated = await orders({ ordering: 'updated_at', limit: 100 });
    expectSorted(
      updated.results.map((o) => o.updated_at),
      byTime,
    );
    const created = await orders({ ordering: 'created_at', limit: 100 });
    expectSorted(
      created.results.map((o) => o.created_at),
      byTime,
    );

    const first = await orders({ limit: 4 });
    expect(first.results).toHaveLength(4);
    expect(searchParam(first.next, 'offset')).toBe('4');
    const second = await api.req<OrderPage>(200, 'GET', must(first.next), { token: client });
    const eight = await orders({ limit: 8 });
    expect([...first.results, ...second.results].map((o) => o.id)).toEqual(eight.results.map((o) => o.id));
    expect(searchParam(second.previous, 'limit')).toBe('4');
  });

  it('answers 400 to invalid query values', async () => {
    const cases: [Query, string][] = [
      [{ status: 'done' }, 'status'],
      [{ counterOffer: 'some' }, 'counterOffer'],
      [{ ordering: 'client' }, 'ordering'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ endDate: 'yesterday' }, 'endDate'],
      [{ seller: 'abc' }, 'seller'],
      [{ region: -1 }, 'region'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 1000 }, 'limit'],
      [{ offset: 'x' }, 'offset'],
      [{ search: LONG }, 'search'],
    ];
    for (const [query, field] of cases) {
      const body = await api.req(400, 'GET', '/api/v1/orders/', { token: client, query });
      expect(body[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
      const reviewBody = await api.req(400, 'GET', '/api/v1/review-orders/', { token: seller, query });
      expect(reviewBody[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
    }
    const invoiced = await api.req(400, 'GET', '/api/v1/review-orders/', {
      token: seller,
      query: { invoiced: 'maybe' },
    });
    expect(invoiced.invoiced).toEqual([expect.any(String)]);
  });
});

describe('listReviewOrders', () => {
  it('lists orders of the caller’s storefronts only, and refuses clients', async () => {
    const all = await review({ limit: 100 });
    expect(all.count).toBeGreaterThan(10);
    expect(all.results.every((o) => ownIds.includes(o.seller.id))).toBe(true);
    expectSorted(
      all.results.map((o) => o.created_at),
      byTime,
      true,
    );
    const other = await review({ limit: 100 }, seller2);
    expect(other.results.every((o) => ownIds2.includes(o.seller.id))).toBe(true);
    await api.req(403, 'GET', '/api/v1/review-orders/', { token: client });
  });

  it('filters by invoiced, status, seller, client search and counterOffer', async () => {
    const all = await review({ limit: 100 });
    const open = await review({ invoiced: false, limit: 100 });
    const done = await review({ invoiced: true, limit: 100 });
    expect(open.count).toBeGreaterThan(0);
    expect(done.count).toBeGreaterThan(0);
    expect(open.count + done.count).toBe(all.count);
    expect(open.results.every((o) => o.invoice_id === null)).toBe(true);
    expect(done.results.every((o) => o.invoice_id !== null && o.status === 'completed')).toBe(true);
    const completed = await review({ status: 'completed', limit: 100 });
    expect(completed.count).toBeGreaterThan(0);
    expect(completed.results.every((o) => o.status === 'completed')).toBe(true);
    const store = must(ownIds[1] ?? ownIds[0]);
    const byStore = await review({ seller: store, limit: 100 });
    expect(byStore.count).toBeGreaterThan(0);
    expect(byStore.results.every((o) => o.seller.id === store)).toBe(true);
    // A storefront of another seller gives nothing (or a 400), never its orders.
    const foreignStore = await api.call<OrderPage>('GET', '/api/v1/review-orders/', {
      token: seller,
      query: { seller: must(ownIds2[0]) },
    });
    if (foreignStore.status === 200) expect(foreignStore.body.count).toBe(0);
    else expect(foreignStore.status).toBe(400);
    const party = must(all.results.find((o) => o.client.id === clientId)).client;
    const term = party.company || party.name;
    const byClient = await review({ search: term.toUpperCase(), limit: 100 });
    expect(byClient.count).toBe(all.results.filter((o) => o.client.id === clientId).length);
    expect(byClient.results.every((o) => o.client.id === clientId)).toBe(true);
    const only = await review({ counterOffer: 'only', limit: 100 });
    expect(only.results.every((o) => o.negotiation !== 'none')).toBe(true);
    expect(only.count).toBeLessThan(all.count);
    const byTotal = await review({ ordering: '-total', limit: 100 });
    expectSorted(
      byTotal.results.map((o) => o.total),
      byMoney,
      true,
    );
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const offer = offerOf(ownIds[0], 8);
    const cart = await add(offer.id, 1);
    const item = must(lineFor(cart, offer.id)).id;
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: client,
      json: { offer_id: offer.id, quantity: 5, unit_price: '0.50' },
    });
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/cart/add/', client],
      ['PATCH', `/api/v1/cart/update/${item}/`, client],
      ['POST', '/api/v1/cart/checkout/', client],
      ['POST', '/api/v1/orders/request-special-price/', client],
      ['POST', `/api/v1/orders/${order.id}/counter/`, seller],
      ['POST', `/api/v1/orders/${order.id}/counter/response/`, client],
      ['POST', `/api/v1/orders/${order.id}/cancel/`, client],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('coverage', () => {
  it('reached each operation of this file with a 2xx answer', () => {
    api.expectCovered(OPERATION_OWNERS['cart-orders']);
  });
});
