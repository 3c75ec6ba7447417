/** The offer list clients browse: paging, ordering, filters and bad query values. */
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { DAY, expectOrdered, ORDERINGS, offerLists } from './support/offers';
import { type OfferPage, type Query, serverPerFile } from './support/server';
import { day, LONG, must, searchParam, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'offers');
const demo = demoAccounts(api);

const { offers } = offerLists(api, demo);

describe('listOffers', () => {
  it('lists published offers that have not ended, newest start first, 10 per page', async () => {
    const page = await offers();
    expect(page.count).toBeGreaterThan(10);
    expect(page.results).toHaveLength(10);
    expect(page.previous).toBeNull();
    expect(searchParam(page.next, 'limit')).toBe('10');
    expect(searchParam(page.next, 'offset')).toBe('10');
    const all = await offers({ limit: 100 });
    expect(all.count).toBe(page.count);
    expect(all.results.every((o) => o.is_published && o.published_at !== null)).toBe(true);
    expect(all.results.every((o) => time(o.end) > Date.now())).toBe(true);
    expectOrdered(all.results, 'start', 'time', true, 'default -start_date');
    expect(page.results.map((o) => o.id)).toEqual(all.results.slice(0, 10).map((o) => o.id));
  });

  it('paginates with limit and offset, with working next and previous links', async () => {
    const whole = await offers({ limit: 15 });
    const first = await offers({ limit: 5 });
    expect(first.results.map((o) => o.id)).toEqual(whole.results.slice(0, 5).map((o) => o.id));
    const nextLink = must(first.next, 'next link');
    expect(searchParam(nextLink, 'limit')).toBe('5');
    expect(searchParam(nextLink, 'offset')).toBe('5');
    const second = await api.req<OfferPage>(200, 'GET', nextLink, { token: demo.client });
    expect(second.results.map((o) => o.id)).toEqual(whole.results.slice(5, 10).map((o) => o.id));
    const third = await offers({ limit: 5, offset: 10 });
    expect(third.results.map((o) => o.id)).toEqual(whole.results.slice(10, 15).map((o) => o.id));
    const previous = must(third.previous, 'previous link');
    expect(searchParam(previous, 'limit')).toBe('5');
    expect(searchParam(previous, 'offset')).toBe('5');
    const back = await api.req<OfferPage>(200, 'GET', must(second.previous, 'previous link'), { token: demo.client });
    expect(back.results.map((o) => o.id)).toEqual(first.results.map((o) => o.id));
    const last = await offers({ limit: 5, offset: whole.count - 1 });
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    const beyond = await offers({ offset: whole.count + 50 });
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(whole.count);
    // Filters survive in the links.
    const promo = await offers({ type: 'promo', limit: 1 });
    if (promo.count > 1) expect(searchParam(promo.next, 'type')).toBe('promo');
  });

  it('orders by each documented field, both ways', async () => {
    for (const [name, field, kind] of ORDERINGS) {
      for (const descending of [false, true]) {
        const ordering = `${descending ? '-' : ''}${name}`;
        const page = await offers({ ordering, limit: 100 });
        expectOrdered(page.results, field, kind, descending, `ordering=${ordering}`);
      }
    }
    const asc = await offers({ ordering: 'unit_price', limit: 100 });
    const desc = await offers({ ordering: '-unit_price', limit: 100 });
    expect(asc.count).toBe(desc.count);
    expect(must(asc.results[0]).unit_price).not.toBe(must(desc.results[0]).unit_price);
  });

  it('filters by publisher, region, type and search', async () => {
    const total = (await offers()).count;
    const publisher = must(demo.options.publishers[0]);
    const byPublisher = await offers({ publisher: publisher.id, limit: 100 });
    expect(byPublisher.count).toBeGreaterThan(0);
    expect(byPublisher.count).toBeLessThan(total);
    expect(byPublisher.results.every((o) => o.publisher_id === publisher.id && o.publisher === publisher.name)).toBe(
      true,
    );

    const region = must(demo.options.regions[0]);
    const byRegion = await offers({ region: region.id, limit: 100 });
    expect(byRegion.count).toBeGreaterThan(0);
    expect(byRegion.count).toBeLessThan(total);
    expect(byRegion.results.every((o) => o.region_id === region.id && o.region_code === region.code)).toBe(true);

    const promo = await offers({ type: 'promo', limit: 100 });
    const regular = await offers({ type: 'regular', limit: 100 });
    expect(promo.count).toBeGreaterThan(0);
    expect(promo.results.every((o) => o.type === 'promo')).toBe(true);
    expect(regular.results.every((o) => o.type === 'regular')).toBe(true);
    expect(promo.count + regular.count).toBe(total);

    const word = must(must((await offers()).results[0]).product.split(' ')[0]);
    const found = await offers({ search: word.toUpperCase(), limit: 100 });
    expect(found.count).toBeGreaterThan(0);
    expect(found.count).toBeLessThan(total);
    expect(found.results.every((o) => o.product.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const none = await offers({ search: 'no offer is called like this' });
    expect(none).toMatchObject({ count: 0, results: [], next: null, previous: null });

    const combined = await offers({ publisher: publisher.id, type: 'regular', limit: 100 });
    expect(combined.count).toBeGreaterThan(0);
    expect(combined.results.every((o) => o.publisher_id === publisher.id && o.type === 'regular')).toBe(true);
    expect(combined.count).toBeLessThanOrEqual(byPublisher.count);
  });

  it('pages through the whole list without repeating or skipping offers, even on ties', async () => {
    for (const ordering of ['unit_price', '-start_date', 'product']) {
      const seen: number[] = [];
      let url: string | null = `/api/v1/offers/?limit=7&ordering=${ordering}`;
      let count = 0;
      while (url) {
        const page: OfferPage = await api.req<OfferPage>(200, 'GET', url, { token: demo.client });
        count = page.count;
        seen.push(...page.results.map((o) => o.id));
        url = page.next;
      }
      expect(seen.length, ordering).toBe(count);
      expect(new Set(seen).size, `${ordering}: an offer appeared on two pages`).toBe(count);
    }
    expect((await offers({ limit: 100 })).results).toHaveLength(100);
  });

  it('treats search text literally (LIKE wildcards, quotes)', async () => {
    for (const search of ['%', '_', "' OR '1'='1", '\\', '"; DROP TABLE offers; --']) {
      const page = await offers({ search });
      expect(page.count, search).toBe(0);
    }
    expect((await offers()).count).toBeGreaterThan(0);
  });

  it('is_published=true changes nothing and is_published=false lists nothing', async () => {
    const total = (await offers()).count;
    expect((await offers({ is_published: true })).count).toBe(total);
    expect(await offers({ is_published: false })).toMatchObject({ count: 0, results: [] });
  });

  it('with start_date/end_date lists offers overlapping those days, ended ones included', async () => {
    const from = day(10);
    const later = await offers({ start_date: from, limit: 100 });
    expect(later.count).toBeGreaterThan(0);
    expect(later.results.every((o) => time(o.end) >= time(`${from}T00:00:00Z`))).toBe(true);
    const until = day(-5);
    const earlier = await offers({ end_date: until, limit: 100 });
    expect(earlier.count).toBeGreaterThan(0);
    expect(earlier.results.every((o) => time(o.start) < time(`${until}T00:00:00Z`) + DAY)).toBe(true);
    const window = await offers({ start_date: day(-59), end_date: day(0), limit: 100, ordering: 'end_date' });
    expect(window.results.every((o) => time(o.end) >= time(`${day(-59)}T00:00:00Z`))).toBe(true);
    expect(window.results.every((o) => time(o.start) < time(`${day(0)}T00:00:00Z`) + DAY)).toBe(true);
    // The seed has offers that ended in the last weeks; the default list hides them, a window shows them.
    expect(window.results.some((o) => time(o.end) < Date.now())).toBe(true);
    // Both bounds: offers valid over the whole span (ending after the first day, starting before the last).
    const spanning = await offers({ start_date: day(30), end_date: day(-30), limit: 100 });
    expect(spanning.count).toBeGreaterThan(0);
    expect(spanning.results.every((o) => time(o.end) >= time(`${day(30)}T00:00:00Z`))).toBe(true);
    expect(spanning.results.every((o) => time(o.start) < time(`${day(-30)}T00:00:00Z`) + DAY)).toBe(true);
  });

  it('answers 400 to invalid query values', async () => {
    const cases: [Query, string][] = [
      [{ type: 'bundle' }, 'type'],
      [{ ordering: 'price' }, 'ordering'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 1000 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{ publisher: 'ubisoft' }, 'publisher'],
      [{ publisher: 0 }, 'publisher'],
      [{ region: 1.5 }, 'region'],
      [{ start_date: '2026-13-45' }, 'start_date'],
      [{ end_date: '01/02/2026' }, 'end_date'],
      [{ is_published: 'perhaps' }, 'is_published'],
      [{ search: LONG }, 'search'],
      [{ limit: 101 }, 'limit'],
      [{ start_date: '2027-02-29' }, 'start_date'],
      [{ type: 'PROMO' }, 'type'],
    ];
    for (const [query, field] of cases) {
      const body = await api.req(400, 'GET', '/api/v1/offers/', { token: demo.client, query });
      expect(body[field], JSON.stringify(query).slice(0, 80)).toEqual([expect.any(String)]);
    }
  });
});
