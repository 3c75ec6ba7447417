/** Checking out (part of) the cart: one order per storefront, and the lines that may not be checked out. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { expectConsistentOrder, lineFor, orderSteps } from './support/orders';
import {
  type Cart,
  type CheckoutResult,
  invalidJsonProblems,
  type OfferBatchResult,
  type OfferPage,
  serverPerFile,
} from './support/server';
import { cents, LONG, money, must, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'checkout');
const demo = demoAccounts(api);
const { offerOf, readCart, add, emptyCart, findOrder, orders } = orderSteps(api, demo);

/** Empties the client's cart, then puts one line in it (4 of an offer that is not checked out) and returns its id. */
async function cartWithOneLine(): Promise<number> {
  await emptyCart();
  const kept = offerOf(demo.ownIds[1] ?? demo.ownIds[0], 3);
  return must(lineFor(await add(kept.id, 4), kept.id)).id;
}

describe('checkoutCart', () => {
  it('creates one order per storefront and removes only the checked-out lines', async () => {
    const [storeA, storeB] = [must(demo.ownIds[0]), must(demo.ownIds2[0])];
    const a1 = offerOf(storeA);
    const a2 = offerOf(storeA, 2);
    const b1 = offerOf(storeB);
    const kept = offerOf(demo.ownIds[1] ?? storeA, 3);
    await emptyCart();
    await add(a1.id, 7);
    await add(b1.id, 1);
    await add(a2.id, 2);
    const cart = await add(kept.id, 4);
    const ids = [a1.id, a2.id, b1.id].map((offerId) => must(lineFor(cart, offerId), `line of ${offerId}`).id);
    const keptItemId = must(lineFor(cart, kept.id)).id;
    const before = (await orders({ limit: 1 })).count;

    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client,
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
      expect(order.client.id).toBe(demo.clientId);
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
    expect(await findOrder(forA.id, demo.seller, 'review-orders')).toEqual(forA);
    expect(await findOrder(forB.id, demo.seller2, 'review-orders')).toEqual(forB);
    await expect(findOrder(forB.id, demo.seller, 'review-orders')).rejects.toThrow(/is not in/);
  });

  it('refuses lines that are not the caller’s or unknown, and bad bodies, writing nothing', async () => {
    const keptItemId = await cartWithOneLine();
    const theirOffer = offerOf(demo.ownIds[0], 4);
    const theirItem = must(lineFor(await add(theirOffer.id, 1, demo.client2), theirOffer.id)).id;
    const before = (await orders({ limit: 1 })).count;
    const cases: [unknown, string][] = [
      [{ cart_item_ids: [] }, 'cart_item_ids'],
      [{}, 'cart_item_ids'],
      [{ cart_item_ids: ['x'] }, 'cart_item_ids.0'],
      [{ cart_item_ids: [keptItemId], note: LONG }, 'note'],
      [{ cart_item_ids: [keptItemId], extra: true }, 'extra'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: demo.client, json });
      expect(body[field], JSON.stringify(json).slice(0, 60)).toEqual([expect.any(String)]);
    }
    await api.req(400, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client,
      json: { cart_item_ids: [999_999_999] },
    });
    await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: demo.client, json: { cart_item_ids: [theirItem] } });
    await api.req(400, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client,
      json: { cart_item_ids: [keptItemId, theirItem] },
    });
    expect((await orders({ limit: 1 })).count).toBe(before);
    expect((await readCart()).items.map((item) => item.id)).toEqual([keptItemId]);
    expect((await readCart(demo.client2)).items.map((item) => item.id)).toContain(theirItem);
  });

  it('marks lines of withdrawn offers unavailable and refuses to check them out', async () => {
    const keptItemId = await cartWithOneLine();
    const offer = offerOf(demo.ownIds[0], 5);
    const cart = await add(offer.id, 1);
    const itemId = must(lineFor(cart, offer.id)).id;
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [offer.id], publish: false },
    });
    try {
      const withdrawn = await readCart();
      expect(must(lineFor(withdrawn, offer.id)).available).toBe(false);
      expect(must(withdrawn.items.find((item) => item.id === keptItemId)).available).toBe(true);
      const before = (await orders({ limit: 1 })).count;
      await api.req(400, 'POST', '/api/v1/cart/checkout/', {
        token: demo.client,
        json: { cart_item_ids: [itemId, keptItemId] },
      });
      expect((await orders({ limit: 1 })).count).toBe(before);
      expect((await readCart()).items.map((item) => item.id).sort()).toEqual([itemId, keptItemId].sort());
    } finally {
      await api.req(200, 'POST', '/api/v1/manage-offers/publish/', {
        token: demo.seller,
        json: { offer_ids: [offer.id] },
      });
    }
    expect(must(lineFor(await readCart(), offer.id)).available).toBe(true);
    await api.req(200, 'DELETE', `/api/v1/cart/remove/${itemId}/`, { token: demo.client });
  });

  it('marks lines of ended offers unavailable and refuses to check them out', async () => {
    const offer = offerOf(demo.ownIds[0], 9);
    const cart = await add(offer.id, 2);
    const itemId = must(lineFor(cart, offer.id)).id;
    const DAY = 86_400_000;
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
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
            token: demo.client,
            query: { search: offer.product, limit: 100 },
          })
        ).results.map((o) => o.id),
      ).not.toContain(offer.id);
      await api.req(400, 'POST', '/api/v1/cart/checkout/', { token: demo.client, json: { cart_item_ids: [itemId] } });
      const asked = money(Math.max(1, cents(offer.unit_price) - 10));
      await api.req(400, 'POST', '/api/v1/orders/request-special-price/', {
        token: demo.client,
        json: { offer_id: offer.id, quantity: 5, unit_price: asked },
      });
      expect(must(lineFor(await readCart(), offer.id)).quantity).toBe(2);
    } finally {
      await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
        token: demo.seller,
        json: { offers: [{ id: offer.id, start: offer.start, end: offer.end }] },
      });
    }
    expect(must(lineFor(await readCart(), offer.id)).available).toBe(true);
    await api.req(200, 'DELETE', `/api/v1/cart/remove/${itemId}/`, { token: demo.client });
  });

  it('removes the remaining line; removing it again is 404', async () => {
    const keptItemId = await cartWithOneLine();
    const cart = await api.req<Cart>(200, 'DELETE', `/api/v1/cart/remove/${keptItemId}/`, { token: demo.client });
    expect(cart.items).toEqual([]);
    await api.req(404, 'DELETE', `/api/v1/cart/remove/${keptItemId}/`, { token: demo.client });
    await api.req(404, 'PATCH', `/api/v1/cart/update/${keptItemId}/`, { token: demo.client, json: { quantity: 1 } });
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [['POST', '/api/v1/cart/checkout/', demo.client]]);
    expect(problems).toEqual([]);
  });
});
