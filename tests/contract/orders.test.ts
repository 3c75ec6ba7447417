/**
 * The order lists (a client's orders and a seller's review list, with filters, ordering and paging)
 * and one order read by the client who placed it or the seller of its storefront.
 */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { orderSteps } from './support/orders';
import { type Order, type OrderPage, type Query, serverPerFile } from './support/server';
import { byMoney, byTime, day, expectSorted, LONG, must, searchParam, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'orders');
const demo = demoAccounts(api);
const { orders, review, placeOrder, findOrder } = orderSteps(api, demo);

describe('listOrders', () => {
  it('lists only the caller’s orders, newest first, all statuses without a filter', async () => {
    const all = await orders({ limit: 100 });
    expect(all.count).toBeGreaterThan(10);
    expect(all.results.every((o) => o.client.id === demo.clientId)).toBe(true);
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
    const other = await orders({ limit: 100 }, demo.client2);
    expect(other.results.every((o) => o.client.id !== demo.clientId)).toBe(true);
    expect(other.count).toBeGreaterThan(0);
  });

  it('filters by counterOffer, seller, region, search and dates', async () => {
    const all = await orders({ limit: 100 });
    const only = await orders({ counterOffer: 'only', limit: 100 });
    expect(only.count).toBeGreaterThan(0);
    expect(only.count).toBeLessThan(all.count);
    expect(only.results.every((o) => o.negotiation !== 'none')).toBe(true);
    expect((await orders({ counterOffer: 'all' })).count).toBe(all.count);

    const storefront = must(demo.ownIds2[0]);
    const bySeller = await orders({ seller: storefront, limit: 100 });
    expect(bySeller.count).toBeGreaterThan(0);
    expect(bySeller.results.every((o) => o.seller.id === storefront)).toBe(true);

    const regionName = must(must(all.results[0]).lines[0]).region;
    const region = must(demo.options.regions.find((r) => r.name === regionName || r.code === regionName));
    const byRegion = await orders({ region: region.id, limit: 100 });
    expect(byRegion.count).toBeGreaterThan(0);
    expect(byRegion.count).toBeLessThanOrEqual(all.count);
    expect(byRegion.results.every((o) => o.lines.some((l) => [region.name, region.code].includes(l.region)))).toBe(
      true,
    );

    const storeName = must(demo.options.sellers.find((s) => s.id === storefront)).name;
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
    const second = await api.req<OrderPage>(200, 'GET', must(first.next), { token: demo.client });
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
      const body = await api.req(400, 'GET', '/api/v1/orders/', { token: demo.client, query });
      expect(body[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
      const reviewBody = await api.req(400, 'GET', '/api/v1/review-orders/', { token: demo.seller, query });
      expect(reviewBody[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
    }
    const invoiced = await api.req(400, 'GET', '/api/v1/review-orders/', {
      token: demo.seller,
      query: { invoiced: 'maybe' },
    });
    expect(invoiced.invoiced).toEqual([expect.any(String)]);
  });
});

describe('listReviewOrders', () => {
  it('lists orders of the caller’s storefronts only, and refuses clients', async () => {
    const all = await review({ limit: 100 });
    expect(all.count).toBeGreaterThan(10);
    expect(all.results.every((o) => demo.ownIds.includes(o.seller.id))).toBe(true);
    expectSorted(
      all.results.map((o) => o.created_at),
      byTime,
      true,
    );
    const other = await review({ limit: 100 }, demo.seller2);
    expect(other.results.every((o) => demo.ownIds2.includes(o.seller.id))).toBe(true);
    await api.req(403, 'GET', '/api/v1/review-orders/', { token: demo.client });
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
    const store = must(demo.ownIds[1] ?? demo.ownIds[0]);
    const byStore = await review({ seller: store, limit: 100 });
    expect(byStore.count).toBeGreaterThan(0);
    expect(byStore.results.every((o) => o.seller.id === store)).toBe(true);
    // A storefront of another seller gives nothing (or a 400), never its orders.
    const foreignStore = await api.call<OrderPage>('GET', '/api/v1/review-orders/', {
      token: demo.seller,
      query: { seller: must(demo.ownIds2[0]) },
    });
    if (foreignStore.status === 200) expect(foreignStore.body.count).toBe(0);
    else expect(foreignStore.status).toBe(400);
    const party = must(all.results.find((o) => o.client.id === demo.clientId)).client;
    const term = party.company || party.name;
    const byClient = await review({ search: term.toUpperCase(), limit: 100 });
    expect(byClient.count).toBe(all.results.filter((o) => o.client.id === demo.clientId).length);
    expect(byClient.results.every((o) => o.client.id === demo.clientId)).toBe(true);
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

describe('readOrder', () => {
  const read = (status: number, id: number | string, token: string) =>
    api.req<Order>(status, 'GET', `/api/v1/orders/${id}/`, { token });

  it('shows the order to the client who placed it and to the seller of its storefront, as the lists do', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds[0]), 0, 3);
    expect(await read(200, order.id, demo.client)).toEqual(order);
    expect(await read(200, order.id, demo.seller)).toEqual(order);
    await api.req(200, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: demo.client, json: { reason: 'r' } });
    const cancelled = await read(200, order.id, demo.seller);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled).toEqual(await findOrder(order.id, demo.client, 'orders'));
    const other = await placeOrder(demo.client2, must(demo.ownIds2[0]), 0, 1);
    expect(await read(200, other.id, demo.seller2)).toEqual(other);
    expect(await read(200, other.id, demo.client2)).toEqual(other);
  });

  it('answers 404 to anyone else, to unknown ids and to ids that are not ids, without a token 401', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds[0]), 1, 1);
    for (const token of [demo.client2, demo.seller2]) {
      expect(await read(404, order.id, token)).toEqual({ detail: 'Not found.' });
    }
    const unknown = await read(404, 999_999_999, demo.client);
    for (const bad of [0, -1, 'abc', '1.5', 2_147_483_648, '00012345678901']) {
      expect(await read(404, bad, demo.client), String(bad)).toEqual(unknown);
    }
    await api.req(401, 'GET', `/api/v1/orders/${order.id}/`);
  });
});
