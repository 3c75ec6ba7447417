/** Moving an order along: counter-offers and responses, approval, cancellation, and the moves that are refused. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { expectConsistentOrder, orderSteps } from './support/orders';
import { invalidJsonProblems, type Order, serverPerFile } from './support/server';
import { cents, LONG, money, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'negotiation');
const demo = demoAccounts(api);
const { offerOf, checkout, placeOrder, findOrder, review, approve, cancel, counter, respond } = orderSteps(api, demo);

describe('negotiation on a checked-out order', () => {
  it('rejects a counter response while no counter is proposed', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds[0]));
    await respond(order.id, 409, true);
  });

  it('counter, decline (prices kept), counter again, accept (prices taken), counter again, approve', async () => {
    const [order] = await checkout(demo.client, [
      [offerOf(demo.ownIds[0]), 7],
      [offerOf(demo.ownIds[0], 2), 2],
    ]);
    if (!order) throw new Error('No order placed');
    const [first, second] = order.lines as [Order['lines'][number], Order['lines'][number]];
    const lowered = money(Math.max(1, cents(first.unit_price) - 100));
    const proposed = await counter(
      order.id,
      200,
      [{ line_id: first.id, unit_price: lowered }],
      demo.seller,
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

    const declined = await respond(order.id, 200, false, demo.client, 'Too little');
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
    expect(await findOrder(order.id, demo.client, 'orders')).toEqual(approved);
  });

  it('allows nothing more on a completed order', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds[0]));
    await approve(order.id, 200);
    await approve(order.id, 409);
    await cancel(order.id, 409);
    await cancel(order.id, 409, demo.seller);
    await counter(order.id, 409, [{ line_id: must(order.lines[0]).id, quantity: 1 }]);
    await respond(order.id, 409, true);
    expect((await findOrder(order.id, demo.client, 'orders')).status).toBe('completed');
  });

  it('lets the client cancel with a reason; nothing more is allowed afterwards', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds2[0]));
    const cancelled = await cancel(order.id, 200, demo.client, 'Ordered by mistake.');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.completed_at).toBeNull();
    expect(must(cancelled.history.at(-1))).toMatchObject({ type: 'cancelled', note: 'Ordered by mistake.' });
    await cancel(order.id, 409);
    await cancel(order.id, 409, demo.seller2);
    await approve(order.id, 409, demo.seller2);
    await counter(order.id, 409, [{ line_id: must(order.lines[0]).id, quantity: 2 }], demo.seller2);
    await respond(order.id, 409, false);
  });
});

describe('moves the negotiation table does not allow (seeded orders)', () => {
  it('answers 409 and leaves the order unchanged', async () => {
    const seeded = await review({ limit: 100, status: 'in_progress' });
    const completed = must((await review({ limit: 1, status: 'completed' })).results[0]);
    const cancelled = must((await review({ limit: 1, status: 'cancelled' })).results[0]);
    const inState = (state: Order['negotiation']) =>
      must(
        seeded.results.find((o) => o.negotiation === state && o.client.id === demo.clientId),
        `seeded in-progress order of the demo.client with negotiation ${state}`,
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
      const owner = order.client.id === demo.clientId ? demo.client : demo.client2;
      checks.push([order, () => approve(order.id, 409)]);
      checks.push([order, () => cancel(order.id, 409, demo.seller)]);
      checks.push([order, () => cancel(order.id, 409, owner)]);
      checks.push([order, () => counter(order.id, 409, line(order))]);
      checks.push([order, () => respond(order.id, 409, true, owner)]);
    }
    for (const [order, move] of checks) {
      const body = (await move()) as unknown as { detail: string };
      expect(body.detail.length).toBeGreaterThan(0);
      expect(await findOrder(order.id, demo.seller, 'review-orders')).toEqual(order);
    }
  });

  it('validates counter and counter response bodies (400 before anything changes)', async () => {
    const seeded = await review({ limit: 100, status: 'in_progress' });
    const open = must(seeded.results.find((o) => o.negotiation === 'special_price_requested'));
    const proposed = must(
      seeded.results.find((o) => o.negotiation === 'counter_proposed' && o.client.id === demo.clientId),
    );
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
      const body = await api.req(400, 'POST', `/api/v1/orders/${open.id}/counter/`, { token: demo.seller, json });
      const keys = Object.keys(body);
      expect(
        keys.some((key) => key === field || key.startsWith(`${field}.`)),
        `${JSON.stringify(json).slice(0, 100)} → ${JSON.stringify(body)}`,
      ).toBe(true);
    }
    expect(await findOrder(open.id, demo.seller, 'review-orders')).toEqual(open);
    const clientToken = proposed.client.id === demo.clientId ? demo.client : demo.client2;
    for (const json of [{}, { accept: 'yes' }, { accept: true, note: LONG }, { accept: true, extra: 1 }]) {
      await api.req(400, 'POST', `/api/v1/orders/${proposed.id}/counter/response/`, { token: clientToken, json });
    }
    const cancelBody = await api.req(400, 'POST', `/api/v1/orders/${open.id}/cancel/`, {
      token: demo.seller,
      json: { reason: LONG },
    });
    expect(cancelBody.reason).toEqual([expect.any(String)]);
    expect(await findOrder(proposed.id, demo.seller, 'review-orders')).toEqual(proposed);
  });

  it('answers 404 for unknown or malformed order ids', async () => {
    await approve(999_999_999, 404);
    await cancel(999_999_999, 404);
    await respond(999_999_999, 404, true);
    for (const id of ['abc', '0', '1.5']) {
      // approve documents no 400, so a malformed id can only be "not found".
      await api.req(404, 'POST', `/api/v1/orders/${id}/approve/`, { token: demo.seller });
      for (const url of [`/api/v1/orders/${id}/cancel/`, `/api/v1/orders/${id}/counter/response/`]) {
        const res = await api.call('POST', url, {
          token: demo.client,
          json: url.endsWith('response/') ? { accept: true } : {},
        });
        expect([400, 404], `${url}: ${res.status}`).toContain(res.status);
      }
    }
    const counterRes = await api.call('POST', '/api/v1/orders/abc/counter/', {
      token: demo.seller,
      json: { lines: [{ line_id: 1, quantity: 1 }] },
    });
    expect([400, 404]).toContain(counterRes.status);
    await counter(999_999_999, 404, [{ line_id: 1, quantity: 1 }]);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const offer = offerOf(demo.ownIds[0], 8);
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 5, unit_price: '0.50' },
    });
    const problems = await invalidJsonProblems(api, [
      ['POST', `/api/v1/orders/${order.id}/counter/`, demo.seller],
      ['POST', `/api/v1/orders/${order.id}/counter/response/`, demo.client],
      ['POST', `/api/v1/orders/${order.id}/cancel/`, demo.client],
    ]);
    expect(problems).toEqual([]);
  });
});
