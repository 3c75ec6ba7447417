/** The invoice list: who sees which invoices, payment status, filters, ordering, and totals beyond 2^31 cents. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { orderSteps } from './support/orders';
import {
  type Cart,
  type CheckoutResult,
  type Invoice,
  type InvoicePage,
  type OfferPage,
  type Query,
  serverPerFile,
} from './support/server';
import {
  byMoney,
  byTime,
  cents,
  day,
  expectSorted,
  firstDisorder,
  LONG,
  must,
  searchParam,
  time,
} from './support/util';

const api = serverPerFile();
ownsOperations(api, 'invoices');
const demo = demoAccounts(api);
const { invoices } = orderSteps(api, demo);

describe('listInvoices', () => {
  it('shows a client its own invoices and a seller those of its storefronts, by -due_date', async () => {
    const mine = await invoices({ limit: 100 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((i) => i.client.id === demo.clientId)).toBe(true);
    expectSorted(
      mine.results.map((i) => i.due_date),
      byTime,
      true,
    );
    const theirs = await invoices({ limit: 100 }, demo.client2);
    expect(theirs.count).toBeGreaterThan(0);
    expect(theirs.results.every((i) => i.client.id === demo.client2Id)).toBe(true);
    const issued = await invoices({ limit: 100 }, demo.seller);
    expect(issued.count).toBeGreaterThan(0);
    expect(issued.results.every((i) => demo.ownIds.includes(i.seller.id))).toBe(true);
    const issued2 = await invoices({ limit: 100 }, demo.seller2);
    expect(issued2.results.every((i) => demo.ownIds2.includes(i.seller.id))).toBe(true);
    expect(issued.count + issued2.count).toBe(mine.count + theirs.count);
    for (const invoice of mine.results) {
      expect(cents(invoice.total)).toBe(invoice.orders.reduce((sum, order) => sum + cents(order.total), 0));
      expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    }
  });

  it('derives payment status from payment and due dates, and filters by it', async () => {
    const all = await invoices({ limit: 100 }, demo.seller);
    let sum = 0;
    for (const status of ['paid', 'unpaid', 'overdue'] as const) {
      const page = await invoices({ paymentStatus: status, limit: 100 }, demo.seller);
      expect(page.count, status).toBeGreaterThan(0);
      sum += page.count;
      for (const invoice of page.results) {
        expect(invoice.payment_status).toBe(status);
        if (status === 'paid') expect(invoice.payment_date).not.toBeNull();
        else expect(invoice.payment_date).toBeNull();
        if (status === 'overdue') expect(invoice.due_date < day(0)).toBe(true);
        if (status === 'unpaid') expect(invoice.due_date >= day(-1)).toBe(true);
      }
    }
    expect(sum).toBe(all.count);
    const issued = await invoices({ status: 'issued', limit: 100 }, demo.seller);
    expect(issued.count).toBeGreaterThan(0);
    expect(issued.results.every((i) => i.status === 'issued')).toBe(true);
    const cancelled = await invoices({ status: 'cancelled', limit: 100 }, demo.seller);
    expect(cancelled.results.every((i) => i.status === 'cancelled')).toBe(true);
    expect(issued.count + cancelled.count).toBe(all.count);
  });

  it('filters by dueDate, paymentDate, seller, region and search', async () => {
    const all = await invoices({ limit: 100 }, demo.seller);
    const sample = must(all.results.find((i) => i.payment_date !== null));
    const due = await invoices({ dueDate: sample.due_date, limit: 100 }, demo.seller);
    expect(due.results.map((i) => i.id)).toContain(sample.id);
    expect(due.results.every((i) => i.due_date === sample.due_date)).toBe(true);
    const paid = await invoices({ paymentDate: must(sample.payment_date), limit: 100 }, demo.seller);
    expect(paid.results.map((i) => i.id)).toContain(sample.id);
    expect(paid.results.every((i) => i.payment_date === sample.payment_date)).toBe(true);

    const store = sample.seller.id;
    const byStore = await invoices({ seller: store, limit: 100 }, demo.seller);
    expect(byStore.count).toBeGreaterThan(0);
    expect(byStore.count).toBeLessThanOrEqual(all.count);
    expect(byStore.results.every((i) => i.seller.id === store)).toBe(true);

    const regionName = must(must(sample.orders[0]).regions[0]);
    const region = must(demo.options.regions.find((r) => r.name === regionName || r.code === regionName));
    const byRegion = await invoices({ region: region.id, limit: 100 }, demo.seller);
    expect(byRegion.results.map((i) => i.id)).toContain(sample.id);
    expect(
      byRegion.results.every((i) =>
        i.orders.some((o) => o.regions.some((r) => r === region.name || r === region.code)),
      ),
    ).toBe(true);

    const byNumber = await invoices({ search: sample.number.toLowerCase(), limit: 100 }, demo.seller);
    expect(byNumber.results.map((i) => i.id)).toEqual([sample.id]);
    const term = sample.client.company || sample.client.name;
    const byClient = await invoices({ search: term, limit: 100 }, demo.seller);
    expect(byClient.count).toBe(all.results.filter((i) => i.client.id === sample.client.id).length);
    const storeName = sample.seller.name;
    const byStoreName = await invoices({ search: storeName.toUpperCase(), limit: 100 }, demo.seller);
    expect(byStoreName.results.map((i) => i.id).sort()).toEqual(byStore.results.map((i) => i.id).sort());
  });

  it('orders by each documented field and paginates', async () => {
    const fields: [string, (i: Invoice) => string | null, typeof byTime][] = [
      ['due_date', (i) => i.due_date, (a, b) => (a < b ? -1 : a > b ? 1 : 0)],
      ['issued_at', (i) => i.issued_at, byTime],
      ['total', (i) => i.total, byMoney],
      ['number', (i) => i.number, (a, b) => (a < b ? -1 : a > b ? 1 : 0)],
      ['payment_date', (i) => i.payment_date, (a, b) => (a < b ? -1 : a > b ? 1 : 0)],
    ];
    for (const [name, value, compare] of fields) {
      for (const descending of [false, true]) {
        const ordering = `${descending ? '-' : ''}${name}`;
        const page = await invoices({ ordering, limit: 100 }, demo.seller);
        const values = page.results.map(value).filter((v): v is string => v !== null);
        expect(values.length).toBeGreaterThan(1);
        expect(firstDisorder(values, compare, descending), `${ordering}: ${values.join(', ')}`).toBe(-1);
      }
    }
    const first = await invoices({ limit: 2 }, demo.seller);
    expect(first.results).toHaveLength(2);
    expect(searchParam(first.next, 'offset')).toBe('2');
    const second = await api.req<InvoicePage>(200, 'GET', must(first.next), { token: demo.seller });
    const four = await invoices({ limit: 4 }, demo.seller);
    expect([...first.results, ...second.results].map((i) => i.id)).toEqual(four.results.map((i) => i.id));
  });

  it('answers 400 to invalid query values', async () => {
    const cases: [Query, string][] = [
      [{ status: 'paid' }, 'status'],
      [{ paymentStatus: 'late' }, 'paymentStatus'],
      [{ dueDate: '2026-02-30' }, 'dueDate'],
      [{ paymentDate: 'today' }, 'paymentDate'],
      [{ ordering: 'client' }, 'ordering'],
      [{ seller: 'nordic' }, 'seller'],
      [{ region: 0 }, 'region'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 1000 }, 'limit'],
      [{ offset: -2 }, 'offset'],
      [{ search: LONG }, 'search'],
    ];
    for (const [query, field] of cases) {
      const body = await api.req(400, 'GET', '/api/v1/invoices/', { token: demo.seller, query });
      expect(body[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
    }
  });
});

describe('large amounts', () => {
  it('keeps exact totals beyond 2^31 cents through cart, checkout, approval and invoice', async () => {
    const store = must(demo.ownIds2[0]);
    const page = await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
      token: demo.client2,
      query: { limit: 100, ordering: '-unit_price' },
    });
    const expensive = page.results.filter((o) => o.seller_id === store && time(o.start) < Date.now()).slice(0, 6);
    expect(expensive.length).toBeGreaterThan(2);
    let cart: Cart | undefined;
    for (const offer of expensive) {
      cart = await api.req<Cart>(200, 'POST', '/api/v1/cart/add/', {
        token: demo.client2,
        json: { offer_id: offer.id, quantity: 100_000 },
      });
    }
    const lines = must(cart).items.filter((i) => expensive.some((o) => o.id === i.offer_id));
    const expected = expensive.reduce((sum, o) => sum + cents(o.unit_price) * 100_000, 0);
    expect(expected).toBeGreaterThan(2 ** 31);
    expect(lines.reduce((sum, i) => sum + cents(must(i.total)), 0)).toBe(expected);
    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token: demo.client2,
      json: { cart_item_ids: lines.map((i) => i.id) },
    });
    const order = must(result.orders[0]);
    expect(cents(order.total)).toBe(expected);
    expect(order.item_count).toBe(100_000 * expensive.length);
    await api.req(200, 'POST', `/api/v1/orders/${order.id}/approve/`, { token: demo.seller2 });
    const invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: demo.seller2,
      json: { order_ids: [order.id], due_date: day(14) },
    });
    expect(cents(invoice.total)).toBe(expected);
    const byTotal = await invoices({ ordering: '-total', limit: 1 }, demo.seller2);
    expect(must(byTotal.results[0]).id).toBe(invoice.id);
  });
});
