import type { Method } from './support/contract';
import {
  type CallOptions,
  type Cart,
  type CheckoutResult,
  type Invoice,
  type InvoicePage,
  invalidJsonProblems,
  type Offer,
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
  firstDisorder,
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
let client2Id = 0;
let options: Options;
let ownIds: number[] = [];
let ownIds2: number[] = [];

beforeAll(async () => {
  [client, client2, seller, seller2] = await Promise.all([
    api.token('client'),
    api.token('client2'),
    api.token('seller'),
    api.token('seller2'),
  ]);
  clientId = await api.userId('client');
  client2Id = await api.userId('client2');
  options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: seller });
  [ownIds, ownIds2] = await Promise.all([api.ownStorefronts('seller'), api.ownStorefronts('seller2')]);
});

const invoices = (query: Query = {}, token = client) =>
  api.req<InvoicePage>(200, 'GET', '/api/v1/invoices/', { token, query });
const review = (query: Query = {}, token = seller) =>
  api.req<OrderPage>(200, 'GET', '/api/v1/review-orders/', { token, query });

async function orderableOffer(storefrontId: number, n = 0): Promise<Offer> {
  const page = await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
    token: client,
    query: { limit: 100, ordering: '-end_date' },
  });
  const fitting = page.results.filter((o) => o.seller_id === storefrontId && time(o.start) < Date.now());
  return must(fitting[n], `orderable offer #${n} of storefront ${storefrontId}`);
}

/** Places an order with one storefront (cart, checkout) and returns it. */
async function placeOrder(token: string, storefrontId: number, n = 0, quantity = 2): Promise<Order> {
  const offer = await orderableOffer(storefrontId, n);
  const cart = await api.req<Cart>(200, 'POST', '/api/v1/cart/add/', { token, json: { offer_id: offer.id, quantity } });
  const item = must(cart.items.find((i) => i.offer_id === offer.id));
  const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
    token,
    json: { cart_item_ids: [item.id] },
  });
  return must(result.orders[0]);
}

async function findOrder(id: number, token: string, list: 'orders' | 'review-orders'): Promise<Order> {
  for (let offset = 0; ; offset += 100) {
    const page = await api.req<OrderPage>(200, 'GET', `/api/v1/${list}/`, { token, query: { limit: 100, offset } });
    const found = page.results.find((order) => order.id === id);
    if (found) return found;
    if (!page.next) throw new Error(`Order ${id} is not in /${list}/`);
  }
}

const sameDay = (date: string, offsetDays: number) => date === day(offsetDays);

