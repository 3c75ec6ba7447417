/** Getting offers in: CSV upload, then publishing and withdrawing them. */

import { publishers } from '../../server/db/schema';
import { ownsOperations } from './support/coverage';
import { demoAccounts } from './support/demo';
import { csvFile, HEADER, iso, offerLists, uniqueTag, uploadAlphaBeta } from './support/offers';
import {
  type ErrorBody,
  invalidJsonProblems,
  meetingAtTheDatabase,
  type OfferBatchResult,
  type Query,
  serverPerFile,
  type UploadDuplicate,
} from './support/server';
import { day, must, time } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'upload');
const demo = demoAccounts(api);

const { offers, manage } = offerLists(api, demo);

describe('uploadOffers', () => {
  it('imports a CSV as unpublished offers of the caller', async () => {
    const tag = uniqueTag();
    const {
      result,
      alpha,
      beta,
      sent: { store, eu, second, publisher, start, end },
    } = await uploadAlphaBeta(api, demo, tag);
    expect(result.count).toBe(2);
    expect(result.offers).toHaveLength(2);
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
    const uploaded = [alpha, beta];

    const listed = await manage({ search: tag, limit: 100 });
    expect(listed.results.map((o) => o.id).sort()).toEqual(uploaded.map((o) => o.id).sort());
    // Newest uploads come first among the unpublished.
    const unpublished = await manage({ publishType: 'unpublished', limit: 2 });
    expect(unpublished.results.map((o) => o.id).sort()).toEqual(uploaded.map((o) => o.id).sort());
    expect((await manage({ publishType: 'published', search: tag })).count).toBe(0);
    expect((await offers({ search: tag })).count).toBe(0);
    expect((await manage({ search: tag }, demo.seller2)).count).toBe(0);
  });

  it('writes nothing when a row is invalid and names the row and column', async () => {
    const tag = uniqueTag();
    const store = must(demo.own[0]);
    const publisher = must(demo.options.publishers[0]);
    const region = must(demo.options.regions[0]);
    const good = (name: string) =>
      `${tag} ${name},${publisher.name},${store.name},${region.code},regular,false,10.00,${iso(-1)},${iso(10)}`;
    const badRegion = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile([
        HEADER,
        good('Bad1'),
        `${tag} Bad2,${publisher.name},${store.name},Atlantis,regular,false,10.00,${iso(-1)},${iso(10)}`,
        good('Bad3'),
      ]),
    });
    expect(badRegion['rows.3.region']).toEqual([expect.any(String)]);
    // Only the bad row is blamed (a summary under non_field_errors is allowed).
    expect(Object.keys(badRegion).filter((key) => key !== 'non_field_errors')).toEqual(['rows.3.region']);

    const many = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile([
        HEADER,
        `${tag} Bad4,${publisher.name},${store.name},${region.code},regular,false,abc,${iso(-1)},${iso(10)}`,
        good('Bad5'),
        `${tag} Bad6,${publisher.name},${must(demo.foreign[0]).name},${region.code},regular,false,10.00,${iso(-1)},${iso(10)}`,
        `${tag} Bad7,No Such Publisher,${store.name},${region.code},bundle,maybe,10.00,${iso(-1)},${iso(10)}`,
        `${tag} Bad8,${publisher.name},${store.name},${region.code},regular,false,10.00,not a date,${iso(10)}`,
        `${tag} Bad9,${publisher.name},${store.name},${region.code},regular,false,10.00,${iso(10)},${iso(-1)}`,
        `${tag} Bad10,${publisher.name},${store.name},${region.code},regular,false,-3.00,${iso(-1)},${iso(10)}`,
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
    expect((await manage({ search: `${tag} Bad` })).count).toBe(0);
  });

  it('accepts CSV with CRLF line endings (RFC 4180)', async () => {
    const tag = uniqueTag();
    const store = must(demo.own[0]);
    const line = `${tag} Crlf,${must(demo.options.publishers[0]).name},${store.name},${must(demo.options.regions[0]).code},regular,false,3.00,${iso(-1)},${iso(5)}`;
    const form = new FormData();
    form.append('file', new Blob([`${HEADER}\r\n${line}\r\n`], { type: 'text/csv' }), 'offers.csv');
    const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', { token: demo.seller, form });
    expect(result.count).toBe(1);
    expect(must(result.offers[0])).toMatchObject({ product: `${tag} Crlf`, is_hot: false, unit_price: '3.00' });
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: must(result.offers[0]).id, product: `Done ${Date.now()} crlf` }] },
    });
  });

  it('accepts UTF-8 CSV with a byte order mark, as spreadsheets write it', async () => {
    const tag = uniqueTag();
    const store = must(demo.own[0]);
    const line = `${tag} Bom Spiel für Ärger,${must(demo.options.publishers[0]).name},${store.name},${must(demo.options.regions[0]).code},regular,true,4.00,${iso(-1)},${iso(5)}`;
    const form = new FormData();
    form.append('file', new Blob([`\uFEFF${HEADER}\n${line}\n`], { type: 'text/csv' }), 'offers.csv');
    const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', { token: demo.seller, form });
    expect(must(result.offers[0]).product).toBe(`${tag} Bom Spiel für Ärger`);
    await api.req(200, 'POST', '/api/v1/manage-offers/update/', {
      token: demo.seller,
      json: { offers: [{ id: must(result.offers[0]).id, product: `Done ${Date.now()} bom` }] },
    });
  });

  it('answers 400 to a missing or malformed file and 403 to a client', async () => {
    const tag = uniqueTag();
    const missing = await api.req(400, 'POST', '/api/v1/offers/upload/', { token: demo.seller, form: new FormData() });
    expect(missing.file).toEqual([expect.any(String)]);
    const wrongHeader = await api.req(400, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile(['name,price', 'Something,1.00']),
    });
    expect(Object.keys(wrongHeader).length).toBeGreaterThan(0);
    const store = must(demo.own[0]);
    const row = `${tag} Client,${must(demo.options.publishers[0]).name},${store.name},${must(demo.options.regions[0]).code},regular,false,1.00,${iso(-1)},${iso(1)}`;
    await api.req(403, 'POST', '/api/v1/offers/upload/', { token: demo.client, form: csvFile([HEADER, row]) });
    expect((await manage({ search: `${tag} Client` })).count).toBe(0);
  });
});

