import {
  invalidJsonProblems,
  type Offer,
  type OfferBatchResult,
  type OfferPage,
  type Options,
  type Query,
  serverPerFile,
} from './support/server';
import {
  byMoney,
  byTime,
  day,
  firstDisorder,
  must,
  OPERATION_OWNERS,
  searchParam,
  textSorted,
  time,
} from './support/util';

const api = serverPerFile();
const LONG = 'x'.repeat(100_000);
const DAY = 24 * 60 * 60 * 1000;
const RUN = `Zq${Date.now().toString(36)}`;

let client = '';
let seller = '';
let seller2 = '';
let options: Options;
let own: Options['sellers'];
let foreign: Options['sellers'];

beforeAll(async () => {
  client = await api.token('client');
  seller = await api.token('seller');
  seller2 = await api.token('seller2');
  options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: seller });
  own = options.sellers.filter((s) => s.is_own);
  foreign = options.sellers.filter((s) => !s.is_own);
});

const offers = (query: Query = {}, token = client) =>
  api.req<OfferPage>(200, 'GET', '/api/v1/offers/', { token, query });
const manage = (query: Query = {}, token = seller) =>
  api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token, query });

function csvFile(lines: string[]): FormData {
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'offers.csv');
  return form;
}
const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

type Field = keyof Offer;
const ORDERINGS: [string, Field, 'time' | 'money' | 'text'][] = [
  ['start_date', 'start', 'time'],
  ['end_date', 'end', 'time'],
  ['unit_price', 'unit_price', 'money'],
  ['product', 'product', 'text'],
  ['publish_date', 'published_at', 'time'],
  ['created_at', 'uploaded_at', 'time'],
];

function expectOrdered(
  results: Offer[],
  field: Field,
  kind: 'time' | 'money' | 'text',
  descending: boolean,
  label: string,
) {
  const values = results.map((o) => o[field]).filter((v): v is string => typeof v === 'string');
  expect(values.length, label).toBeGreaterThan(1);
  if (kind === 'text') {
    expect(textSorted(values, descending), `${label}: ${values.slice(0, 12).join(' | ')}`).toBe(true);
    return;
  }
  const at = firstDisorder(values, kind === 'time' ? byTime : byMoney, descending);
  expect(at, `${label}: out of order at ${at}: ${values.slice(Math.max(0, at - 1), at + 1).join(' then ')}`).toBe(-1);
}

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
    const second = await api.req<OfferPage>(200, 'GET', nextLink, { token: client });
    expect(second.results.map((o) => o.id)).toEqual(whole.results.slice(5, 10).map((o) => o.id));
    const third = await offers({ limit: 5, offset: 10 });
    expect(third.results.map((o) => o.id)).toEqual(whole.results.slice(10, 15).map((o) => o.id));
    const previous = must(third.previous, 'previous link');
    expect(searchParam(previous, 'limit')).toBe('5');
    expect(searchParam(previous, 'offset')).toBe('5');
    const back = await api.req<OfferPage>(200, 'GET', must(second.previous, 'previous link'), { token: client });
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
    const publisher = must(options.publishers[0]);
    const byPublisher = await offers({ publisher: publisher.id, limit: 100 });
    expect(byPublisher.count).toBeGreaterThan(0);
    expect(byPublisher.count).toBeLessThan(total);
    expect(byPublisher.results.every((o) => o.publisher_id === publisher.id && o.publisher === publisher.name)).toBe(
      true,
    );

    const region = must(options.regions[0]);
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
        const page: OfferPage = await api.req<OfferPage>(200, 'GET', url, { token: client });
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
      const body = await api.req(400, 'GET', '/api/v1/offers/', { token: client, query });
      expect(body[field], JSON.stringify(query).slice(0, 80)).toEqual([expect.any(String)]);
    }
  });
});