describe('listInvoices', () => {
  it('shows a client its own invoices and a seller those of its storefronts, by -due_date', async () => {
    const mine = await invoices({ limit: 100 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((i) => i.client.id === clientId)).toBe(true);
    expectSorted(
      mine.results.map((i) => i.due_date),
      byTime,
      true,
    );
    const theirs = await invoices({ limit: 100 }, client2);
    expect(theirs.count).toBeGreaterThan(0);
    expect(theirs.results.every((i) => i.client.id === client2Id)).toBe(true);
    const issued = await invoices({ limit: 100 }, seller);
    expect(issued.count).toBeGreaterThan(0);
    expect(issued.results.every((i) => ownIds.includes(i.seller.id))).toBe(true);
    const issued2 = await invoices({ limit: 100 }, seller2);
    expect(issued2.results.every((i) => ownIds2.includes(i.seller.id))).toBe(true);
    expect(issued.count + issued2.count).toBe(mine.count + theirs.count);
    for (const invoice of mine.results) {
      expect(cents(invoice.total)).toBe(invoice.orders.reduce((sum, order) => sum + cents(order.total), 0));
      expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    }
  });

  it('derives payment status from payment and due dates, and filters by it', async () => {
    const all = await invoices({ limit: 100 }, seller);
    let sum = 0;
    for (const status of ['paid', 'unpaid', 'overdue'] as const) {
      const page = await invoices({ paymentStatus: status, limit: 100 }, seller);
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
    const issued = await invoices({ status: 'issued', limit: 100 }, seller);
    expect(issued.count).toBeGreaterThan(0);
    expect(issued.results.every((i) => i.status === 'issued')).toBe(true);
    const cancelled = await invoices({ status: 'cancelled', limit: 100 }, seller);
    expect(cancelled.results.every((i) => i.status === 'cancelled')).toBe(true);
    expect(issued.count + cancelled.count).toBe(all.count);
  });

  it('filters by dueDate, paymentDate, seller, region and search', async () => {
    const all = await invoices({ limit: 100 }, seller);
    const sample = must(all.results.find((i) => i.payment_date !== null));
    const due = await invoices({ dueDate: sample.due_date, limit: 100 }, seller);
    expect(due.results.map((i) => i.id)).toContain(sample.id);
    expect(due.results.every((i) => i.due_date === sample.due_date)).toBe(true);
    const paid = await invoices({ paymentDate: must(sample.payment_date), limit: 100 }, seller);
    expect(paid.results.map((i) => i.id)).toContain(sample.id);
    expect(paid.results.every((i) => i.payment_date === sample.payment_date)).toBe(true);

    const store = sample.seller.id;
    const byStore = await invoices({ seller: store, limit: 100 }, seller);
    expect(byStore.count).toBeGreaterThan(0);
    expect(byStore.count).toBeLessThanOrEqual(all.count);
    expect(byStore.results.every((i) => i.seller.id === store)).toBe(true);

    const regionName = must(must(sample.orders[0]).regions[0]);
    const region = must(options.regions.find((r) => r.name === regionName || r.code === regionName));
    const byRegion = await invoices({ region: region.id, limit: 100 }, seller);
    expect(byRegion.results.map((i) => i.id)).toContain(sample.id);
    expect(
      byRegion.results.every((i) =>
        i.orders.some((o) => o.regions.some((r) => r === region.name || r === region.code)),
      ),
    ).toBe(true);

    const byNumber = await invoices({ search: sample.number.toLowerCase(), limit: 100 }, seller);
    expect(byNumber.results.map((i) => i.id)).toEqual([sample.id]);
    const term = sample.client.company || sample.client.name;
    const byClient = await invoices({ search: term, limit: 100 }, seller);
    expect(byClient.count).toBe(all.results.filter((i) => i.client.id === sample.client.id).length);
    const storeName = sample.seller.name;
    const byStoreName = await invoices({ search: storeName.toUpperCase(), limit: 100 }, seller);
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
        const page = await invoices({ ordering, limit: 100 }, seller);
        const values = page.results.map(value).filter((v): v is string => v !== null);
        expect(values.length).toBeGreaterThan(1);
        expect(firstDisorder(values, compare, descending), `${ordering}: ${values.join(', ')}`).toBe(-1);
      }
    }
    const first = await invoices({ limit: 2 }, seller);
    expect(first.results).toHaveLength(2);
    expect(searchParam(first.next, 'offset')).toBe('2');
    const second = await api.req<InvoicePage>(200, 'GET', must(first.next), { token: seller });
    const four = await invoices({ limit: 4 }, seller);
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
      const body = await api.req(400, 'GET', '/api/v1/invoices/', { token: seller, query });
      expect(body[field], JSON.stringify(query).slice(0, 60)).toEqual([expect.any(String)]);
    }
  });
});

