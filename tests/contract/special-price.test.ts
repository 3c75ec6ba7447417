/** A client asks for a lower price on one offer; the seller counters, approves or cancels. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { expectConsistentOrder, orderSteps } from './support/orders';
import { invalidJsonProblems, type OfferPage, type Order, serverPerFile } from './support/server';
import { cents, LONG, money, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'special-price');
const demo = demoAccounts(api);
const { offerOf, findOrder, orders, approve, cancel, counter, respond } = orderSteps(api, demo);

describe('requestSpecialPrice', () => {
  it('creates an order awaiting the seller, who counters; the accepted counter sets the prices', async () => {
    const offer = offerOf(demo.ownIds[0], 6);
    const asked = money(Math.max(1, Math.floor(cents(offer.unit_price) * 0.8)));
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 100, unit_price: asked, note: 'Monthly volume' },
    });
    expect(order).toMatchObject({
      status: 'in_progress',
      negotiation: 'special_price_requested',
      client_note: 'Monthly volume',
      invoice_id: null,
    });
    expect(order.seller.id).toBe(offer.seller_id);
    expect(order.client.id).toBe(demo.clientId);
    expect(order.lines).toHaveLength(1);
    const line = must(order.lines[0]);
    expect(line).toMatchObject({ offer_id: offer.id, quantity: 100, list_unit_price: offer.unit_price });
    expect(must(order.history.at(-1)).type).toBe('special_price_requested');
    expectConsistentOrder(order);
    expect(await findOrder(order.id, demo.seller, 'review-orders')).toEqual(order);
    expect((await orders({ counterOffer: 'only', limit: 100 })).results.map((o) => o.id)).toContain(order.id);

    await counter(order.id, 403, [{ line_id: line.id, unit_price: asked }], demo.client);
    await approve(order.id, 403, demo.client);
    await counter(order.id, 404, [{ line_id: line.id, unit_price: asked }], demo.seller2);
    await approve(order.id, 404, demo.seller2);
    await cancel(order.id, 404, demo.seller2);
    await respond(order.id, 409, true);

    const price = money(Math.floor((cents(asked) + cents(offer.unit_price)) / 2));
    const proposed = await counter(
      order.id,
      200,
      [{ line_id: line.id, unit_price: price, quantity: 120 }],
      demo.seller,
      'Meet halfway',
    );
    expect(proposed).toMatchObject({ negotiation: 'counter_proposed', counter_note: 'Meet halfway' });
    expect(must(proposed.lines[0])).toMatchObject({ counter_unit_price: price, counter_quantity: 120, quantity: 100 });
    await respond(order.id, 404, true, demo.client2);
    await respond(order.id, 404, true, demo.seller);
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
    const offer = offerOf(demo.ownIds[0], 7);
    const asked = money(cents(offer.unit_price) - 1);
    const order = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 10, unit_price: asked },
    });
    const cancelled = await cancel(order.id, 200, demo.seller, 'Price not possible.');
    expect(cancelled.status).toBe('cancelled');
    expect(must(cancelled.history.at(-1))).toMatchObject({ type: 'cancelled', note: 'Price not possible.' });

    const plain = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 10, unit_price: asked },
    });
    const approved = await approve(plain.id, 200);
    expect(approved).toMatchObject({ status: 'completed', negotiation: 'special_price_requested' });
    // Cancel without a body works too.
    const third = await api.req<Order>(201, 'POST', '/api/v1/orders/request-special-price/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 1, unit_price: asked },
    });
    expect((await cancel(third.id, 200)).status).toBe('cancelled');
  });

  it('validates the request', async () => {
    const offer = offerOf(demo.ownIds[0], 6);
    const unpublished = must(
      (
        await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
          token: demo.seller,
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
      const body = await api.req(400, 'POST', '/api/v1/orders/request-special-price/', { token: demo.client, json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    expect((await orders({ limit: 1 })).count).toBe(before);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [['POST', '/api/v1/orders/request-special-price/', demo.client]]);
    expect(problems).toEqual([]);
  });
});
