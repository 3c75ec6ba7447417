/**
 * The client list's `count` and whole answers are kept between requests (server/queries/
 * offer-counts.ts, offer-answers.ts); they must still follow every change at once: an upload,
 * publishing, withdrawing, an edit that moves an offer out of the filter, and an offer ending
 * while the filters stay the same.
 */
import { demoAccounts } from './support/demo';
import { csvFile, DAY, HEADER, offerLists, uniqueTag } from './support/offers';
import { type OfferBatchResult, serverPerFile } from './support/server';
import { must } from './support/util';

let clock = Date.now();
const api = serverPerFile({}, { now: () => new Date(clock) });
const demo = demoAccounts(api);
const { offers } = offerLists(api, demo);

const publish = (ids: number[], publish = true) =>
  api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
    token: demo.seller,
    json: { offer_ids: ids, publish },
  });

describe('listOffers count', () => {
  it('follows uploads, publishing, edits and offers ending', async () => {
    const tag = uniqueTag();
    const query = { type: 'regular', search: tag };
    const count = async (extra: Record<string, string | number> = {}) => (await offers({ ...query, ...extra })).count;
    expect(await count()).toBe(0);
    expect(await count({ ordering: 'product' })).toBe(0);

    const store = must(demo.own[0]);
    const publisher = must(demo.options.publishers[0]);
    const region = must(demo.options.regions[0]);
    const start = new Date(clock - DAY).toISOString();
    const row = (name: string, end: number) =>
      `${tag} ${name},${publisher.name},${store.name},${region.code},regular,false,10.00,${start},${new Date(end).toISOString()}`;
    const uploaded = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile([HEADER, row('Soon', clock + 60_000), row('Later', clock + 30 * DAY)]),
    });
    const soon = must(uploaded.offers.find((o) => o.product === `${tag} Soon`));
    const later = must(uploaded.offers.find((o) => o.product === `${tag} Later`));
    // Unpublished offers are not listed.
    expect(await count()).toBe(0);

    await publish([soon.id, later.id]);
    expect(await count()).toBe(2);
    // Paging and ordering share the count, and it stays right when asked again.
    expect(await count({ ordering: '-unit_price', limit: 1, offset: 1 })).toBe(2);
    expect(await count()).toBe(2);
    // A page past the end holds no offers to read the change stamp with; its count is kept all the same.
    expect(await count({ offset: 10 })).toBe(2);

    const listed = async (extra: Record<string, string | number> = {}) =>
      (await offers({ ...query, ...extra })).results.map((offer) => offer.product);
    expect(await listed({ ordering: 'product' })).toEqual([`${tag} Later`, `${tag} Soon`]);

    // Soon ends: the same filters, nothing written, one offer fewer, in the count and the page.
    clock += 2 * 60_000;
    expect(await count()).toBe(1);
    expect(await count({ ordering: 'product' })).toBe(1);
    expect(await listed({ ordering: 'product' })).toEqual([`${tag} Later`]);

    // A validity range does not depend on the time; it is counted from how many offers start and
    // end on each day, whichever bounds it has, and directly when given backwards.
    const day = new Date(clock - DAY).toISOString().slice(0, 10);
    const fiveDaysOn = new Date(clock + 5 * DAY).toISOString().slice(0, 10);
    expect(await count({ start_date: day, end_date: day })).toBe(2);
    expect(await count({ start_date: day })).toBe(2);
    expect(await count({ end_date: day })).toBe(2);
    expect(await count({ start_date: fiveDaysOn })).toBe(1);
    expect(await count({ start_date: fiveDaysOn, end_date: day })).toBe(1);

    // An edit that moves the offer to the other tab.
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: later.id, type: 'promo' }] },
    });
    // Asked first past the end, where the kept count is checked against the stamp alone.
    expect(await count({ offset: 10 })).toBe(0);
    expect(await listed({ ordering: 'product' })).toEqual([]);
    expect(await count()).toBe(0);
    expect(await count({ type: 'promo' })).toBe(1);
    expect(await count({ start_date: day, end_date: day })).toBe(1);
    expect(await count({ start_date: fiveDaysOn })).toBe(0);
    expect(await count({ type: 'promo', start_date: day, end_date: day })).toBe(1);
    expect(await count({ type: 'promo', start_date: fiveDaysOn })).toBe(1);

    await publish([later.id], false);
    expect(await count({ type: 'promo' })).toBe(0);
    expect(await count({ type: 'promo', start_date: day, end_date: day })).toBe(0);
  });
});

describe('listOffers is_hot', () => {
  it('keeps hot offers only, and counts them apart from the list without the filter', async () => {
    const tag = uniqueTag();
    const store = must(demo.own[0]);
    const publisher = must(demo.options.publishers[0]);
    const region = must(demo.options.regions[0]);
    const start = new Date(clock - DAY).toISOString();
    const end = new Date(clock + 30 * DAY).toISOString();
    const row = (name: string, hot: boolean) =>
      `${tag} ${name},${publisher.name},${store.name},${region.code},regular,${hot},10.00,${start},${end}`;
    const uploaded = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile([HEADER, row('Hot', true), row('Cold A', false), row('Cold B', false)]),
    });
    await publish(uploaded.offers.map((offer) => offer.id));

    const query = { type: 'regular', search: tag, ordering: 'product' };
    const all = await offers(query);
    expect(all.count).toBe(3);
    // Asked after the same filters without it: a count kept for those must not answer for these.
    const hot = await offers({ ...query, is_hot: 'true' });
    expect(hot.count).toBe(1);
    expect(hot.results.map((offer) => offer.product)).toEqual([`${tag} Hot`]);
    const cold = await offers({ ...query, is_hot: 'false' });
    expect(cold.count).toBe(2);
    expect(cold.results.every((offer) => !offer.is_hot)).toBe(true);
    // With a validity range, counted from the days of its own filters.
    const day = new Date(clock).toISOString().slice(0, 10);
    expect((await offers({ ...query, start_date: day, end_date: day })).count).toBe(3);
    expect((await offers({ ...query, start_date: day, end_date: day, is_hot: 'true' })).count).toBe(1);
    await api.req(400, 'GET', '/api/v1/offers/', { token: demo.client, query: { ...query, is_hot: 'maybe' } });
  });
});