describe('createInvoice, readInvoice and markInvoicePaid', () => {
  let invoice: Invoice;
  let invoicedOrders: Order[] = [];

  it('invoices completed orders of one client and storefront', async () => {
    const store = must(ownIds[0]);
    const placed = [await placeOrder(client, store, 0, 2), await placeOrder(client, store, 1, 3)];
    const approved = [];
    for (const order of placed) {
      approved.push(await api.req<Order>(200, 'POST', `/api/v1/orders/${order.id}/approve/`, { token: seller }));
    }
    const seeded = (await review({ status: 'completed', invoiced: false, seller: store, limit: 100 })).results.filter(
      (o) => o.client.id === clientId && !placed.some((p) => p.id === o.id),
    );
    invoicedOrders = [...approved, ...seeded.slice(0, 1)];
    const before = await invoices({ limit: 100 }, seller);
    const ids = invoicedOrders.map((o) => o.id);

    invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: seller,
      json: { order_ids: ids, due_date: day(30) },
    });
    expect(invoice).toMatchObject({
      status: 'issued',
      payment_status: 'unpaid',
      payment_date: null,
      due_date: day(30),
    });
    expect(invoice.seller.id).toBe(store);
    expect(invoice.client.id).toBe(clientId);
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    expect(before.results.map((i) => i.number)).not.toContain(invoice.number);
    expect(Math.abs(time(invoice.issued_at) - Date.now())).toBeLessThan(60_000);
    expect(invoice.orders.map((o) => o.id).sort()).toEqual([...ids].sort());
    for (const order of invoicedOrders) {
      const entry = must(invoice.orders.find((o) => o.id === order.id));
      expect(entry.total).toBe(order.total);
      expect(time(entry.created_at)).toBe(time(order.created_at));
      expect([...entry.regions].sort()).toEqual([...new Set(order.lines.map((l) => l.region))].sort());
    }
    expect(cents(invoice.total)).toBe(invoicedOrders.reduce((sum, o) => sum + cents(o.total), 0));
    expect((await invoices({ limit: 100 }, seller)).count).toBe(before.count + 1);
  });

  it('marks the orders invoiced: they leave the invoiced=false list', async () => {
    const open = await review({ invoiced: false, limit: 100 });
    for (const order of invoicedOrders) expect(open.results.map((o) => o.id)).not.toContain(order.id);
    const done = await review({ invoiced: true, limit: 100 });
    for (const order of invoicedOrders) {
      const listed = must(
        done.results.find((o) => o.id === order.id),
        `order ${order.id} in invoiced=true`,
      );
      expect(listed.invoice_id).toBe(invoice.id);
      expect(must(listed.history.at(-1)).type).toBe('invoiced');
      expect((await findOrder(order.id, client, 'orders')).invoice_id).toBe(invoice.id);
    }
  });

  it('lets the client and the seller read it, nobody else', async () => {
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: client })).toEqual(invoice);
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: seller })).toEqual(invoice);
    expect((await invoices({ limit: 100 })).results.find((i) => i.id === invoice.id)).toEqual(invoice);
    await api.req(404, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: client2 });
    await api.req(404, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: seller2 });
    expect((await invoices({ limit: 100 }, client2)).results.map((i) => i.id)).not.toContain(invoice.id);
    for (const id of ['999999999', 'abc', '0', '1.5']) {
      await api.req(404, 'GET', `/api/v1/invoices/${id}/`, { token: seller });
    }
  });

  it('refuses orders that cannot be invoiced together, writing nothing', async () => {
    const store = must(ownIds[0]);
    const count = (await invoices({ limit: 1 }, seller)).count;
    const inProgress = await placeOrder(client, store, 2, 1);
    const otherClient = await placeOrder(client2, store, 0, 1);
    await api.req(200, 'POST', `/api/v1/orders/${otherClient.id}/approve/`, { token: seller });
    const mine = await placeOrder(client, store, 3, 1);
    await api.req(200, 'POST', `/api/v1/orders/${mine.id}/approve/`, { token: seller });
    const otherStore = await placeOrder(client, must(ownIds[1] ?? ownIds[0]), 0, 1);
    await api.req(200, 'POST', `/api/v1/orders/${otherStore.id}/approve/`, { token: seller });
    const foreign = must((await review({ status: 'completed', invoiced: false }, seller2)).results[0]);
    const cases: unknown[] = [
      { order_ids: [must(invoicedOrders[0]).id], due_date: day(30) },
      { order_ids: [inProgress.id], due_date: day(30) },
      { order_ids: [mine.id, otherClient.id], due_date: day(30) },
      { order_ids: [foreign.id], due_date: day(30) },
      { order_ids: [999_999_999], due_date: day(30) },
    ];
    if (otherStore.seller.id !== mine.seller.id) cases.push({ order_ids: [mine.id, otherStore.id], due_date: day(30) });
    for (const json of cases) {
      const body = await api.req(400, 'POST', '/api/v1/invoices/', { token: seller, json });
      expect(Object.keys(body).length, JSON.stringify(json)).toBeGreaterThan(0);
    }
    const fieldCases: [unknown, string][] = [
      [{ order_ids: [mine.id], due_date: day(-2) }, 'due_date'],
      [{ order_ids: [mine.id], due_date: '31/12/2030' }, 'due_date'],
      [{ order_ids: [mine.id], due_date: '2030-02-30' }, 'due_date'],
      [{ order_ids: [mine.id] }, 'due_date'],
      [{ order_ids: [], due_date: day(30) }, 'order_ids'],
      [{ due_date: day(30) }, 'order_ids'],
      [{ order_ids: ['one'], due_date: day(30) }, 'order_ids.0'],
      [{ order_ids: [mine.id], due_date: day(30), total: '1.00' }, 'total'],
    ];
    for (const [json, field] of fieldCases) {
      const body = await api.req(400, 'POST', '/api/v1/invoices/', { token: seller, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    expect((await invoices({ limit: 1 }, seller)).count).toBe(count);
    expect((await findOrder(mine.id, seller, 'review-orders')).invoice_id).toBeNull();
    // The same order alone is fine, with today as due date.
    const ok = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: seller,
      json: { order_ids: [mine.id], due_date: day(0) },
    });
    expect(ok.orders.map((o) => o.id)).toEqual([mine.id]);
  });

  it('records a payment, then refuses a second one', async () => {
    // Issued today, so today is the only payment date that is neither in the future nor before the issue.
    const paid = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${invoice.id}/pay/`, {
      token: seller,
      json: { payment_date: day(0) },
    });
    expect(paid).toMatchObject({ id: invoice.id, payment_status: 'paid', payment_date: day(0), total: invoice.total });
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: client })).toEqual(paid);
    expect((await invoices({ paymentStatus: 'paid', limit: 100 })).results.map((i) => i.id)).toContain(invoice.id);
    expect((await invoices({ paymentStatus: 'unpaid', limit: 100 })).results.map((i) => i.id)).not.toContain(
      invoice.id,
    );
    expect((await invoices({ paymentDate: day(0), limit: 100 })).results.map((i) => i.id)).toContain(invoice.id);
    const again = await api.req(409, 'POST', `/api/v1/invoices/${invoice.id}/pay/`, { token: seller });
    expect(again.detail).toEqual(expect.any(String));
  });

  it('defaults the payment date to today and pays overdue invoices, also on an earlier day', async () => {
    const overdue = must((await invoices({ paymentStatus: 'overdue', limit: 1 }, seller)).results[0]);
    const paid = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${overdue.id}/pay/`, { token: seller });
    expect(paid.payment_status).toBe('paid');
    expect(sameDay(must(paid.payment_date), 0) || sameDay(must(paid.payment_date), -1)).toBe(true);
    const late = must((await invoices({ paymentStatus: 'overdue', limit: 1 }, seller)).results[0]);
    const yesterday = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${late.id}/pay/`, {
      token: seller,
      json: { payment_date: day(-1) },
    });
    expect(yesterday).toMatchObject({ payment_status: 'paid', payment_date: day(-1) });
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, seller)).results[0]);
    const viaEmpty = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, {
      token: seller,
      json: {},
    });
    expect(viaEmpty.payment_status).toBe('paid');
  });

  it('validates the payment and refuses the wrong people', async () => {
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, seller)).results[0]);
    const cases: [unknown, string][] = [
      [{ payment_date: day(3) }, 'payment_date'],
      [{ payment_date: '2026-13-01' }, 'payment_date'],
      [{ payment_date: 20260101 }, 'payment_date'],
      [{ paid: true }, 'paid'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: seller, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    // The invoice's own client still may not record payments (role, 403); other clients are in the authorization tests.
    await api.req(403, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, {
      token: unpaid.client.id === clientId ? client : client2,
    });
    await api.req(404, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: seller2 });
    await api.req(404, 'POST', '/api/v1/invoices/999999999/pay/', { token: seller });
    const malformed = await api.call('POST', '/api/v1/invoices/abc/pay/', { token: seller });
    expect([400, 404]).toContain(malformed.status);
    const after = await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${unpaid.id}/`, { token: seller });
    expect(after).toEqual(unpaid);
  });
});

