/**
 * Whether offers can still be ordered: one answer per distinct id, in request order, for any
 * signed-in user; unpublished offers are their seller's (behaviour §6).
 */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { iso } from './support/offers';
import { orderSteps } from './support/orders';
import { type OfferAvailability, type OfferBatchResult, type OfferPage, serverPerFile } from './support/server';
import { LONG, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'offer-availability');
const demo = demoAccounts(api);
const { offerOf } = orderSteps(api, demo);

const availability = (offerIds: unknown, token = demo.client) =>
  api.req<{ offers: OfferAvailability[] }>(200, 'POST', '/api/v1/offers/availability/', {
    token,
    json: { offer_ids: offerIds },
  });

const withdraw = (offerId: number) =>
  api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
    token: demo.seller,
    json: { offer_ids: [offerId], publish: false },
  });

const setDates = (offerId: number, start: string, end: string) =>
  api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
    token: demo.seller,
    json: { offers: [{ id: offerId, start, end }] },
  });

const NOT_FOUND = 2_147_483_647;

describe('checkOfferAvailability', () => {
  it('answers each status with the offer’s current price and product, once per id, in request order', async () => {
    const store = must(demo.ownIds[0]);
    const available = offerOf(store, 0);
    const withdrawn = offerOf(store, 1);
    const ended = offerOf(store, 2);
    const upcoming = offerOf(store, 3);
    const both = offerOf(store, 4);
    await withdraw(withdrawn.id);
    await setDates(ended.id, iso(-10), iso(-1));
    await setDates(upcoming.id, iso(2), iso(10));
    await setDates(both.id, iso(-10), iso(-1));
    await withdraw(both.id);

    const asked = [NOT_FOUND, available.id, withdrawn.id, available.id, ended.id, upcoming.id];
    const { offers } = await availability([...asked, both.id, NOT_FOUND]);
    expect(offers.map((o) => [o.offer_id, o.status])).toEqual([
      [NOT_FOUND, 'not_found'],
      [available.id, 'available'],
      [withdrawn.id, 'withdrawn'],
      [ended.id, 'ended'],
      [upcoming.id, 'available'],
      [both.id, 'withdrawn'],
    ]);
    expect(must(offers[0])).toEqual({ offer_id: NOT_FOUND, status: 'not_found', unit_price: null, product: null });
    for (const [index, offer] of [available, withdrawn, ended, upcoming, both].entries()) {
      const answer = must(
        offers.find((o) => o.offer_id === offer.id),
        `offer #${index}`,
      );
      expect(answer.unit_price).toBe(offer.unit_price);
      expect(answer.product).toBe(offer.product);
    }
  });

  it('follows price changes and republishing, and answers sellers too', async () => {
    const offer = offerOf(must(demo.ownIds[0]), 5);
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: offer.id, unit_price: '43.21', product: `${offer.product} Gold` }] },
    });
    expect((await availability([offer.id])).offers).toEqual([
      { offer_id: offer.id, status: 'available', unit_price: '43.21', product: `${offer.product} Gold` },
    ]);
    await withdraw(offer.id);
    expect(must((await availability([offer.id], demo.seller2)).offers[0]).status).toBe('withdrawn');
    await api.req(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [offer.id] },
    });
    expect(must((await availability([offer.id], demo.seller)).offers[0]).status).toBe('available');
    await setDates(offer.id, iso(-5), iso(-1));
    expect(must((await availability([offer.id])).offers[0]).status).toBe('ended');
  });

  it('shows unpublished offers whole to their seller only (behaviour §6)', async () => {
    const draft = must(
      (
        await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', {
          token: demo.seller,
          query: { publishType: 'unpublished', limit: 1 },
        })
      ).results[0],
    );
    const gone = { offer_id: draft.id, status: 'not_found', unit_price: null, product: null };
    expect((await availability([draft.id])).offers).toEqual([gone]);
    expect((await availability([draft.id], demo.seller2)).offers).toEqual([gone]);
    expect((await availability([draft.id], demo.seller)).offers).toEqual([
      { offer_id: draft.id, status: 'withdrawn', unit_price: draft.unit_price, product: draft.product },
    ]);

    // Withdrawn, product and price stay readable while they are what clients saw published.
    const offer = offerOf(must(demo.ownIds[0]), 7);
    await withdraw(offer.id);
    await setDates(offer.id, iso(-1), iso(20));
    const seen = { offer_id: offer.id, status: 'withdrawn', unit_price: offer.unit_price, product: offer.product };
    expect((await availability([offer.id])).offers).toEqual([seen]);
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: offer.id, unit_price: '99.00' }] },
    });
    const hidden = { offer_id: offer.id, status: 'withdrawn', unit_price: null, product: null };
    expect((await availability([offer.id])).offers).toEqual([hidden]);
    expect((await availability([offer.id], demo.seller2)).offers).toEqual([hidden]);
    // Published again, its values are everyone's once more, and stay so when it is withdrawn.
    await api.req(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [offer.id] },
    });
    await withdraw(offer.id);
    expect((await availability([offer.id], demo.client2)).offers).toEqual([{ ...seen, unit_price: '99.00' }]);
  });

  it('answers 400 naming the field for bad lists, and 401 without a token', async () => {
    const offer = offerOf(must(demo.ownIds[0]), 6);
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    const cases: [unknown, string][] = [
      [{ offer_ids: [] }, 'offer_ids'],
      [{ offer_ids: tooMany }, 'offer_ids'],
      [{}, 'offer_ids'],
      [{ offer_ids: 'x' }, 'offer_ids'],
      [{ offer_ids: [offer.id, 'x'] }, 'offer_ids.1'],
      [{ offer_ids: [0] }, 'offer_ids.0'],
      [{ offer_ids: [2_147_483_648] }, 'offer_ids.0'],
      [{ offer_ids: [offer.id], note: LONG }, 'note'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/offers/availability/', { token: demo.client, json });
      expect(body[field], JSON.stringify(json).slice(0, 60)).toEqual([expect.any(String)]);
    }
    const full = await availability(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(full.offers).toHaveLength(500);
    await api.req(401, 'POST', '/api/v1/offers/availability/', { json: { offer_ids: [offer.id] } });
  });
});
