/**
 * Requests naming more rows than one statement takes (ROWS_PER_STATEMENT, behaviour §8): they
 * answer as one statement would, in request or cart order, and write all or nothing.
 */
import { ROWS_PER_STATEMENT } from '../../server/db/paced';
import { demoAccounts } from './support/demo';
import { lineFor, orderSteps } from './support/orders';
import {
  type CheckoutResult,
  type Invoice,
  type Offer,
  type OfferAvailability,
  type OfferBatchResult,
  type OfferConflict,
  type OfferPage,
  type Order,
  serverPerFile,
} from './support/server';
import { cents, day, must } from './support/util';

const api = serverPerFile();
const demo = demoAccounts(api);
const { offerOf, add, emptyCart, readCart, approve, counter, respond } = orderSteps(api, demo);

/** Enough rows for three statements, the last one short. */
const MANY = 2 * ROWS_PER_STATEMENT + 3;

/** The seller's own offers, `MANY` of them, in list order. */
async function ownOffers(): Promise<Offer[]> {
  const page = await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
    token: demo.seller,
    query: { limit: MANY },
  });
  expect(page.results.length, 'the seed gives the seller enough offers').toBe(MANY);
  return page.results;
}

/** `MANY` orderable offers of the seller's storefronts, for the client's cart. */
function orderableOffers(): Offer[] {
  const offers: Offer[] = [];
  for (const store of demo.ownIds) {
    for (let n = 0; offers.length < MANY; n++) {
      try {
        offers.push(offerOf(store, n));
      } catch {
        break;
      }
    }
  }
  expect(offers.length, 'the seed gives the seller enough orderable offers').toBe(MANY);
  return offers;
}

/** One order of `MANY` lines, from the client's cart. */
async function bigOrder(): Promise<Order[]> {
  await emptyCart();
  let cart = await readCart();
  for (const offer of orderableOffers()) cart = await add(offer.id, 2);
  const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
    token: demo.client,
    json: { cart_item_ids: cart.items.map((item) => item.id) },
  });
  return result.orders;
}

