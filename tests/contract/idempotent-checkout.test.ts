/**
 * Checking out with an `Idempotency-Key`: a retry replays the first checkout instead of ordering
 * again, keys are per user, two checkouts with one key at once order once, and `readCheckout`
 * tells a checkout's outcome.
 */
import { randomUUID } from 'node:crypto';
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { lineFor, orderSteps } from './support/orders';
import { type ApiResponse, type CheckoutResult, serverPerFile } from './support/server';
import { must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'idempotent-checkout');
const demo = demoAccounts(api);
const { offerOf, readCart, add, emptyCart, orders } = orderSteps(api, demo);

const newKey = () => `order-${randomUUID()}`;

const checkout = (key: string, ids: unknown[], token = demo.client): Promise<ApiResponse<CheckoutResult>> =>
  api.call<CheckoutResult>('POST', '/api/v1/cart/checkout/', {
    token,
    json: { cart_item_ids: ids },
    headers: { 'Idempotency-Key': key },
  });

const readCheckout = (status: number, key: string, token = demo.client) =>
  api.req<CheckoutResult>(status, 'GET', `/api/v1/cart/checkout/${key}/`, { token });

/** Empties the cart, then adds one line per offer (quantity 1) and returns the line ids. */
async function cartOf(offerIds: number[], token = demo.client): Promise<number[]> {
  await emptyCart(token);
  let cart = await readCart(token);
  for (const offerId of offerIds) cart = await add(offerId, 1, token);
  return offerIds.map((offerId) => must(lineFor(cart, offerId), `line of ${offerId}`).id);
}

const ids = (result: CheckoutResult) => result.orders.map((order) => order.id);
const orderCount = async (token = demo.client) => (await orders({ limit: 1 }, token)).count;

describe('checkoutCart with an Idempotency-Key', () => {
  it('replays the first checkout with 200 and creates nothing, removing the given lines still in the cart', async () => {
    const [first, second] = [offerOf(demo.ownIds[0]), offerOf(demo.ownIds2[0])];
    const [firstLine, secondLine] = await cartOf([first.id, second.id]);
    const key = newKey();
    const placed = await checkout(key, [firstLine]);
    expect(placed.status).toBe(201);
    expect(placed.headers.get('Idempotent-Replayed')).toBeNull();
    expect(placed.body.orders).toHaveLength(1);
    const before = await orderCount();

    const replayed = await checkout(key, [firstLine, secondLine]);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed.body).toEqual(placed.body);
    expect(await orderCount()).toBe(before);
    expect((await readCart()).items).toEqual([]);

    const again = await checkout(key, [firstLine]);
    expect(again.status).toBe(200);
    expect(ids(again.body)).toEqual(ids(placed.body));
    expect(await orderCount()).toBe(before);
  });

  it('keeps keys per user: the same key by another client is a checkout of its own', async () => {
    const offer = offerOf(demo.ownIds[0], 1);
    const key = newKey();
    const mine = await checkout(key, await cartOf([offer.id]));
    const theirs = await checkout(key, await cartOf([offer.id], demo.client2), demo.client2);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(must(theirs.body.orders[0]).client.id).toBe(demo.client2Id);
    expect(ids(theirs.body)).not.toEqual(ids(mine.body));
    expect(ids(await readCheckout(200, key))).toEqual(ids(mine.body));
    expect(ids(await readCheckout(200, key, demo.client2))).toEqual(ids(theirs.body));
  });

  it('creates one set of orders when two checkouts with one key arrive at once', async () => {
    const lines = await cartOf([offerOf(demo.ownIds[0], 2).id, offerOf(demo.ownIds2[0], 1).id]);
    const before = await orderCount();
    const key = newKey();
    const answers = await Promise.all([checkout(key, lines), checkout(key, lines)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => ids(answer.body).sort());
    expect(a).toHaveLength(2);
    expect(b).toEqual(a);
    expect(await orderCount()).toBe(before + 2);
    expect((await readCart()).items).toEqual([]);
  });

  it('stores nothing under the key of a checkout that fails, so the key can be used again', async () => {
    const [line] = await cartOf([offerOf(demo.ownIds[0], 3).id]);
    const key = newKey();
    const before = await orderCount();
    const refused = await checkout(key, [must(line), 999_999_999]);
    expect(refused.status).toBe(400);
    await readCheckout(404, key);
    expect(await orderCount()).toBe(before);
    const placed = await checkout(key, [must(line)]);
    expect(placed.status).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses bad keys and bad line lists with 400 naming the field, creating nothing', async () => {
    const lines = await cartOf([offerOf(demo.ownIds[0], 4).id]);
    const before = await orderCount();
    const badKeys = ['short', 'x'.repeat(101), 'has space-12', 'semi;colon12', 'umlaut-ä-1234', 'slash/12345'];
    for (const key of badKeys) {
      const answer = await checkout(key, lines);
      expect(answer.status, key).toBe(400);
      expect(answer.body, key).toEqual({ 'Idempotency-Key': [expect.any(String)] });
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    for (const list of [[], tooMany, ['x'], [0]]) {
      const answer = await checkout(newKey(), list);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body).join(), JSON.stringify(list).slice(0, 40)).toMatch(/^cart_item_ids/);
    }
    expect(await orderCount()).toBe(before);
    expect((await readCart()).items.map((item) => item.id)).toEqual(lines);
  });
});

describe('readCheckout', () => {
  it('answers the orders of the caller’s checkout with that key, as they are now', async () => {
    const key = newKey();
    const placed = await checkout(key, await cartOf([offerOf(demo.ownIds[0], 5).id, offerOf(demo.ownIds2[0], 2).id]));
    expect(placed.status).toBe(201);
    expect(await readCheckout(200, key)).toEqual(placed.body);
    const order = must(placed.body.orders[0]);
    await api.req(200, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: demo.client });
    const now = await readCheckout(200, key);
    expect(ids(now)).toEqual(ids(placed.body));
    expect(must(now.orders[0]).status).toBe('cancelled');
  });

  it('answers 404 for an unknown key, another user’s key and a key that does not fit', async () => {
    const key = newKey();
    expect((await checkout(key, await cartOf([offerOf(demo.ownIds[0], 6).id]))).status).toBe(201);
    await readCheckout(404, newKey());
    await readCheckout(404, key, demo.client2);
    await readCheckout(404, key, demo.seller);
    for (const bad of ['short', 'x'.repeat(101), 'bad%20key-1234']) await readCheckout(404, bad);
    await api.req(401, 'GET', `/api/v1/cart/checkout/${key}/`);
  });
});
