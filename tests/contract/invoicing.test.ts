/** Issuing an invoice for completed orders, reading it, and recording its payment. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { orderSteps } from './support/orders';
import { type Invoice, invalidJsonProblems, type Order, serverPerFile } from './support/server';
import { cents, day, must, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'invoicing');
const demo = demoAccounts(api);
const { placeOrder, findOrder, review, invoices, approve } = orderSteps(api, demo);

const sameDay = (date: string, offsetDays: number) => date === day(offsetDays);

/**
 * Completed, not yet invoiced orders of `client` with `seller`'s first storefront: two placed and
 * approved now, and one from the seed while one is left.
 */
async function completedOrders(): Promise<Order[]> {
  const store = must(demo.ownIds[0]);
  const placed = [await placeOrder(demo.client, store, 0, 2), await placeOrder(demo.client, store, 1, 3)];
  const approved = [];
  for (const order of placed) approved.push(await approve(order.id, 200));
  const seeded = (await review({ status: 'completed', invoiced: false, seller: store, limit: 100 })).results.filter(
    (o) => o.client.id === demo.clientId && !placed.some((p) => p.id === o.id),
  );
  return [...approved, ...seeded.slice(0, 1)];
}

/** An invoice, issued today and due in 30 days, for `completedOrders()`. */
async function issuedInvoice(): Promise<{ invoice: Invoice; invoicedOrders: Order[] }> {
  const invoicedOrders = await completedOrders();
  const invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
    token: demo.seller,
    json: { order_ids: invoicedOrders.map((o) => o.id), due_date: day(30) },
  });
  return { invoice, invoicedOrders };
}