describe('uploadOffers: the same file twice', () => {
  const lines = (tag: string, publisher = must(demo.options.publishers[0]).name) => {
    const store = must(demo.own[0]).name;
    const region = must(demo.options.regions[0]).code;
    return [
      HEADER,
      `${tag} One,${publisher},${store},${region},regular,false,5.00,${iso(-1)},${iso(20)}`,
      `${tag} Two,${publisher},${store},${region},promo,true,6.00,${iso(-1)},${iso(20)}`,
    ];
  };
  const upload = <T = OfferBatchResult & UploadDuplicate>(status: number, file: string[], query: Query = {}) =>
    api.req<T>(status, 'POST', '/api/v1/offers/upload/', {
      token: demo.seller,
      form: csvFile(file),
      query,
    });

  it('answers 409 to a file already imported and writes nothing; allow_duplicate=true imports it again', async () => {
    const tag = uniqueTag();
    const file = lines(tag);
    const first = await upload(201, file);
    expect(first.count).toBe(2);

    const refused = await upload(409, file);
    expect(refused).toEqual({
      detail: 'This file was already uploaded (2 offers).',
      code: 'duplicate_file',
      uploaded_at: expect.any(String),
      count: 2,
    });
    expect(time(refused.uploaded_at)).toBe(time(must(first.offers[0]).uploaded_at));
    expect(await upload(409, file, { allow_duplicate: false })).toMatchObject({ code: 'duplicate_file' });
    expect((await manage({ search: tag, limit: 100 })).count).toBe(2);

    const again = await upload(201, file, { allow_duplicate: true });
    expect(again.count).toBe(2);
    expect(again.offers.filter((o) => first.offers.some((f) => f.id === o.id))).toEqual([]);
    expect((await manage({ search: tag, limit: 100 })).count).toBe(4);
    // The record now names the latest import.
    const latest = await upload(409, file);
    expect(time(latest.uploaded_at)).toBe(time(must(again.offers[0]).uploaded_at));
  });

  it('compares the bytes: the same offers written another way are another file', async () => {
    const tag = uniqueTag();
    const file = lines(tag);
    await upload(201, file);
    const form = new FormData();
    form.append('file', new Blob([`${file.join('\r\n')}\r\n`], { type: 'text/csv' }), 'offers.csv');
    await api.req(201, 'POST', '/api/v1/offers/upload/', { token: demo.seller, form });
    expect((await manage({ search: tag, limit: 100 })).count).toBe(4);
  });

  it('imports one of two uploads of the same file at once and refuses the other', async () => {
    const tag = uniqueTag();
    const file = lines(tag);
    const send = () => api.call('POST', '/api/v1/offers/upload/', { token: demo.seller, form: csvFile(file) });
    const answers = await meetingAtTheDatabase(api, () => Promise.all([send(), send()]));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await manage({ search: tag, limit: 100 })).count).toBe(2);
  });

  it('does not remember a file it refused (400)', async () => {
    const tag = uniqueTag();
    const name = `Publisher ${tag}`;
    const file = lines(tag, name);
    const refused = await upload<ErrorBody>(400, file);
    expect(refused['rows.2.publisher']).toEqual([`Unknown publisher "${name}".`]);
    await api.server.ctx.db.insert(publishers).values({ name });
    const imported = await upload(201, file);
    expect(imported.offers.map((o) => o.publisher)).toEqual([name, name]);
    await upload(409, file);
  });

  it('answers 400 to an allow_duplicate that is not a boolean', async () => {
    const refused = await upload<ErrorBody>(400, lines(uniqueTag()), { allow_duplicate: 'sometimes' });
    expect(refused.allow_duplicate).toEqual([expect.any(String)]);
  });
});