describe('listManageOffers', () => {
  it('lists only the caller’s own offers, both published and unpublished', async () => {
    const ownIds = own.map((s) => s.id);
    const page = await manage({ limit: 100 });
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((o) => ownIds.includes(o.seller_id))).toBe(true);
    const published = await manage({ publishType: 'published', limit: 100 });
    const unpublished = await manage({ publishType: 'unpublished', limit: 100 });
    expect(published.count).toBeGreaterThan(0);
    expect(unpublished.count).toBeGreaterThan(0);
    expect(published.count + unpublished.count).toBe(page.count);
    expect(published.results.every((o) => o.is_published && ownIds.includes(o.seller_id))).toBe(true);
    expect(unpublished.results.every((o) => !o.is_published && ownIds.includes(o.seller_id))).toBe(true);
    expect((await manage({ is_published: true })).count).toBe(published.count);
    expect((await manage({ is_published: false })).count).toBe(unpublished.count);
    const other = await manage({ limit: 100 }, seller2);
    const foreignIds = foreign.map((s) => s.id);
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

  it('filters by publisher, region, search and dates, and paginates', async () => {
    const publisher = must(options.publishers[1]);
    const byPublisher = await manage({ publisher: publisher.id, limit: 100 });
    expect(byPublisher.count).toBeGreaterThan(0);
    expect(byPublisher.results.every((o) => o.publisher_id === publisher.id)).toBe(true);
    const region = must(options.regions[1]);
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
    const second = await api.req<OfferPage>(200, 'GET', must(first.next), { token: seller });
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
    ];
    for (const [query, field] of cases) {
      const body = await api.req(400, 'GET', '/api/v1/manage-offers/', { token: seller, query });
      expect(body[field], JSON.stringify(query)).toEqual([expect.any(String)]);
    }
    const denied = await api.req(403, 'GET', '/api/v1/manage-offers/', { token: client });
    expect(denied.detail).toEqual(expect.any(String));
  });
});

