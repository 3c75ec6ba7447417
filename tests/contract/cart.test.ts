/** The client's cart: read, add, change a quantity, remove a line. */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { cartItems, offers } from '../../server/db/schema';
import { MAX_CART_POSITIONS } from '../../server/routes/cart';
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { expectConsistentCart, lineFor, orderSteps } from './support/orders';
import { type Cart, invalidJsonProblems, type OfferPage, serverPerFile } from './support/server';
import { cents, LONG, money, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'cart');
const demo = demoAccounts(api);
const { offerOf, readCart, add, emptyCart } = orderSteps(api, demo);

describe('cart', () => {
  it('reads the caller’s cart with consistent totals', async () => {
    await add(offerOf(demo.ownIds[0]).id, 1);
    const cart = await readCart();
    expect(cart.items.length).toBeGreaterThan(0);
    expectConsistentCart(cart);
    const other = await readCart(demo.client2);
    expect(other.items.filter((item) => cart.items.some((mine) => mine.id === item.id))).toEqual([]);
  });

  it('removes lines until the cart is empty', async () => {
    await add(offerOf(demo.ownIds[0]).id, 1);
    await add(offerOf(demo.ownIds2[0]).id, 2);
    let cart = await readCart();
    for (const item of cart.items) {
      const after = await api.req<Cart>(200, 'DELETE', `/api/v1/cart/remove/${item.id}/`, { token: demo.client });
      expect(after.items.some((line) => line.id === item.id)).toBe(false);
      expectConsistentCart(after);
      cart = after;
    }
    expect(cart).toEqual({ items: [], total_items: 0, total_positions: 0, total_price: '0.00' });
    expect(await readCart()).toEqual(cart);
  });

  it('holds one checkout of offers at most: a full cart refuses another offer, but not more of one in it', async () => {
    await emptyCart();
    const { db, now } = api.server.ctx;
    // More orderable offers than the seed has, and a cart of all but one straight in the database:
    // 499 adds over HTTP would only cost time.
    const [model] = await db
      .select()
      .from(offers)
      .where(and(eq(offers.isPublished, true), gt(offers.endAt, now())))
      .limit(1);
    if (!model) throw new Error('The seed has no orderable offer');
    const fillers = await db
      .insert(offers)
      .values(
        Array.from({ length: MAX_CART_POSITIONS + 1 }, (_, index) => ({
          sellerId: model.sellerId,
          publisherId: model.publisherId,
          regionId: model.regionId,
          product: `Cart filler ${index + 1}`,
          unitPriceCents: 100,
          startAt: model.startAt,
          endAt: model.endAt,
          isPublished: true,
          publishedAt: now(),
        })),
      )
      .returning({ id: offers.id });
    const [newcomer, last, ...held] = fillers.map((offer) => offer.id) as [number, number, ...number[]];
    await db
      .insert(cartItems)
      .values(held.map((offerId) => ({ userId: demo.clientId, offerId, quantity: 1, createdAt: now() })));
    const full = await add(last, 1);
    expect(full.total_positions).toBe(MAX_CART_POSITIONS);

    const refused = await api.req<Record<string, string[]>>(400, 'POST', '/api/v1/cart/add/', {
      token: demo.client,
      json: { offer_id: newcomer, quantity: 1 },
    });
    expect(refused).toEqual({
      offer_id: [`A cart holds at most ${MAX_CART_POSITIONS} offers; check it out or remove one first.`],
    });
    expect(await readCart()).toEqual(full);
    const more = await add(last, 2);
    expect(more.total_positions).toBe(MAX_CART_POSITIONS);
    expect(must(lineFor(more, last)).quantity).toBe(3);
    await db.delete(cartItems).where(eq(cartItems.userId, demo.clientId));
    await db.delete(offers).where(inArray(offers.id, [newcomer, last, ...held]));
  });

  it('keeps a withdrawn offer’s later draft private: no product or price, and none of the total', async () => {
    await emptyCart();
    const kept = offerOf(must(demo.ownIds[0]), 3);
    const offer = offerOf(must(demo.ownIds[0]), 4);
    await add(kept.id, 1);
    await add(offer.id, 2);
    const asSeller = { token: demo.seller };
    await api.req(200, 'POST', '/api/v1/manage-offers/publish/', {
      ...asSeller,
      json: { offer_ids: [offer.id], publish: false },
    });
    // Withdrawn but unchanged: what clients saw published, still shown.
    const withdrawn = must(lineFor(await readCart(), offer.id));
    expect(withdrawn).toMatchObject({ name: offer.product, price: offer.unit_price, available: false });

    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      ...asSeller,
      json: { offers: [{ id: offer.id, product: `${offer.product} (draft)`, unit_price: '1.00' }] },
    });
    const cart = await readCart();
    expect(must(lineFor(cart, offer.id))).toMatchObject({
      name: null,
      price: null,
      total: null,
      quantity: 2,
      available: false,
    });
    expect(cart.total_price).toBe(must(lineFor(cart, kept.id)).total);
    expectConsistentCart(cart);
    await emptyCart();
    await api.req(200, 'POST', '/api/v1/manage-offers/publish/', { ...asSeller, json: { offer_ids: [offer.id] } });
  });

  it('adds an offer, and adding it again increases the quantity of the same line', async () => {
    await emptyCart();
    const offer = offerOf(demo.ownIds[0]);
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
    const other = offerOf(demo.ownIds2[0]);
    const third = await add(other.id, 1);
    expect(third.total_positions).toBe(2);
    expect(third.total_items).toBe(6);
    expectConsistentCart(third);
    expect(await readCart()).toEqual(third);
  });

  it('sets a line’s quantity', async () => {
    const offer = offerOf(demo.ownIds[0]);
    const line = must(lineFor(await add(offer.id, 5), offer.id));
    const cart = await api.req<Cart>(200, 'PATCH', `/api/v1/cart/update/${line.id}/`, {
      token: demo.client,
      json: { quantity: 7 },
    });
    expect(must(lineFor(cart, offer.id))).toMatchObject({
      id: line.id,
      quantity: 7,
      total: money(cents(must(line.price)) * 7),
    });
    expectConsistentCart(cart);
    expect(await readCart()).toEqual(cart);
  });

  it('refuses bad quantities and bodies with 400, leaving the line as it was', async () => {
    await add(offerOf(demo.ownIds[0]).id, 2);
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
      const body = await api.req(400, 'PATCH', `/api/v1/cart/update/${line.id}/`, { token: demo.client, json });
      expect(body[field], JSON.stringify(json).slice(0, 60)).toEqual([expect.any(String)]);
    }
    expect(await readCart()).toEqual(before);
  });

  it('answers 404 for unknown or malformed line ids', async () => {
    await api.req(404, 'PATCH', '/api/v1/cart/update/999999999/', { token: demo.client, json: { quantity: 1 } });
    await api.req(404, 'DELETE', '/api/v1/cart/remove/999999999/', { token: demo.client });
    await api.req(404, 'DELETE', '/api/v1/cart/remove/abc/', { token: demo.client });
    const malformed = await api.call('PATCH', '/api/v1/cart/update/abc/', {
      token: demo.client,
      json: { quantity: 1 },
    });
    expect([400, 404]).toContain(malformed.status);
  });

  it('refuses to add unknown or unpublished offers and bad quantities', async () => {
    const before = await readCart();
    const unpublished = must(
      (
        await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
          token: demo.seller,
          query: { publishType: 'unpublished' },
        })
      ).results[0],
    );
    const offer = offerOf(demo.ownIds[1] ?? demo.ownIds[0], 1);
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
      const body = await api.req(400, 'POST', '/api/v1/cart/add/', { token: demo.client, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    expect(await readCart()).toEqual(before);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const offer = offerOf(demo.ownIds[0]);
    const item = must(lineFor(await add(offer.id, 1), offer.id)).id;
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/cart/add/', demo.client],
      ['PATCH', `/api/v1/cart/update/${item}/`, demo.client],
    ]);
    expect(problems).toEqual([]);
  });
});