describe('large amounts', () => {
  it('keeps exact totals beyond 2^31 cents through cart, checkout, approval and invoice', async () => {
    const store = must(ownIds2[0]);
    const page = await api.req<OfferPage>(200, 'GET', '/api/v1/offers/', {
      token: client2,
      query: { limit: 100, ordering: '-unit_price' },
    });
    const expensive = page.results.filter((o) => o.seller_id === store && time(o.start) < Date.now()).slice(0, 6);
    expect(expensive.length).toBeGreaterThan(2);
    let cart: Cart | undefined;
    for (const offer of expensive) {
      cart = await api.req<Cart>(200, 'POST', '/api/v1/cart/add/', {
        token: client2,
        json: { offer_id: offer.id, quantity: 100_000 },
      });
    }
    const lines = must(cart).items.filter((i) => expensive.some((o) => o.id === i.offer_id));
    const expected = expensive.reduce((sum, o) => sum + cents(o.unit_price) * 100_000, 0);
    expect(expected).toBeGreaterThan(2 ** 31);
    expect(lines.reduce((sum, i) => sum + cents(i.total), 0)).toBe(expected);
    const result = await api.req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token: client2,
      json: { cart_item_ids: lines.map((i) => i.id) },
    });
    const order = must(result.orders[0]);
    expect(cents(order.total)).toBe(expected);
    expect(order.item_count).toBe(100_000 * expensive.length);
    await api.req(200, 'POST', `/api/v1/orders/${order.id}/approve/`, { token: seller2 });
    const invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: seller2,
      json: { order_ids: [order.id], due_date: day(14) },
    });
    expect(cents(invoice.total)).toBe(expected);
    const byTotal = await invoices({ ordering: '-total', limit: 1 }, seller2);
    expect(must(byTotal.results[0]).id).toBe(invoice.id);
  });
});

