/** A seller's own offers: the manage list, and bulk updates of uploaded offers. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { DAY, expectOrdered, offerLists, uniqueTag, uploadAlphaBeta } from './support/offers';
import {
  invalidJsonProblems,
  meetingAtTheDatabase,
  type OfferBatchResult,
  type OfferConflict,
  type OfferPage,
  type Query,
  serverPerFile,
} from './support/server';
import { day, LONG, must, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'manage-offers');
const demo = demoAccounts(api);

const { offers, manage } = offerLists(api, demo);

describe('listManageOffers', () => {
  it('lists only the caller’s own offers, both published and unpublished', async () => {
    const page = await manage({ limit: 100 });
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((o) => demo.ownIds.includes(o.seller_id))).toBe(true);
    const published = await manage({ publishType: 'published', limit: 100 });
    const unpublished = await manage({ publishType: 'unpublished', limit: 100 });
    expect(published.count).toBeGreaterThan(0);
    expect(unpublished.count).toBeGreaterThan(0);
    expect(published.count + unpublished.count).toBe(page.count);
    expect(published.results.every((o) => o.is_published && demo.ownIds.includes(o.seller_id))).toBe(true);
    expect(unpublished.results.every((o) => !o.is_published && demo.ownIds.includes(o.seller_id))).toBe(true);
    expect((await manage({ is_published: true })).count).toBe(published.count);
    expect((await manage({ is_published: false })).count).toBe(unpublished.count);
    const other = await manage({ limit: 100 }, demo.seller2);
    const foreignIds = demo.foreign.map((s) => s.id);
    expect(other.count).toBeGreaterThan(0);
    expect(other.results.every((o) => foreignIds.includes(o.seller_id))).toBe(true);
  });

  it('orders unpublished by -created_at and published by -publish_date by default', async () => {
    const published = await manage({ publishType: 'published', limit: 100 });
    expectOrdered(published.results, 'published_at', 'time', true, 'published default');
    const unpublished = await manage({ publishType: 'unpublished', limit: 100 });
    expectOrdered(unpublished.results, 'uploaded_at', 'time', true, 'unpublished default');
    const byPrice = await manage({ publishType: 'published', ordering: '-unit_price', limit: 100 });
    expectOrdered(byPrice.results, 'unit_price', 'money', true, 'ordering=-unit_price');
    const byProduct = await manage({ ordering: 'product', limit: 100 });
    expectOrdered(byProduct.results, 'product', 'text', false, 'ordering=product');
  });

  it('keeps offers published on the given publishedDate', async () => {
    const published = await manage({ publishType: 'published', limit: 100 });
    const date = must(must(published.results[3]).published_at).slice(0, 10);
    const onDay = await manage({ publishedDate: date, limit: 100 });
    expect(onDay.count).toBeGreaterThan(0);
    expect(onDay.count).toBeLessThan(published.count);
    expect(onDay.results.every((o) => o.published_at?.slice(0, 10) === date)).toBe(true);
  });

  it('keeps offers valid at the given moment (valid_at)', async () => {
    const all = await manage({ limit: 100 });
    const offer = must(all.results[2]);
    const moment = new Date((time(offer.start) + time(offer.end)) / 2).toISOString();
    const valid = await manage({ valid_at: moment, limit: 100 });
    expect(valid.results.map((o) => o.id)).toContain(offer.id);
    expect(valid.count).toBeLessThanOrEqual(all.count);
    expect(valid.results.every((o) => time(o.start) <= time(moment) && time(o.end) >= time(moment))).toBe(true);
    const atStart = await manage({ valid_at: offer.start, limit: 100 });
    expect(atStart.results.map((o) => o.id)).toContain(offer.id);
    const never = await manage({ valid_at: '1901-01-01T00:00:00Z' });
    expect(never.count).toBe(0);
  });

  it('filters by publisher, region, search and dates, and paginates', async () => {
    const publisher = must(demo.options.publishers[1]);
    const byPublisher = await manage({ publisher: publisher.id, limit: 100 });
    expect(byPublisher.count).toBeGreaterThan(0);
    expect(byPublisher.results.every((o) => o.publisher_id === publisher.id)).toBe(true);
    const region = must(demo.options.regions[1]);
    const byRegion = await manage({ region: region.id, limit: 100 });
    expect(byRegion.count).toBeGreaterThan(0);
    expect(byRegion.results.every((o) => o.region_id === region.id)).toBe(true);
    const word = must(must((await manage()).results[0]).product.split(' ')[1]);
    const found = await manage({ search: word.toLowerCase(), limit: 100 });
    expect(found.count).toBeGreaterThan(0);
    expect(found.results.every((o) => o.product.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const from = day(20);
    const later = await manage({ start_date: from, limit: 100 });
    expect(later.count).toBeGreaterThan(0);
    expect(later.results.every((o) => time(o.end) >= time(`${from}T00:00:00Z`))).toBe(true);
    const first = await manage({ limit: 3 });
    const second = await api.req<OfferPage>(200, 'GET', must(first.next), { token: demo.seller });
    const six = await manage({ limit: 6 });
    expect([...first.results, ...second.results].map((o) => o.id)).toEqual(six.results.map((o) => o.id));
  });

  it('answers 400 to invalid query values and 403 to a client', async () => {
    const cases: [Query, string][] = [
      [{ publishType: 'draft' }, 'publishType'],
      [{ publishedDate: '2026-02-30' }, 'publishedDate'],
      [{ ordering: 'seller' }, 'ordering'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 1000 }, 'limit'],
      [{ is_published: 'yes please' }, 'is_published'],
      [{ start_date: 'tomorrow' }, 'start_date'],
      [{ valid_at: '2026-11-24' }, 'valid_at'],
      [{ valid_at: '2026-11-24T25:00:00Z' }, 'valid_at'],
    ];
    for (const [query, field] of cases) {
      const body = await api.req(400, 'GET', '/api/v1/manage-offers/', { token: demo.seller, query });
      expect(body[field], JSON.stringify(query)).toEqual([expect.any(String)]);
    }
    const denied = await api.req(403, 'GET', '/api/v1/manage-offers/', { token: demo.client });
    expect(denied.detail).toEqual(expect.any(String));
  });
});

describe('bulkUpdateOffers', () => {
  it('bulk-updates fields of several offers at once', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [beta.id] },
    });
    const otherStore = must(
      demo.own.find((s) => s.id !== alpha.seller_id),
      'second own storefront',
    );
    const region = must(demo.options.regions.find((r) => r.id !== alpha.region_id));
    const publisher = must(demo.options.publishers.find((p) => p.id !== alpha.publisher_id));
    const start = new Date(Date.now() - 3 * DAY).toISOString();
    const end = new Date(Date.now() + 40 * DAY).toISOString();
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: {
        offers: [
          {
            id: alpha.id,
            product: `${tag} Alpha Renamed`,
            unit_price: '9.99',
            is_hot: false,
            type: 'regular',
            region_id: region.id,
            publisher_id: publisher.id,
            seller_id: otherStore.id,
          },
          { id: beta.id, start, end },
        ],
      },
    });
    expect(result.count).toBe(2);
    const a = must(result.offers.find((o) => o.id === alpha.id));
    const b = must(result.offers.find((o) => o.id === beta.id));
    expect(a).toMatchObject({
      product: `${tag} Alpha Renamed`,
      unit_price: '9.99',
      is_hot: false,
      type: 'regular',
      region_id: region.id,
      region: region.name,
      publisher_id: publisher.id,
      publisher: publisher.name,
      seller_id: otherStore.id,
      seller: otherStore.name,
      is_published: false,
    });
    expect(time(a.start)).toBe(time(alpha.start));
    expect(time(b.start)).toBe(time(start));
    expect(time(b.end)).toBe(time(end));
    expect(b).toMatchObject({ product: beta.product, unit_price: beta.unit_price, is_published: true });
    const reread = await manage({ search: tag, limit: 100 });
    expect(reread.results.find((o) => o.id === alpha.id)).toEqual(a);
    const clientView = must((await offers({ search: tag })).results.find((o) => o.id === beta.id));
    expect(time(clientView.end)).toBe(time(end));
  });

  it('changes nothing when one of the changes is invalid', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    const body = await api.req(400, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: {
        offers: [
          { id: alpha.id, product: `${tag} Should Not Stick` },
          { id: beta.id, end: new Date(time(beta.start) - DAY).toISOString() },
        ],
      },
    });
    expect(
      Object.keys(body).some((key) => key.startsWith('offers.1')),
      JSON.stringify(body),
    ).toBe(true);
    const reread = await manage({ search: tag, limit: 100 });
    expect(reread.results.find((o) => o.id === alpha.id)?.product).toBe(alpha.product);
    expect(reread.results.find((o) => o.id === beta.id)?.end).toBe(beta.end);
  });

  it('validates every field of a change', async () => {
    const tag = uniqueTag();
    const { alpha } = await uploadAlphaBeta(api, demo, tag);
    const id = alpha.id;
    const cases: [unknown, string][] = [
      [{ offers: [] }, 'offers'],
      [{}, 'offers'],
      [{ offers: [{ product: 'No id' }] }, 'offers.0.id'],
      [{ offers: [{ id, product: '' }] }, 'offers.0.product'],
      [{ offers: [{ id, product: LONG }] }, 'offers.0.product'],
      [{ offers: [{ id, unit_price: '12.5' }] }, 'offers.0.unit_price'],
      [{ offers: [{ id, unit_price: 12.5 }] }, 'offers.0.unit_price'],
      [{ offers: [{ id, unit_price: '-5.00' }] }, 'offers.0.unit_price'],
      [{ offers: [{ id, unit_price: '0.00' }] }, 'offers.0.unit_price'],
      [{ offers: [{ id, type: 'bundle' }] }, 'offers.0.type'],
      [{ offers: [{ id, is_hot: 'yes' }] }, 'offers.0.is_hot'],
      [{ offers: [{ id, start: 'yesterday' }] }, 'offers.0.start'],
      [{ offers: [{ id, region_id: 999_999 }] }, 'offers.0.region_id'],
      [{ offers: [{ id, publisher_id: 999_999 }] }, 'offers.0.publisher_id'],
      [{ offers: [{ id, seller_id: must(demo.foreign[0]).id }] }, 'offers.0.seller_id'],
      [{ offers: [{ id, colour: 'red' }] }, 'offers.0.colour'],
      [{ offers: [{ id: 'one' }] }, 'offers.0.id'],
      [{ offers: [{ id, version: 0 }] }, 'offers.0.version'],
      [{ offers: [{ id, version: 1.5 }] }, 'offers.0.version'],
      [{ offers: [{ id, version: '1' }] }, 'offers.0.version'],
      [{ offers: [{ id, version: 2_147_483_648 }] }, 'offers.0.version'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/manage-offers/update/', { token: demo.seller, json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    const reread = await manage({ search: tag, limit: 100 });
    expect(reread.results.find((o) => o.id === id)).toEqual(alpha);
  });

  it('answers 404 for offers of another seller or unknown ids, 403 for a client', async () => {
    const tag = uniqueTag();
    const { alpha } = await uploadAlphaBeta(api, demo, tag);
    const theirs = must((await manage({ limit: 1 }, demo.seller2)).results[0]);
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: theirs.id, product: 'Hijacked' }] },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: {
        offers: [
          { id: alpha.id, product: 'Partly mine' },
          { id: theirs.id, product: 'Hijacked' },
        ],
      },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: 999_999_999, product: 'Ghost' }] },
    });
    const after = must(
      (await manage({ limit: 100, search: theirs.product }, demo.seller2)).results.find((o) => o.id === theirs.id),
    );
    expect(after.product).toBe(theirs.product);
    expect((await manage({ search: tag, limit: 100 })).results.find((o) => o.id === alpha.id)?.product).toBe(
      alpha.product,
    );
    await api.req(403, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.client,
      json: { offers: [{ id: alpha.id, product: 'Client edit' }] },
    });
  });
});

describe('offer versions', () => {
  const update = (status: number, offers: Record<string, unknown>[]) =>
    api.req<OfferBatchResult & OfferConflict>(status, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers },
    });
  const publish = (offerIds: number[], publish = true) =>
    api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: offerIds, publish },
    });
  const reread = async (tag: string, id: number) =>
    must((await manage({ search: tag, limit: 100 })).results.find((o) => o.id === id));

  it('starts at 1 and grows by one with every write: update, publish, withdraw', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    expect([alpha.version, beta.version]).toEqual([1, 1]);

    const updated = must((await update(200, [{ id: alpha.id, unit_price: '8.00' }])).offers[0]);
    expect(updated.version).toBe(2);
    expect(await reread(tag, alpha.id)).toEqual(updated);

    const published = await publish([alpha.id, beta.id]);
    expect(published.offers.map((o) => [o.id, o.version])).toEqual([
      [alpha.id, 3],
      [beta.id, 2],
    ]);
    // Publishing again writes nothing, so nothing moves on.
    const again = await publish([alpha.id]);
    expect(again.count).toBe(0);
    expect(must(again.offers[0]).version).toBe(3);
    expect(must((await offers({ search: tag })).results.find((o) => o.id === alpha.id)).version).toBe(3);

    const withdrawn = await publish([alpha.id], false);
    expect(must(withdrawn.offers[0]).version).toBe(4);
    // A refused update writes nothing either.
    await update(400, [{ id: alpha.id, end: new Date(time(alpha.start) - DAY).toISOString() }]);
    expect((await reread(tag, alpha.id)).version).toBe(4);
    expect((await reread(tag, beta.id)).version).toBe(2);
  });

  it('refuses a change from a stale version with 409 and the current offer, writing nothing', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    const theirs = must((await update(200, [{ id: alpha.id, product: `${tag} Theirs`, version: 1 }])).offers[0]);
    expect(theirs.version).toBe(2);

    const refused = await update(409, [
      { id: beta.id, product: `${tag} Beta Mine`, version: 1 },
      { id: alpha.id, product: `${tag} Alpha Mine`, unit_price: '1.00', version: 1 },
    ]);
    expect(refused.code).toBe('stale_version');
    expect(refused.detail).toEqual(expect.any(String));
    expect(refused.offers).toEqual([theirs]);
    expect(await reread(tag, alpha.id)).toEqual(theirs);
    expect(await reread(tag, beta.id)).toEqual(beta);

    // A version the offer never had is just as stale; a stale version is reported before bad values.
    const ahead = await update(409, [{ id: beta.id, product: `${tag} Ahead`, version: 7 }]);
    expect(ahead.offers).toEqual([beta]);
    const both = await update(409, [{ id: alpha.id, unit_price: '0.00', version: 1 }]);
    expect(both.offers.map((o) => o.id)).toEqual([alpha.id]);

    const saved = await update(200, [{ id: alpha.id, product: `${tag} Alpha Mine`, version: theirs.version }]);
    expect(must(saved.offers[0])).toMatchObject({ product: `${tag} Alpha Mine`, version: 3 });
  });

  it('lets one of two saves from the same version through and refuses the other', async () => {
    const tag = uniqueTag();
    const { alpha } = await uploadAlphaBeta(api, demo, tag);
    const save = (product: string) =>
      api.call<OfferBatchResult & OfferConflict>('POST', '/api/v1/manage-offers/update/', {
        token: demo.seller,
        json: { offers: [{ id: alpha.id, product, version: alpha.version }] },
      });
    // Both reach the database before either is answered: a save that read the version before
    // locking the offer would let both through.
    const answers = await meetingAtTheDatabase(api, () => Promise.all([save(`${tag} First`), save(`${tag} Second`)]));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = must(must(answers.find((a) => a.status === 200)).body.offers[0]);
    const lost = must(answers.find((a) => a.status === 409)).body;
    expect(won.version).toBe(2);
    expect(lost.offers).toEqual([won]);
    expect(await reread(tag, alpha.id)).toEqual(won);
  });

  it('applies a change without a version whatever the current version', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    await publish([alpha.id]);
    const result = await update(200, [
      { id: alpha.id, unit_price: '3.00' },
      { id: beta.id, unit_price: '3.00', version: 1 },
    ]);
    expect(result.offers.map((o) => [o.id, o.unit_price, o.version])).toEqual([
      [alpha.id, '3.00', 3],
      [beta.id, '3.00', 2],
    ]);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [['POST', '/api/v1/manage-offers/update/', demo.seller]]);
    expect(problems).toEqual([]);
  });
});