describe('requests over many rows', () => {
  it('checks availability of many offers, once per id, in request order', async () => {
    const ids = (await ownOffers()).map((offer) => offer.id).reverse();
    const asked = [...ids, 2_147_483_647, must(ids[0])];
    const { offers } = await api.req<{ offers: OfferAvailability[] }>(200, 'POST', '/api/v1/offers/availability/', {
      token: demo.seller,
      json: { offer_ids: asked },
    });
    expect(offers.map((offer) => offer.offer_id)).toEqual([...ids, 2_147_483_647]);
    expect(offers.at(-1)?.status).toBe('not_found');
    expect(offers.slice(0, -1).every((offer) => offer.product !== null)).toBe(true);
  });

  it('withdraws and publishes many offers, answering them in request order', async () => {
    const ids = (await ownOffers()).map((offer) => offer.id).reverse();
    for (const publish of [false, true]) {
      const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
        token: demo.seller,
        json: { offer_ids: ids, publish },
      });
      expect(result.offers.map((offer) => offer.id)).toEqual(ids);
      expect(result.offers.every((offer) => offer.is_published === publish)).toBe(true);
    }
  });

  it('refuses a bulk update with one stale version among many, writing none of it; then writes all', async () => {
    const offers = (await ownOffers()).reverse();
    const changes = offers.map((offer) => ({ id: offer.id, version: offer.version, is_hot: !offer.is_hot }));
    const stale = must(changes.at(-1));
    const refused = await api.req<OfferConflict>(409, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [...changes.slice(0, -1), { ...stale, version: stale.version - 1 }] },
    });
    expect(refused.offers.map((offer) => offer.id)).toEqual([stale.id]);
    const unchanged = await ownOffers();
    expect(unchanged.map((offer) => [offer.id, offer.version, offer.is_hot])).toEqual(
      offers.map((offer) => [offer.id, offer.version, offer.is_hot]).reverse(),
    );

    const saved = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: changes },
    });
    expect(saved.count).toBe(MANY);
    expect(saved.offers.map((offer) => [offer.id, offer.version, offer.is_hot])).toEqual(
      offers.map((offer) => [offer.id, offer.version + 1, !offer.is_hot]),
    );
  });

  it('checks out many cart lines into orders whose lines keep the cart’s order, whatever the request’s', async () => {
    await emptyCart();
    const offers = orderableOffers();
    for (const [i, offer] of offers.entries()) await add(offer.id, (i % 3) + 1);
    const cart = await readCart();
    const ids = offers.map((offer) => must(lineFor(cart, offer.id)).id);
    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client,
      json: { cart_item_ids: [...ids].reverse() },
    });
    const lines = result.orders.flatMap((order) => order.lines);
    expect(lines).toHaveLength(MANY);
    for (const order of result.orders) {
      const added = offers.filter((offer) => offer.seller_id === order.seller.id).map((offer) => offer.id);
      expect(order.lines.map((line) => line.offer_id)).toEqual(added);
    }
    const byNumber = (a: number, b: number) => a - b;
    expect(lines.map((line) => line.quantity).sort(byNumber)).toEqual(offers.map((_, i) => (i % 3) + 1).sort(byNumber));
    expect((await readCart()).items).toEqual([]);
  });

  it('refuses a checkout naming one unknown line among many, keeping the cart', async () => {
    await emptyCart();
    let cart = await readCart();
    for (const offer of orderableOffers()) cart = await add(offer.id, 1);
    const ids = cart.items.map((item) => item.id);
    await api.req(400, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client,
      json: { cart_item_ids: [...ids, 999_999_999] },
    });
    expect((await readCart()).items.map((item) => item.id)).toEqual(ids);
  });

  it('counters many lines of an order, clears them on refusal and takes a later one on acceptance', async () => {
    const orders = await bigOrder();
    const order = must(
      orders.find((o) => o.lines.length > ROWS_PER_STATEMENT),
      `an order of more than ${ROWS_PER_STATEMENT} lines`,
    );
    const terms = (step: number) =>
      order.lines.map((line, i) => ({
        line_id: line.id,
        quantity: line.quantity + step,
        unit_price: `${i + step}.00`,
      }));
    const countered = await counter(order.id, 200, terms(1));
    expect(countered.lines.map((line) => [line.counter_quantity, line.counter_unit_price])).toEqual(
      order.lines.map((line, i) => [line.quantity + 1, `${i + 1}.00`]),
    );
    const declined = await respond(order.id, 200, false);
    expect(declined.lines).toEqual(order.lines);

    // Every other line, so that accepting leaves the others as they were.
    const named = new Set(order.lines.filter((_, i) => i % 2 === 0).map((line) => line.id));
    await counter(
      order.id,
      200,
      terms(2).filter((line) => named.has(line.line_id)),
    );
    const accepted = await respond(order.id, 200, true);
    expect(accepted.lines.map((line) => [line.quantity, cents(line.unit_price), line.counter_quantity])).toEqual(
      order.lines.map((line, i) =>
        named.has(line.id) ? [line.quantity + 2, (i + 2) * 100, null] : [line.quantity, cents(line.unit_price), null],
      ),
    );
  });

  it('invoices many completed orders with their exact total', async () => {
    const store = must(demo.ownIds[0]);
    const offer = offerOf(store, 0);
    const orders: Order[] = [];
    for (let i = 0; i < MANY; i++) {
      const placed = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
        token: demo.client,
        json: { offer_id: offer.id, quantity: i + 1, unit_price: '0.01' },
      });
      orders.push(await approve(placed.id, 200));
    }
    const ids = orders.map((order) => order.id).reverse();
    const invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: demo.seller,
      json: { order_ids: ids, due_date: day(30) },
    });
    expect(cents(invoice.total)).toBe(orders.reduce((sum, order) => sum + cents(order.total), 0));
    expect(invoice.orders.map((order) => order.id)).toEqual(orders.map((order) => order.id));
    expect(invoice.orders.map((order) => order.total)).toEqual(orders.map((order) => order.total));
    expect(invoice.orders.every((order) => order.regions.length === 1)).toBe(true);
  });
});
