/** Who may do what: clients refused seller operations, and one party's data hidden from another. */
import type { Method } from './support/contract';
import { demoAccounts } from './support/demo';
import { orderSteps } from './support/orders';
import {
  type CallOptions,
  type Cart,
  type Invoice,
  type OfferAvailability,
  type OfferPage,
  type OrderPage,
  serverPerFile,
} from './support/server';
import { day, must } from './support/util';

const api = serverPerFile();
const demo = demoAccounts(api);
const { offerOf, placeOrder, findOrder, review, invoices } = orderSteps(api, demo);

describe('authorization', () => {
  it('refuses clients every seller-only operation with 403, changing nothing', async () => {
    const mineOffers = await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: demo.seller });
    const offer = must(mineOffers.results[0]);
    const order = await placeOrder(demo.client, must(demo.ownIds[0]), 4, 1);
    const unpaid = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, demo.seller)).results[0]);
    const completed = must(
      (await review({ status: 'completed', invoiced: false, limit: 100 })).results.find(
        (o) => o.client.id === demo.clientId,
      ),
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          `product,publisher,demo.seller,region,type,hot,unit_price,start,end\nX,${must(demo.options.publishers[0]).name},${offer.seller},${must(demo.options.regions[0]).code},regular,false,1.00,${new Date().toISOString()},${new Date(Date.now() + 86_400_000).toISOString()}\n`,
        ],
        { type: 'text/csv' },
      ),
      'offers.csv',
    );
    const othersOrder = await placeOrder(demo.client2, must(demo.ownIds[0]), 5, 1);
    const othersInvoice = must(
      (await invoices({ paymentStatus: 'unpaid', limit: 100 }, demo.seller)).results.find(
        (i) => i.client.id !== unpaid.client.id,
      ),
    );
    const clientOf = (id: number) => (id === demo.clientId ? demo.client : demo.client2);
    const notClientOf = (id: number) => (id === demo.clientId ? demo.client2 : demo.client);
    const attempts: [Method, string, CallOptions][] = [
      ['GET', '/api/v1/manage-offers/', { token: demo.client }],
      [
        'POST',
        '/api/v1/manage-offers/publish/',
        { token: demo.client, json: { offer_ids: [offer.id], publish: !offer.is_published } },
      ],
      [
        'POST',
        '/api/v1/manage-offers/update/',
        { token: demo.client, json: { offers: [{ id: offer.id, unit_price: '0.99' }] } },
      ],
      ['POST', '/api/v1/offers/upload/', { token: demo.client, form }],
      ['GET', '/api/v1/review-orders/', { token: demo.client }],
      [
        'POST',
        '/api/v1/invoices/',
        { token: clientOf(completed.client.id), json: { order_ids: [completed.id], due_date: day(30) } },
      ],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: clientOf(unpaid.client.id) }],
      ['POST', `/api/v1/invoices/${unpaid.id}/pay/`, { token: notClientOf(unpaid.client.id) }],
      ['POST', `/api/v1/invoices/${othersInvoice.id}/pay/`, { token: notClientOf(othersInvoice.client.id) }],
      ['POST', `/api/v1/orders/${order.id}/approve/`, { token: demo.client }],
      ['POST', `/api/v1/orders/${othersOrder.id}/approve/`, { token: demo.client }],
      [
        'POST',
        `/api/v1/orders/${order.id}/counter/`,
        { token: demo.client, json: { lines: [{ line_id: must(order.lines[0]).id, unit_price: '0.01' }] } },
      ],
      [
        'POST',
        `/api/v1/orders/${othersOrder.id}/counter/`,
        { token: demo.client, json: { lines: [{ line_id: must(othersOrder.lines[0]).id, unit_price: '0.01' }] } },
      ],
    ];
    const wrong: string[] = [];
    for (const [method, url, callOptions] of attempts) {
      const who = callOptions.token === demo.client ? 'client' : 'client2';
      const res = await api.call(method, url, callOptions);
      if (res.status !== 403 || typeof res.body.detail !== 'string') {
        wrong.push(`${who} ${method} ${url}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong, 'a client calling a seller-only operation must get 403').toEqual([]);
    const offerAfter = (
      await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: demo.seller })
    ).results.find((o) => o.id === offer.id);
    expect(offerAfter).toEqual(offer);
    expect(await findOrder(order.id, demo.seller, 'review-orders')).toEqual(order);
    expect(await findOrder(othersOrder.id, demo.seller, 'review-orders')).toEqual(othersOrder);
    expect(await findOrder(completed.id, demo.seller, 'review-orders')).toEqual(completed);
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${unpaid.id}/`, { token: demo.seller })).toEqual(
      unpaid,
    );
  });

  it('hides one client’s cart lines, orders and invoices from another client (404)', async () => {
    const offer = offerOf(demo.ownIds2[0], 1);
    const cart = await api.req<Cart>(200, 'POST', '/api/v1/cart/add/', {
      token: demo.client,
      json: { offer_id: offer.id, quantity: 4 },
    });
    const item = must(cart.items.find((i) => i.offer_id === offer.id));
    await api.req(404, 'PATCH', `/api/v1/cart/update/${item.id}/`, { token: demo.client2, json: { quantity: 1 } });
    await api.req(404, 'DELETE', `/api/v1/cart/remove/${item.id}/`, { token: demo.client2 });
    expect(
      (await api.req<Cart>(200, 'GET', '/api/v1/cart/', { token: demo.client2 })).items.map((i) => i.id),
    ).not.toContain(item.id);
    expect(await api.req<Cart>(200, 'GET', '/api/v1/cart/', { token: demo.client })).toEqual(cart);

    const order = await placeOrder(demo.client, must(demo.ownIds2[0]), 2, 1);
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: demo.client2 });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/counter/response/`, {
      token: demo.client2,
      json: { accept: true },
    });
    expect(
      (
        await api.req<OrderPage>(200, 'GET', '/api/v1/orders/', { token: demo.client2, query: { limit: 100 } })
      ).results.map((o) => o.id),
    ).not.toContain(order.id);
    expect(await findOrder(order.id, demo.client, 'orders')).toEqual(order);

    const theirInvoice = must((await invoices({ limit: 1 })).results[0]);
    await api.req(404, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: demo.client2 });
  });

  it('keeps a seller’s drafts, and what changed after a withdrawal, from everyone else (checkOfferAvailability)', async () => {
    const availability = async (offerIds: number[], token: string) =>
      (
        await api.req<{ offers: OfferAvailability[] }>(200, 'POST', '/api/v1/offers/availability/', {
          token,
          json: { offer_ids: offerIds },
        })
      ).offers;
    const drafts = (
      await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
        token: demo.seller,
        query: { publishType: 'unpublished', limit: 100 },
      })
    ).results;
    expect(drafts.length).toBeGreaterThan(0);
    const draftIds = drafts.map((offer) => offer.id);
    for (const token of [demo.seller2, demo.client2, demo.client]) {
      expect(await availability(draftIds, token)).toEqual(
        draftIds.map((id) => ({ offer_id: id, status: 'not_found', unit_price: null, product: null })),
      );
    }
    // Sequential ids, 500 at a time: a sweep finds no draft of another seller.
    const swept = await availability(
      Array.from({ length: 500 }, (_, i) => i + 1),
      demo.seller2,
    );
    expect(swept.filter((entry) => draftIds.includes(entry.offer_id)).map((entry) => entry.status)).toEqual(
      draftIds.filter((id) => id <= 500).map(() => 'not_found'),
    );
    // Its seller sees its drafts whole.
    expect(await availability(draftIds, demo.seller)).toEqual(
      drafts.map((offer) => ({
        offer_id: offer.id,
        status: 'withdrawn',
        unit_price: offer.unit_price,
        product: offer.product,
      })),
    );

    // Withdrawn, it shows what everyone saw published, until the seller changes it.
    const offer = offerOf(demo.ownIds[1], 6);
    await api.req(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [offer.id], publish: false },
    });
    const seen = { offer_id: offer.id, status: 'withdrawn', unit_price: offer.unit_price, product: offer.product };
    expect(await availability([offer.id], demo.seller2)).toEqual([seen]);
    expect(await availability([offer.id], demo.client2)).toEqual([seen]);
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: offer.id, unit_price: '0.50', product: 'Next season’s bundle' }] },
    });
    const hidden = { offer_id: offer.id, status: 'withdrawn', unit_price: null, product: null };
    expect(await availability([offer.id], demo.seller2)).toEqual([hidden]);
    expect(await availability([offer.id], demo.client2)).toEqual([hidden]);
    expect(await availability([offer.id], demo.seller)).toEqual([
      { offer_id: offer.id, status: 'withdrawn', unit_price: '0.50', product: 'Next season’s bundle' },
    ]);
  });

  it('hides one seller’s offers, orders and invoices from another seller (404)', async () => {
    const order = await placeOrder(demo.client, must(demo.ownIds2[0]), 3, 1);
    const line = must(order.lines[0]).id;
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/approve/`, { token: demo.seller });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/counter/`, {
      token: demo.seller,
      json: { lines: [{ line_id: line, quantity: 9 }] },
    });
    await api.req(404, 'POST', `/api/v1/orders/${order.id}/cancel/`, { token: demo.seller });
    expect(await findOrder(order.id, demo.seller2, 'review-orders')).toEqual(order);

    const theirOffer = must(
      (await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: demo.seller2 })).results[0],
    );
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [theirOffer.id], publish: !theirOffer.is_published },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: theirOffer.id, product: 'Taken over' }] },
    });

    const theirInvoice = must((await invoices({ paymentStatus: 'unpaid', limit: 1 }, demo.seller2)).results[0]);
    await api.req(404, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: demo.seller });
    await api.req(404, 'POST', `/api/v1/invoices/${theirInvoice.id}/pay/`, { token: demo.seller });
    expect(await api.req<Invoice>(200, 'GET', `/api/v1/invoices/${theirInvoice.id}/`, { token: demo.seller2 })).toEqual(
      theirInvoice,
    );
    // Another seller's orders cannot be invoiced either.
    const foreign = must((await review({ status: 'completed', invoiced: false }, demo.seller2)).results[0]);
    await api.req(400, 'POST', '/api/v1/invoices/', {
      token: demo.seller,
      json: { order_ids: [foreign.id], due_date: day(5) },
    });
    expect((await findOrder(foreign.id, demo.seller2, 'review-orders')).invoice_id).toBeNull();
  });
});