describe('authorization', () => {
  it('refuses clients every seller-only operation with 403, changing nothing', async () => {
    const mineOffers = await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: seller });
    const offer = must(mineOffers.results[0]);
    const order = await placeOrder(client, must(ownIds[0]), 4, 1);
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, seller)).results[0]);
    const completed = must(
      (await review({ status: 'completed', invoiced: false, limit: 100 })).results.find(
        (o) => o.client.id === clientId,
      ),
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          `product,publisher,seller,region,type,hot,unit_price,start,end\nX,${must(options.publishers[0]).name},${offer.seller},${must(options.regions[0]).code},regular,false,1.00,${new Date().toISOString()},${new Date(Date.now() + 86_400_000).toISOString()}\n`,
        ],
        { type: 'text/csv' },
      ),
      'offers.csv',
    );
    const othersOrder = await placeOrder(client2, must(ownIds[0]), 5, 1);
    const othersInvoice = must(
      (await invoices({ paymentStatus: 'unpaid', limit: 100 }, seller)).results.find(
        (i) => i.client.id !== unpaid.client.id,
      ),
    );
    const clientOf = (id: number) => (id === clientId ? client : client2);
    const notClientOf = (id: number) => (id === clientId ? client2 : client);
    const attempts: [Method, string, CallOptions][] = [
      ['GET', '/api/v1/manage-offers/', { token: client }],
      [
        'POST',
        '/api/v1/manage-offers/publish/',
        { token: client, json: { offer_ids: [offer.id], publish: !offer.is_published } },
      ],
      [
        'POST',
        '/api/v1/manage-offers/update/',
        { token: client, json: { offers: [{ id: offer.id, unit_price: '0.99' }] } },
      ],
      ['POST', '/api/v1/offers/upload/', { token: client, form }],
      ['GET', '/api/v1/review-orders/', { token: client }],
      [
        'POST',
        '/api/v1/invoices/',
        { token: clientOf(completed.client.id), json: { order_ids: [completed.id], due_date: day(30) } },
      ],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: clientOf(unpaid.client.id) }],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: notClientOf(unpaid.client.id) }],
      ['POST', `/api/v1/invoices/${othersInvoice.id}/pay/`, { token: notClientOf(othersInvoice.client.id) }],
      ['POST', `/api/v1/orders/${order.id}/approve/`, { token: client }],
      ['POST', `/api/v1/orders/${othersOrder.id}/approve/`, { token: client }],
      [
        'POST',
        `/api/v1/orders/${order.id}/counter/`,
        { token: client, json: { lines: [{ line_id: must(order.lines[0]).id, unit_price: '0.01' }] } },
      ],
      [
        'POST',
        `/api/v1/orders/${othersOrder.id}/counter/`,
        { token: client, json: { lines: [{ line_id: must(othersOrder.lines[0]).id, unit_price: '0.01' }] } },
      ],
    ];
    const wrong: string[] = [];
    for (const [method, url, callOptions] of attempts) {
      const who = callOptions.token === client ? 'client' : 'client2';
      const res = await api.call(method, url, callOptions);
      if (res.status !== 403 || typeof res.body.detail !== 'string') {
        wrong.push(`${who} ${method} ${url}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong, 'a client calling a seller-only operation must get 403').toEqual([]);
    const offerAfter = (await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: seller })).results.find(
      (o) => o.id === offer.id,
    );
    expect(offerAfter).toEqual(offer);
    expect(await findOrder(order.id, seller, 'review-orders')).toEqual(order);
    expect(await findOrder(othersOrder.id, seller, 'review-orders')).toEqual(othersOrder);
    expect(await findOrder(completed.id, seller, 'review-orders')).toEqual(completed);
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${unpaid.id}/`, { token: seller })).toEqual(unpaid);
  });

  it('hides one client’s cart lines, orders and invoices from another client (404)', async () => {
    const offer = await orderableOffer(must(ownIds2[0]), 1);
    const cart = await api.req<Cart>(200, 'POST', '/api/v1/cart/add/', {
      token: client,
      json: { offer_id: offer.id, quantity: 4 },
    });
    const item = must(cart.items.find((i) => i.offer_id === offer.id));
    await api.req(404, 'PATCH', `/api/v1/cart/update/${item.id}/`, { token: client2, json: { quantity: 1 } });
    await api.req(404, 'DELETE', `/api/v1/cart/remove/${item.id}/`, { token: client2 });
    expect((await api.req<Cart>(200, 'GET', '/api/v1/cart/', { token: client2 })).items.map((i) => i.id)).not.toContain(
      item.id,
    );
    expect(await api.req<Cart>(200, 'GET', '/api/v1/cart/', { token: client })).toEqual(cart);

    const order = await placeOrder(client, must(ownIds2[0]), 2, 1);
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: client2 });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/counter/response/`, {
      token: client2,
      json: { accept: true },
    });
    expect(
      (await api.req<OrderPage>(200, 'GET', '/api/v1/orders/', { token: client2, query: { limit: 100 } })).results.map(
        (o) => o.id,
      ),
    ).not.toContain(order.id);
    expect(await findOrder(order.id, client, 'orders')).toEqual(order);

    const theirInvoice = must((await invoices({ limit: 1 })).results[0]);
    await api.req(404, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: client2 });
  });

  it('hides one seller’s offers, orders and invoices from another seller (404)', async () => {
    const order = await placeOrder(client, must(ownIds2[0]), 3, 1);
    const line = must(order.lines[0]).id;
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/approve/`, { token: seller });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/counter/`, {
      token: seller,
      json: { lines: [{ line_id: line, quantity: 9 }] },
    });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: seller });
    expect(await findOrder(order.id, seller2, 'review-orders')).toEqual(order);

    const theirOffer = must(
      (await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: seller2 })).results[0],
    );
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', {
      token: seller,
      json: { offer_ids: [theirOffer.id], publish: !theirOffer.is_published },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: { offers: [{ id: theirOffer.id, product: 'Taken over' }] },
    });

    const theirInvoice = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, seller2)).results[0]);
    await api.req(404, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: seller });
    await api.req(404, 'POST', `/api/v1/invoices/${theirInvoice.id}/pay/`, { token: seller });
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: seller2 })).toEqual(
      theirInvoice,
    );
    // Another seller's orders cannot be invoiced either.
    const foreign = must((await review({ status: 'completed', invoiced: false }, seller2)).results[0]);
    await api.req(400, 'POST', '/api/v1/invoices/', {
      token: seller,
      json: { order_ids: [foreign.id], due_date: day(5) },
    });
    expect((await findOrder(foreign.id, seller2, 'review-orders')).invoice_id).toBeNull();
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, seller)).results[0]);
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/invoices/', seller],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, seller],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('coverage', () => {
  it('reached each operation of this file with a 2xx answer', () => {
    api.expectCovered(OPERATION_OWNERS['invoices-authorization']);
  });
});