describe('createInvoice, readInvoice and markInvoicePaid', () => {
  it('invoices completed orders of one client and storefront', async () => {
    const store = must(demo.ownIds[0]);
    const invoicedOrders = await completedOrders();
    const before = await invoices({ limit: 100 }, demo.seller);
    const ids = invoicedOrders.map((o) => o.id);

    const invoice = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: demo.seller,
      json: { order_ids: ids, due_date: day(30) },
    });
    expect(invoice).toMatchObject({
      status: 'issued',
      payment_status: 'unpaid',
      payment_date: null,
      due_date: day(30),
    });
    expect(invoice.seller.id).toBe(store);
    expect(invoice.client.id).toBe(demo.clientId);
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
    expect((await invoices({ limit: 100 }, demo.seller)).count).toBe(before.count + 1);
  });

  it('marks the orders invoiced: they leave the invoiced=false list', async () => {
    const { invoice, invoicedOrders } = await issuedInvoice();
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
      expect((await findOrder(order.id, demo.client, 'orders')).invoice_id).toBe(invoice.id);
    }
  });

  it('lets the client and the seller read it, nobody else', async () => {
    const { invoice } = await issuedInvoice();
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: demo.client })).toEqual(
      invoice,
    );
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: demo.seller })).toEqual(
      invoice,
    );
    expect((await invoices({ limit: 100 })).results.find((i) => i.id === invoice.id)).toEqual(invoice);
    await api.req(404, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: demo.client2 });
    await api.req(404, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: demo.seller2 });
    expect((await invoices({ limit: 100 }, demo.client2)).results.map((i) => i.id)).not.toContain(invoice.id);
    for (const id of ['999999999', 'abc', '0', '1.5']) {
      await api.req(404, 'GET', `/api/v1/invoices/${id}/`, { token: demo.seller });
    }
  });

  it('refuses orders that cannot be invoiced together, writing nothing', async () => {
    const { invoicedOrders } = await issuedInvoice();
    const store = must(demo.ownIds[0]);
    const count = (await invoices({ limit: 1 }, demo.seller)).count;
    const inProgress = await placeOrder(demo.client, store, 2, 1);
    const otherClient = await placeOrder(demo.client2, store, 0, 1);
    await api.req(200, 'POST', `/api/v1/orders/${otherClient.id}/approve/`, { token: demo.seller });
    const mine = await placeOrder(demo.client, store, 3, 1);
    await api.req(200, 'POST', `/api/v1/orders/${mine.id}/approve/`, { token: demo.seller });
    const otherStore = await placeOrder(demo.client, must(demo.ownIds[1] ?? demo.ownIds[0]), 0, 1);
    await api.req(200, 'POST', `/api/v1/orders/${otherStore.id}/approve/`, { token: demo.seller });
    const foreign = must((await review({ status: 'completed', invoiced: false }, demo.seller2)).results[0]);
    const cases: unknown[] = [
      { order_ids: [must(invoicedOrders[0]).id], due_date: day(30) },
      { order_ids: [inProgress.id], due_date: day(30) },
      { order_ids: [mine.id, otherClient.id], due_date: day(30) },
      { order_ids: [foreign.id], due_date: day(30) },
      { order_ids: [999_999_999], due_date: day(30) },
    ];
    if (otherStore.seller.id !== mine.seller.id) cases.push({ order_ids: [mine.id, otherStore.id], due_date: day(30) });
    for (const json of cases) {
      const body = await api.req(400, 'POST', '/api/v1/invoices/', { token: demo.seller, json });
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
      const body = await api.req(400, 'POST', '/api/v1/invoices/', { token: demo.seller, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    expect((await invoices({ limit: 1 }, demo.seller)).count).toBe(count);
    expect((await findOrder(mine.id, demo.seller, 'review-orders')).invoice_id).toBeNull();
    // The same order alone is fine, with today as due date.
    const ok = await api.req<Invoice>(201, 'POST', '/api/v1/invoices/', {
      token: demo.seller,
      json: { order_ids: [mine.id], due_date: day(0) },
    });
    expect(ok.orders.map((o) => o.id)).toEqual([mine.id]);
  });

  it('records a payment, then refuses a second one', async () => {
    const { invoice } = await issuedInvoice();
    // Issued today, so today is the only payment date that is neither in the future nor before the issue.
    const paid = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${invoice.id}/pay/`, {
      token: demo.seller,
      json: { payment_date: day(0) },
    });
    expect(paid).toMatchObject({ id: invoice.id, payment_status: 'paid', payment_date: day(0), total: invoice.total });
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${invoice.id}/`, { token: demo.client })).toEqual(paid);
    expect((await invoices({ paymentStatus: 'paid', limit: 100 })).results.map((i) => i.id)).toContain(invoice.id);
    expect((await invoices({ paymentStatus: 'unpaid', limit: 100 })).results.map((i) => i.id)).not.toContain(
      invoice.id,
    );
    expect((await invoices({ paymentDate: day(0), limit: 100 })).results.map((i) => i.id)).toContain(invoice.id);
    const again = await api.req(409, 'POST', `/api/v1/invoices/${invoice.id}/pay/`, { token: demo.seller });
    expect(again.detail).toEqual(expect.any(String));
  });

  it('defaults the payment date to today and pays overdue invoices, also on an earlier day', async () => {
    const overdue = must((await invoices({ paymentStatus: 'overdue', limit: 1 }, demo.seller)).results[0]);
    const paid = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${overdue.id}/pay/`, { token: demo.seller });
    expect(paid.payment_status).toBe('paid');
    expect(sameDay(must(paid.payment_date), 0) || sameDay(must(paid.payment_date), -1)).toBe(true);
    const late = must((await invoices({ paymentStatus: 'overdue', limit: 1 }, demo.seller)).results[0]);
    const yesterday = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${late.id}/pay/`, {
      token: demo.seller,
      json: { payment_date: day(-1) },
    });
    expect(yesterday).toMatchObject({ payment_status: 'paid', payment_date: day(-1) });
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, demo.seller)).results[0]);
    const viaEmpty = await api.req<Invoice>(200, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, {
      token: demo.seller,
      json: {},
    });
    expect(viaEmpty.payment_status).toBe('paid');
  });

  it('validates the payment and refuses the wrong people', async () => {
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, demo.seller)).results[0]);
    const cases: [unknown, string][] = [
      [{ payment_date: day(3) }, 'payment_date'],
      [{ payment_date: '2026-13-01' }, 'payment_date'],
      [{ payment_date: 20260101 }, 'payment_date'],
      [{ paid: true }, 'paid'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: demo.seller, json });
      expect(body[field], JSON.stringify(json)).toEqual([expect.any(String)]);
    }
    // The invoice's own client still may not record payments (role, 403); other clients are in the authorization tests.
    await api.req(403, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, {
      token: unpaid.client.id === demo.clientId ? demo.client : demo.client2,
    });
    await api.req(404, 'POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: demo.seller2 });
    await api.req(404, 'POST', '/api/v1/invoices/999999999/pay/', { token: demo.seller });
    const malformed = await api.call('POST', '/api/v1/invoices/abc/pay/', { token: demo.seller });
    expect([400, 404]).toContain(malformed.status);
    const after = await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${unpaid.id}/`, { token: demo.seller });
    expect(after).toEqual(unpaid);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, demo.seller)).results[0]);
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/invoices/', demo.seller],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, demo.seller],
    ]);
    expect(problems).toEqual([]);
  });
});