describe('publishOffers', () => {
  it('publishes offers: they move between the publishType lists and reach clients', async () => {
    const tag = uniqueTag();
    const { alpha, beta } = await uploadAlphaBeta(api, demo, tag);
    const ids = [alpha.id, beta.id];
    expect(ids).toHaveLength(2);
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
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
    expect((await manage({ publishType: 'unpublished', search: tag })).count).toBe(0);
    expect((await manage({ publishedDate: day(0), search: tag })).count).toBe(2);
    const seen = await offers({ search: tag });
    expect(seen.results.map((o) => o.id).sort()).toEqual([...ids].sort());
  });

  it('withdraws offers with publish=false', async () => {
    const tag = uniqueTag();
    const uploaded = await uploadAlphaBeta(api, demo, tag);
    const [alpha, beta] = [uploaded.alpha.id, uploaded.beta.id];
    await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [alpha, beta] },
    });
    const result = await api.req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [alpha], publish: false },
    });
    expect(result.count).toBe(1);
    expect(must(result.offers[0])).toMatchObject({ id: alpha, is_published: false });
    expect((await manage({ publishType: 'unpublished', search: tag })).results.map((o) => o.id)).toEqual([alpha]);
    expect((await manage({ publishType: 'published', search: tag })).results.map((o) => o.id)).toEqual([beta]);
    expect((await offers({ search: tag })).results.map((o) => o.id)).toEqual([beta]);
  });

  it('refuses to publish offers of another seller or unknown ids (404), bad bodies (400), clients (403)', async () => {
    const theirs = must((await manage({ limit: 1 }, demo.seller2)).results[0]);
    const before = theirs.is_published;
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [theirs.id], publish: !before },
    });
    await api.req(404, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.seller,
      json: { offer_ids: [999_999_999] },
    });
    const after = must(
      (await manage({ search: theirs.product, limit: 100 }, demo.seller2)).results.find((o) => o.id === theirs.id),
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
      const body = await api.req(400, 'POST', '/api/v1/manage-offers/publish/', { token: demo.seller, json });
      expect(body[field], JSON.stringify(json).slice(0, 80)).toEqual([expect.any(String)]);
    }
    await api.req(403, 'POST', '/api/v1/manage-offers/publish/', {
      token: demo.client,
      json: { offer_ids: [must((await manage({ limit: 1 })).results[0]).id] },
    });
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [['POST', '/api/v1/manage-offers/publish/', demo.seller]]);
    expect(problems).toEqual([]);
  });
});