describe('uploadOffers, publishOffers and bulkUpdateOffers', () => {
  let uploaded: Offer[] = [];

  it('imports a CSV as unpublished offers of the caller', async () => {
    const store = must(own[0]);
    const eu = must(options.regions.find((r) => r.code === 'EU') ?? options.regions[0]);
    const second = must(options.regions.find((r) => r.id !== eu.id));
    const publisher = must(options.publishers[0]);
    const start = iso(-2);
    const end = iso(30);
    const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', {
      token: seller,
      form: csvFile([
        HEADER,
        `${RUN} Alpha,${publisher.name},${store.name},${eu.code},promo,true,12.50,${start},${end}`,
        `"${RUN} Beta, Deluxe",${publisher.name},${store.name},${second.name},regular,false,7.05,${start},${end}`,
      ]),
    });
    expect(result.count).toBe(2);
    expect(result.offers).toHaveLength(2);
    const [alpha, beta] = [
      must(result.offers.find((o) => o.product === `${RUN} Alpha`)),
      must(result.offers.find((o) => o.product === `${RUN} Beta, Deluxe`)),
    ];
    expect(alpha).toMatchObject({
      publisher_id: publisher.id,
      publisher: publisher.name,
      seller_id: store.id,
      seller: store.name,
      region_id: eu.id,
      region: eu.name,
      region_code: eu.code,
      type: 'promo',
      is_hot: true,
      unit_price: '12.50',
      is_published: false,
      published_at: null,
    });
    expect(time(alpha.start)).toBe(time(start));
    expect(time(alpha.end)).toBe(time(end));
    expect(beta).toMatchObject({ region_id: second.id, type: 'regular', is_hot: false, unit_price: '7.05' });
    uploaded = [alpha, beta];

    const listed = await manage({ search: RUN, limit: 100 });
    expect(listed.results.map((o) => o.id).sort()).toEqual(uploaded.map((o) => o.id).sort());
    // Newest uploads come first among the unpublished.
    const unpublished = await manage({ publishType: 'unpublished', limit: 2 });
    expect(unpublished.results.map((o) => o.id).sort()).toEqual(uploaded.map((o) => o.id).sort());
    expect((await manage({ publishType: 'published', search: RUN })).count).toBe(0);
    expect((await offers({ search: RUN })).count).toBe(0);
    expect((await manage({ search: RUN }, seller2)).count).toBe(0);
  });

  it('writes nothing when a row is invalid and names the row and column', async () => {
    const store = must(own[0]);
    const publisher = must(options.publishers[0]);
    const region = must(options.regions[0]);
    const good = (name: string) =>
      `${RUN} ${name},${publisher.name},${store.name},${region.code},regular,false,10.00,${iso(-1)},${iso(10)}`;
    const badRegion = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: seller,
      form: csvFile([
        HEADER,
        good('Bad1'),
        `${RUN} Bad2,${publisher.name},${store.name},Atlantis,regular,false,10.00,${iso(-1)},${iso(10)}`,
        good('Bad3'),
      ]),
    });
    expect(badRegion['rows.3.region']).toEqual([expect.any(String)]);
    // Only the bad row is blamed (a summary under non_field_errors is allowed).
    expect(Object.keys(badRegion).filter((key) => key !== 'non_field_errors')).toEqual(['rows.3.region']);

    const many = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: seller,
      form: csvFile([
        HEADER,
        `${RUN} Bad4,${publisher.name},${store.name},${region.code},regular,false,abc,${iso(-1)},${iso(10)}`,
        good('Bad5'),
        `${RUN} Bad6,${publisher.name},${must(foreign[0]).name},${region.code},regular,false,10.00,${iso(-1)},${iso(10)}`,
        `${RUN} Bad7,No Such Publisher,${store.name},${region.code},bundle,maybe,10.00,${iso(-1)},${iso(10)}`,
        `${RUN} Bad8,${publisher.name},${store.name},${region.code},regular,false,10.00,not a date,${iso(10)}`,
        `${RUN} Bad9,${publisher.name},${store.name},${region.code},regular,false,10.00,${iso(10)},${iso(-1)}`,
        `${RUN} Bad10,${publisher.name},${store.name},${region.code},regular,false,-3.00,${iso(-1)},${iso(10)}`,
      ]),
    });
    for (const key of [
      'rows.2.unit_price',
      'rows.4.seller',
      'rows.5.publisher',
      'rows.5.type',
      'rows.5.hot',
      'rows.6.start',
      'rows.8.unit_price',
    ]) {
      expect(many[key], key).toEqual([expect.any(String)]);
    }
    expect(Object.keys(many).some((key) => key.startsWith('rows.7.'))).toBe(true);
    expect(Object.keys(many).some((key) => key.startsWith('rows.3.'))).toBe(false);
    expect((await manage({ search: `${RUN} Bad` })).count).toBe(0);
  });

  it('accepts CSV with CRLF line endings (RFC 4180)', async () => {
    const store = must(own[0]);
    const line = `${RUN} Crlf,${must(options.publishers[0]).name},${store.name},${must(options.regions[0]).code},regular,false,3.00,${iso(-1)},${iso(5)}`;
    const form = new FormData();
    form.append('file', new Blob([`${HEADER}\r\n${line}\r\n`], { type: 'text/csv' }), 'offers.csv');
    const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', { token: seller, form });
    expect(result.count).toBe(1);
    expect(must(result.offers[0])).toMatchObject({ product: `${RUN} Crlf`, is_hot: false, unit_price: '3.00' });
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: { offers: [{ id: must(result.offers[0]).id, product: `Done ${Date.now()} crlf` }] },
    });
  });

  it('accepts UTF-8 CSV with a byte order mark, as spreadsheets write it', async () => {
    const store = must(own[0]);
    const line = `${RUN} Bom Spiel für Ärger,${must(options.publishers[0]).name},${store.name},${must(options.regions[0]).code},regular,true,4.00,${iso(-1)},${iso(5)}`;
    const form = new FormData();
    form.append('file', new Blob([`\uFEFF${HEADER}\n${line}\n`], { type: 'text/csv' }), 'offers.csv');
    const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', { token: seller, form });
    expect(must(result.offers[0]).product).toBe(`${RUN} Bom Spiel für Ärger`);
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: { offers: [{ id: must(result.offers[0]).id, product: `Done ${Date.now()} bom` }] },
    });
  });

  it('answers 400 to a missing or malformed file and 403 to a client', async () => {
    const missing = await api.req(400, 'POST', '/api/v1/offers/upload/', { token: seller, form: new FormData() });
    expect(missing.file).toEqual([expect.any(String)]);
    const wrongHeader = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: seller,
      form: csvFile(['name,price', 'Something,1.00']),
    });
    expect(Object.keys(wrongHeader).length).toBeGreaterThan(0);
    const store = must(own[0]);
    const row = `${RUN} Client,${must(options.publishers[0]).name},${store.name},${must(options.regions[0]).code},regular,false,1.00,${iso(-1)},${iso(1)}`;
    await api.req(403, 'POST', '/api/v1/offers/upload/', { token: client, form: csvFile([HEADER, row]) });
    expect((await manage({ search: `${RUN} Client` })).count).toBe(0);
  });

  it('publishes offers: they move between the publishType lists and reach clients', async () => {
    const ids = uploaded.map((o) => o.id);
    expect(ids).toHaveLength(2);
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: seller,
      json: { offer_ids: ids },
    });
    expect(result.count).toBe(2);
    expect(result.offers.map((o) => o.id).sort()).toEqual([...ids].sort());
    for (const offer of result.offers) {
      expect(offer.is_published).toBe(true);
      expect(Math.abs(time(must(offer.published_at)) - Date.now())).toBeLessThan(60_000);
    }
    const published = await manage({ publishType: 'published', limit: 2 });
    expect(published.results.map((o) => o.id).sort()).toEqual([...ids].sort());
    expect((await manage({ publishType: 'unpublished', search: RUN })).count).toBe(0);
    expect((await manage({ publishedDate: day(0), search: RUN })).count).toBe(2);
    const seen = await offers({ search: RUN });
    expect(seen.results.map((o) => o.id).sort()).toEqual([...ids].sort());
  });

  it('withdraws offers with publish=false', async () => {
    const [alpha, beta] = uploaded.map((o) => o.id) as [number, number];
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: seller,
      json: { offer_ids: [alpha], publish: false },
    });
    expect(result.count).toBe(1);
    expect(must(result.offers[0])).toMatchObject({ id: alpha, is_published: false });
    expect((await manage({ publishType: 'unpublished', search: RUN })).results.map((o) => o.id)).toEqual([alpha]);
    expect((await manage({ publishType: 'published', search: RUN })).results.map((o) => o.id)).toEqual([beta]);
    expect((await offers({ search: RUN })).results.map((o) => o.id)).toEqual([beta]);
  });

  it('refuses to publish offers of another seller or unknown ids (404), bad bodies (400), clients (403)', async () => {
    const theirs = must((await manage({ limit: 1 }, seller2)).results[0]);
    const before = theirs.is_published;
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', {
      token: seller,
      json: { offer_ids: [theirs.id], publish: !before },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', { token: seller, json: { offer_ids: [999_999_999] } });
    const after = must(
      (await manage({ search: theirs.product, limit: 100 }, seller2)).results.find((o) => o.id === theirs.id),
    );
    expect(after.is_published).toBe(before);
    const cases: [unknown, string][] = [
      [{ offer_ids: [] }, 'offer_ids'],
      [{}, 'offer_ids'],
      [{ offer_ids: ['one'] }, 'offer_ids.0'],
      [{ offer_ids: [0] }, 'offer_ids.0'],
      [{ offer_ids: [1], publish: 'yes' }, 'publish'],
      [{ offer_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'offer_ids'],
      [{ offer_ids: [1], extra: 1 }, 'extra'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/manage-offers/publish/', { token: seller, json });
      expect(body[field], JSON.stringify(json).slice(0, 80)).toEqual([expect.any(String)]);
    }
    await api.req(403, 'POST', '/api/v1/manage-offers/publish/', {
      token: client,
      json: { offer_ids: [must(uploaded[0]).id] },
    });
  });

  it('bulk-updates fields of several offers at once', async () => {
    const [alpha, beta] = uploaded as [Offer, Offer];
    const otherStore = must(
      own.find((s) => s.id !== alpha.seller_id),
      'second own storefront',
    );
    const region = must(options.regions.find((r) => r.id !== alpha.region_id));
    const publisher = must(options.publishers.find((p) => p.id !== alpha.publisher_id));
    const start = new Date(Date.now() - 3 * DAY).toISOString();
    const end = new Date(Date.now() + 40 * DAY).toISOString();
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: {
        offers: [
          {
            id: alpha.id,
            product: `${RUN} Alpha Renamed`,
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
      product: `${RUN} Alpha Renamed`,
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
    const reread = await manage({ search: RUN, limit: 100 });
    expect(reread.results.find((o) => o.id === alpha.id)).toEqual(a);
    const clientView = must((await offers({ search: RUN })).results.find((o) => o.id === beta.id));
    expect(time(clientView.end)).toBe(time(end));
    uploaded = [a, b];
  });

  it('changes nothing when one of the changes is invalid', async () => {
    const [alpha, beta] = uploaded as [Offer, Offer];
    const body = await api.req(400, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: {
        offers: [
          { id: alpha.id, product: `${RUN} Should Not Stick` },
          { id: beta.id, end: new Date(time(beta.start) - DAY).toISOString() },
        ],
      },
    });
    expect(
      Object.keys(body).some((key) => key.startsWith('offers.1')),
      JSON.stringify(body),
    ).toBe(true);
    const reread = await manage({ search: RUN, limit: 100 });
    expect(reread.results.find((o) => o.id === alpha.id)?.product).toBe(alpha.product);
    expect(reread.results.find((o) => o.id === beta.id)?.end).toBe(beta.end);
  });

  it('validates every field of a change', async () => {
    const id = must(uploaded[0]).id;
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
      [{ offers: [{ id, seller_id: must(foreign[0]).id }] }, 'offers.0.seller_id'],
      [{ offers: [{ id, colour: 'red' }] }, 'offers.0.colour'],
      [{ offers: [{ id: 'one' }] }, 'offers.0.id'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/manage-offers/update/', { token: seller, json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    const reread = await manage({ search: RUN, limit: 100 });
    expect(reread.results.find((o) => o.id === id)).toEqual(uploaded[0]);
  });

  it('answers 404 for offers of another seller or unknown ids, 403 for a client', async () => {
    const theirs = must((await manage({ limit: 1 }, seller2)).results[0]);
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: { offers: [{ id: theirs.id, product: 'Hijacked' }] },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: {
        offers: [
          { id: must(uploaded[0]).id, product: 'Partly mine' },
          { id: theirs.id, product: 'Hijacked' },
        ],
      },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/update/', {
      token: seller,
      json: { offers: [{ id: 999_999_999, product: 'Ghost' }] },
    });
    const after = must(
      (await manage({ limit: 100, search: theirs.product }, seller2)).results.find((o) => o.id === theirs.id),
    );
    expect(after.product).toBe(theirs.product);
    expect(
      (await manage({ search: RUN, limit: 100 })).results.find((o) => o.id === must(uploaded[0]).id)?.product,
    ).toBe(must(uploaded[0]).product);
    await api.req(403, 'POST', '/api/v1/manage-offers/update/', {
      token: client,
      json: { offers: [{ id: must(uploaded[0]).id, product: 'Client edit' }] },
    });
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/manage-offers/publish/', seller],
      ['POST', '/api/v1/manage-offers/update/', seller],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('coverage', () => {
  it('reached each operation of this file with a 2xx answer', () => {
    api.expectCovered(OPERATION_OWNERS.offers);
  });
});
