/**
 * The contract itself (the coverage map, the response validator, the served schema), the option
 * lists and the health check, then the answers once the database is gone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { DATABASE_AWAY, OUTCOME_UNKNOWN, RETRY_AFTER_SECONDS } from '../../server/http/errors';
import {
  document,
  type Method,
  matchOperation,
  operationById,
  operationIds,
  responseProblems,
} from './support/contract';
import { OPERATION_OWNERS, ownsOperations } from './support/coverage';
import { type Options, serverPerFile } from './support/server';
import { textSorted } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'meta');

describe('coverage map', () => {
  it('assigns every contract operation to exactly one existing test file, which declares it', () => {
    const owned: string[] = Object.values(OPERATION_OWNERS).flat();
    expect([...owned].sort()).toEqual([...operationIds].sort());
    expect(new Set(owned).size).toBe(owned.length);
    for (const file of Object.keys(OPERATION_OWNERS)) {
      const source = fileURLToPath(new URL(`./${file}.test.ts`, import.meta.url));
      expect(existsSync(source), file).toBe(true);
      expect(readFileSync(source, 'utf8'), file).toContain(`ownsOperations(api, '${file}')`);
    }
  });
});

describe('response validator', () => {
  it('rejects answers that break the contract (so the checks in every call can fail)', () => {
    const list = operationById('listOffers');
    const json = 'application/json';
    expect(
      responseProblems(list, 200, json, JSON.stringify({ count: 0, next: null, previous: null, results: [] })),
    ).toEqual([]);
    expect(responseProblems(list, 200, json, JSON.stringify({ count: 0, results: [] }))[0]).toMatch(/does not match/);
    expect(
      responseProblems(list, 200, json, JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 1 }] })),
    ).toHaveLength(1);
    expect(responseProblems(list, 500, json, '{"detail": "boom"}')[0]).toMatch(/not documented/);
    expect(responseProblems(list, 404, json, '{"detail": "Not found."}')[0]).toMatch(/not documented/);
    expect(responseProblems(list, 200, 'text/html', '<html></html>')[0]).toMatch(/content type/);
    expect(responseProblems(list, 400, json, '{"limit": "bad"}')[0]).toMatch(/does not match/);
    expect(responseProblems(list, 400, json, '{"limit": ["Ensure this value is less than or equal to 100."]}')).toEqual(
      [],
    );
    expect(responseProblems(list, 401, json, '{"message": "no"}')[0]).toMatch(/does not match/);
    const money = {
      id: 1,
      product: 'p',
      publisher_id: 1,
      publisher: 'p',
      seller_id: 1,
      seller: 's',
      region_id: 1,
      region: 'r',
      region_code: 'R',
      type: 'regular',
      is_hot: false,
      unit_price: '12.5',
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-02T00:00:00.000Z',
      is_published: true,
      uploaded_at: '2026-01-01T00:00:00.000Z',
      published_at: null,
      image: null,
      version: 1,
    };
    const page = (offer: unknown) => JSON.stringify({ count: 1, next: null, previous: null, results: [offer] });
    expect(responseProblems(list, 200, json, page(money))[0]).toMatch(/unit_price/);
    expect(responseProblems(list, 200, json, page({ ...money, unit_price: '12.50' }))).toEqual([]);
    expect(
      responseProblems(list, 200, json, page({ ...money, unit_price: '12.50', start: '2026-01-01 10:00' }))[0],
    ).toMatch(/start/);
    expect(responseProblems(list, 200, json, page({ ...money, unit_price: '12.50', type: 'bundle' }))[0]).toMatch(
      /type/,
    );
    expect(matchOperation('POST', '/api/v1/orders/request-special-price/')?.operationId).toBe('requestSpecialPrice');
    expect(matchOperation('POST', '/api/v1/orders/12/counter/response/')?.operationId).toBe('respondToCounter');
    expect(matchOperation('POST', '/api/v1/orders/12/counter/')?.operationId).toBe('counterOrder');
    expect(matchOperation('GET', '/api/v1/invoices/12/')?.operationId).toBe('readInvoice');
    expect(matchOperation('GET', '/api/v1/token')).toBeUndefined();
  });
});

describe('listOptions', () => {
  it('lists publishers, regions and storefronts ordered by name', async () => {
    const options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: await api.token('client') });
    expect(options.publishers.length).toBeGreaterThan(1);
    expect(options.regions.length).toBeGreaterThan(1);
    expect(options.sellers.length).toBeGreaterThan(1);
    expect(textSorted(options.publishers.map((p) => p.name))).toBe(true);
    expect(textSorted(options.regions.map((r) => r.name))).toBe(true);
    expect(textSorted(options.sellers.map((s) => s.name))).toBe(true);
    expect(options.regions.every((r) => r.code.length > 0)).toBe(true);
    // A client owns no storefront.
    expect(options.sellers.every((s) => s.is_own === false)).toBe(true);
  });

  it('marks the caller’s own storefronts', async () => {
    const seller = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: await api.token('seller') });
    const seller2 = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: await api.token('seller2') });
    const own = seller.sellers.filter((s) => s.is_own).map((s) => s.id);
    const own2 = seller2.sellers.filter((s) => s.is_own).map((s) => s.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own2.length).toBeGreaterThan(0);
    expect(own.filter((id) => own2.includes(id))).toEqual([]);
    expect(seller.sellers.map((s) => s.id).sort()).toEqual(seller2.sellers.map((s) => s.id).sort());
  });
});

describe('readSchema', () => {
  it('serves the contract as YAML by default and as JSON on request, without a token', async () => {
    const yaml = await api.call<string>('GET', '/api/v1/schema/');
    expect(yaml.status).toBe(200);
    expect(yaml.contentType).toMatch(/^application\/yaml/);
    const parsed = parse(yaml.body) as typeof document & { openapi: string };
    expect(parsed.openapi).toBe('3.1.0');
    expect(Object.keys(parsed.paths).sort()).toEqual(Object.keys(document.paths).sort());
    const json = await api.req<typeof document>(200, 'GET', '/api/v1/schema/', { query: { format: 'json' } });
    expect(json).toEqual(parsed);
    const withLang = await api.call<string>('GET', '/api/v1/schema/', { query: { lang: 'de' } });
    expect(withLang.status).toBe(200);
    expect(withLang.body).toBe(yaml.body);
  });

  it('answers 400 to an unknown format', async () => {
    const body = await api.req(400, 'GET', '/api/v1/schema/', { query: { format: 'xml' } });
    expect(body.format).toEqual([expect.any(String)]);
    await api.req(400, 'GET', '/api/v1/schema/', { query: { lang: 'x'.repeat(21) } });
  });
});

describe('checkHealth', () => {
  it('answers 200 without a token while the database answers, and says nothing more', async () => {
    const health = await api.call<Record<string, unknown>>('GET', '/api/v1/health/');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('Cache-Control')).toBe('no-store');
  });
});

// Last in the file: it closes the server's database (the embedded one, or on PostgreSQL its pool).
// The PostgreSQL server itself going away, under two real processes, is tests/postgres/database-outage.test.ts.
describe('the database gone from under a running server (behaviour §7)', () => {
  it('answers 503 with Retry-After to every call that needs the database, and serves the rest', async () => {
    const { access, refresh } = await api.login('client');
    await api.server.database.close();

    const calls: [Method, string, { token?: string; json?: unknown }, string][] = [
      ['GET', '/api/v1/health/', {}, DATABASE_AWAY],
      ['GET', '/api/v1/profile', { token: access }, DATABASE_AWAY],
      ['GET', '/api/v1/offers/', { token: access }, DATABASE_AWAY],
      // Refused while authenticating: the operation never started, so nothing was written.
      ['POST', '/api/v1/cart/checkout/', { token: access, json: { cart_item_ids: [1] } }, DATABASE_AWAY],
      ['POST', '/api/v1/token', { json: { email: 'client@example.com', password: 'Demo-pass-2026' } }, DATABASE_AWAY],
      ['POST', '/api/v1/token/refresh', { json: { refresh } }, DATABASE_AWAY],
      [
        'POST',
        '/api/v1/register/',
        { json: { email: 'late@example.com', raw_password: 'Secret-pass-1', first_name: 'L', last_name: 'A' } },
        OUTCOME_UNKNOWN,
      ],
    ];
    for (const [method, url, options, detail] of calls) {
      // `call` also checks each answer against the contract's ServiceUnavailable.
      const answer = await api.call(method, url, options);
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(503);
      expect(answer.body, `${method} ${url}`).toEqual({ detail, code: 'service_unavailable' });
      expect(answer.headers.get('Retry-After'), `${method} ${url}`).toBe(String(RETRY_AFTER_SECONDS));
    }
    await api.req(200, 'GET', '/api/v1/schema/', { query: { format: 'json' } });
  });
});
