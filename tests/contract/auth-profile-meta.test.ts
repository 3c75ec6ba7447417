import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { parse } from 'yaml';
import {
  document,
  fillPath,
  matchOperation,
  operationById,
  operationIds,
  operations,
  responseProblems,
} from './support/contract';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  invalidJsonProblems,
  type Options,
  type Profile,
  type Schemas,
  serverPerFile,
  type TokenPair,
} from './support/server';
import { must, OPERATION_OWNERS, textSorted } from './support/util';

const api = serverPerFile();
const LONG = 'x'.repeat(100_000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('coverage map', () => {
  it('assigns every contract operation to exactly one existing test file', () => {
    const owned = Object.values(OPERATION_OWNERS).flat();
    expect([...owned].sort()).toEqual([...operationIds].sort());
    expect(new Set(owned).size).toBe(owned.length);
    for (const file of Object.keys(OPERATION_OWNERS)) {
      expect(existsSync(fileURLToPath(new URL(`./${file}.test.ts`, import.meta.url))), file).toBe(true);
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

describe('obtainToken', () => {
  it('signs in every demo account with a SimpleJWT-style pair', async () => {
    for (const email of Object.values(ACCOUNTS)) {
      const pair = await api.req<TokenPair>(200, 'POST', '/api/v1/token', { json: { email, password: DEMO_PASSWORD } });
      const access = decodeJwt(pair.access);
      const refresh = decodeJwt(pair.refresh);
      expect(access.token_type).toBe('access');
      expect(refresh.token_type).toBe('refresh');
      // Access lives 5 minutes, refresh 1 day (contract description).
      expect(must(access.exp) - must(access.iat)).toBe(300);
      expect(must(refresh.exp) - must(refresh.iat)).toBe(86_400);
      const profile = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: pair.access });
      expect(profile.email).toBe(email);
    }
  });

  it('refuses a wrong password and an unknown account with 401 and a detail', async () => {
    const wrong = await api.req(401, 'POST', '/api/v1/token', {
      json: { email: ACCOUNTS.client, password: 'Wrong-pass-2026' },
    });
    expect(wrong.detail).toEqual(expect.any(String));
    const unknown = await api.req(401, 'POST', '/api/v1/token', {
      json: { email: 'nobody@example.com', password: DEMO_PASSWORD },
    });
    expect(unknown.detail).toBe(wrong.detail);
  });

  it('answers 400 per field for missing, mistyped, oversized and unknown fields', async () => {
    const missing = await api.req(400, 'POST', '/api/v1/token', { json: { email: ACCOUNTS.client } });
    expect(missing.password).toEqual([expect.any(String)]);
    const typed = await api.req(400, 'POST', '/api/v1/token', { json: { email: 42, password: DEMO_PASSWORD } });
    expect(typed.email).toEqual([expect.any(String)]);
    const long = await api.req(400, 'POST', '/api/v1/token', { json: { email: LONG, password: DEMO_PASSWORD } });
    expect(long.email).toEqual([expect.any(String)]);
    const extra = await api.req(400, 'POST', '/api/v1/token', {
      json: { email: ACCOUNTS.client, password: DEMO_PASSWORD, is_superuser: true },
    });
    expect(extra.is_superuser).toEqual([expect.any(String)]);
    const notObject = await api.req(400, 'POST', '/api/v1/token', { json: [ACCOUNTS.client, DEMO_PASSWORD] });
    expect(Object.keys(notObject).length).toBeGreaterThan(0);
  });

  it('answers 400 to an empty body', async () => {
    const empty = await api.req(400, 'POST', '/api/v1/token', {});
    expect(empty.email).toEqual([expect.any(String)]);
  });
});

describe('refreshToken and revokeToken', () => {
  it('exchanges a refresh token for a working access token', async () => {
    const { refresh } = await api.login('client2');
    const { access } = await api.req<Schemas['AccessToken']>(200, 'POST', '/api/v1/token/refresh', {
      json: { refresh },
    });
    expect(decodeJwt(access).token_type).toBe('access');
    const profile = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: access });
    expect(profile.email).toBe(ACCOUNTS.client2);
  });

  it('refuses an access token, garbage and a missing field', async () => {
    const { access } = await api.login('client');
    const asRefresh = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: access } });
    expect(asRefresh.detail).toEqual(expect.any(String));
    await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: 'not-a-token' } });
    const missing = await api.req(400, 'POST', '/api/v1/token/refresh', { json: {} });
    expect(missing.refresh).toEqual([expect.any(String)]);
    const long = await api.req(400, 'POST', '/api/v1/token/refresh', { json: { refresh: LONG } });
    expect(long.refresh).toEqual([expect.any(String)]);
    const typed = await api.req(400, 'POST', '/api/v1/token/refresh', { json: { refresh: 12 } });
    expect(typed.refresh).toEqual([expect.any(String)]);
  });

  it('revokes a refresh token: it can no longer refresh, and revoking again succeeds', async () => {
    const pair = await api.req<TokenPair>(200, 'POST', '/api/v1/token', {
      json: { email: ACCOUNTS.seller2, password: DEMO_PASSWORD },
    });
    await api.req(200, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    const revoked = await api.req(200, 'POST', '/api/v1/token/blacklist', { json: { refresh: pair.refresh } });
    expect(revoked).toEqual({});
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(refused.detail).toEqual(expect.any(String));
    await api.req(200, 'POST', '/api/v1/token/blacklist', { json: { refresh: pair.refresh } });
    // Another session of the same user is not affected.
    const other = await api.login('seller2');
    await api.req(200, 'POST', '/api/v1/token/refresh', { json: { refresh: other.refresh } });
  });

  it('refuses to revoke something that is not a refresh token', async () => {
    const { access } = await api.login('client');
    await api.req(401, 'POST', '/api/v1/token/blacklist', { json: { refresh: access } });
    await api.req(401, 'POST', '/api/v1/token/blacklist', { json: { refresh: 'garbage' } });
    const missing = await api.req(400, 'POST', '/api/v1/token/blacklist', { json: {} });
    expect(missing.refresh).toEqual([expect.any(String)]);
  });
});

describe('access tokens that must not work', () => {
  const claimsFor = async (userId: number, overrides: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      sub: String(userId),
      user_id: userId,
      token_type: 'access',
      jti: `test${Math.random().toString(16).slice(2)}`,
      iat: now,
      exp: now + 300,
      ...overrides,
    };
  };

  it('accepts a token signed like the server does (control for the cases below)', async () => {
    const id = await api.userId('client');
    const token = await api.signToken(await claimsFor(id));
    const profile = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    expect(profile.id).toBe(id);
  });

  it('refuses an expired access token', async () => {
    const id = await api.userId('client');
    const now = Math.floor(Date.now() / 1000);
    const token = await api.signToken(await claimsFor(id, { iat: now - 600, exp: now - 300 }));
    const body = await api.req(401, 'GET', '/api/v1/profile', { token });
    expect(body.detail).toEqual(expect.any(String));
  });

  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const { access } = await api.login('client');
    const [header, payload, signature] = access.split('.') as [string, string, string];
    const sellerId = await api.userId('seller');
    const forged = { ...decodeJwt(access), sub: String(sellerId), user_id: sellerId };
    await api.req(401, 'GET', '/api/v1/profile', { token: `${header}.${b64url(forged)}.${signature}` });
    // One character of the payload changed.
    const index = Math.floor(payload.length / 2);
    const flipped = payload[index] === 'A' ? 'B' : 'A';
    const changed = `${payload.slice(0, index)}${flipped}${payload.slice(index + 1)}`;
    await api.req(401, 'GET', '/api/v1/profile', { token: `${header}.${changed}.${signature}` });
  });

  it('refuses an unsigned `alg: none` token and a token signed with another algorithm', async () => {
    const claims = await claimsFor(await api.userId('seller'));
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    await api.req(401, 'GET', '/api/v1/profile', { token: none });
    const hs512 = await api.signToken(claims, { alg: 'HS512' });
    await api.req(401, 'GET', '/api/v1/profile', { token: hs512 });
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refresh } = await api.login('client');
    await api.req(401, 'GET', '/api/v1/profile', { token: refresh });
    const id = await api.userId('client');
    const crafted = await api.signToken(await claimsFor(id, { token_type: 'refresh' }));
    await api.req(401, 'GET', '/api/v1/profile', { token: crafted });
  });

  it('refuses a valid signature for a user that does not exist', async () => {
    const token = await api.signToken(await claimsFor(987_654));
    await api.req(401, 'GET', '/api/v1/profile', { token });
  });

  it('answers 401 without a token on every operation that needs one', async () => {
    const secured = operations.filter((op) => op.secured);
    expect(secured.length).toBeGreaterThan(15);
    const unsecured = operations.filter((op) => !op.secured).map((op) => op.operationId);
    expect(unsecured.sort()).toEqual([
      'obtainToken',
      'readSchema',
      'refreshToken',
      'register',
      'revokeToken',
      'verifyEmail',
    ]);
    for (const op of secured) {
      const url = fillPath(op, 1);
      const options = op.hasJsonBody ? { json: {} } : op.hasFormBody ? { form: new FormData() } : {};
      const res = await api.call(op.method, url, options);
      expect(res.status, `${op.operationId}: ${res.text}`).toBe(401);
      expect(res.body.detail, op.operationId).toEqual(expect.any(String));
      // A malformed Authorization header is no better than none.
      const { access } = await api.login('seller');
      const basic = await api.call(op.method, url, { ...options, headers: { Authorization: `Token ${access}` } });
      expect(basic.status, `${op.operationId} with "Token <access>"`).toBe(401);
    }
  });

  it('answers 401 to a token of the wrong scheme or a garbage bearer token', async () => {
    const { access } = await api.login('client');
    await api.req(401, 'GET', '/api/v1/profile', { headers: { Authorization: `Basic ${access}` } });
    await api.req(401, 'GET', '/api/v1/profile', { headers: { Authorization: access } });
    await api.req(401, 'GET', '/api/v1/profile', { token: 'garbage' });
  });
});

describe('register and verifyEmail', () => {
  const email = `new.client.${Date.now()}@example.com`;
  const password = 'Fresh-pass-2026';

  it('creates an account and writes a verification email to the outbox', async () => {
    const before = (await api.outbox()).length;
    const registered = await api.req<Schemas['Registered']>(201, 'POST', '/api/v1/register/', {
      json: { email, raw_password: password, first_name: 'Nora', last_name: 'New' },
    });
    expect(registered).toMatchObject({ email, first_name: 'Nora', last_name: 'New' });
    expect(registered.id).toEqual(expect.any(Number));
    expect(registered.detail.length).toBeGreaterThan(0);
    const mails = await api.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = must(mails.at(-1));
    expect(mail.to).toBe(email);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).toContain(mail.link);
    expect(new URL(mail.link, 'http://localhost').searchParams.get('token')).toEqual(expect.any(String));
  });

  it('refuses to sign in before the address is verified, with a detail that says so', async () => {
    const body = await api.req(401, 'POST', '/api/v1/token', { json: { email, password } });
    expect(String(body.detail)).toMatch(/verif/i);
  });

  it('verifies with the link from the email, then signs in as a client', async () => {
    const mail = must((await api.outbox()).find((m) => m.to === email));
    const token = must(new URL(mail.link, 'http://localhost').searchParams.get('token'));
    const verified = await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token } });
    expect(verified.detail).toEqual(expect.any(String));
    const pair = await api.req<TokenPair>(200, 'POST', '/api/v1/token', { json: { email, password } });
    const profile = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: pair.access });
    expect(profile).toMatchObject({
      email,
      first_name: 'Nora',
      last_name: 'New',
      permissions: [],
      is_superuser: false,
      is_verified: true,
    });
    // Verifying again succeeds too ("again, if it already was").
    await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token } });
  });

  it('answers 400 to an unknown, missing or oversized verification token', async () => {
    const unknown = await api.req(400, 'GET', '/api/v1/verify-email/', { query: { token: 'no-such-token' } });
    expect(unknown.detail).toEqual(expect.any(String));
    await api.req(400, 'GET', '/api/v1/verify-email/');
    await api.req(400, 'GET', '/api/v1/verify-email/', { query: { token: 't'.repeat(201) } });
  });

  it('refuses a taken address, also in other letter case', async () => {
    const taken = await api.req(400, 'POST', '/api/v1/register/', { json: { email, raw_password: password } });
    expect(taken.email).toEqual([expect.any(String)]);
    const upper = await api.req(400, 'POST', '/api/v1/register/', {
      json: { email: ACCOUNTS.client.toUpperCase(), raw_password: password },
    });
    expect(upper.email).toEqual([expect.any(String)]);
  });

  it('validates each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', raw_password: password }, 'email'],
      [{ email: 'short@example.com', raw_password: 'Ab1!' }, 'raw_password'],
      [{ email: 'numeric@example.com', raw_password: '1234567890' }, 'raw_password'],
      [{ email: 'missing@example.com' }, 'raw_password'],
      [{ raw_password: password }, 'email'],
      [{ email: 'long@example.com', raw_password: password, first_name: LONG }, 'first_name'],
      [{ email: 'typed@example.com', raw_password: password, last_name: 7 }, 'last_name'],
      [{ email: 'admin@example.com', raw_password: password, is_superuser: true }, 'is_superuser'],
      [{ email: 'perm@example.com', raw_password: password, permissions: ['add_offer'] }, 'permissions'],
    ];
    const before = (await api.outbox()).length;
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/register/', { json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    expect((await api.outbox()).length).toBe(before);
  });
});

describe('profile', () => {
  it('reads the signed-in user; sellers hold add_offer, clients nothing', async () => {
    const client = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('client') });
    expect(client).toMatchObject({ email: ACCOUNTS.client, permissions: [], is_superuser: false, is_verified: true });
    const seller = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('seller') });
    expect(seller.email).toBe(ACCOUNTS.seller);
    expect(seller.permissions).toContain('add_offer');
    expect(seller.id).not.toBe(client.id);
  });

  it('updates only the given fields and keeps the change', async () => {
    const token = await api.token('client');
    const before = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    const updated = await api.req<Profile>(200, 'POST', '/api/v1/profile', {
      token,
      json: { phone: '+4915112345678', company: 'Pixel Retail Europe' },
    });
    expect(updated).toMatchObject({
      phone: '+4915112345678',
      company: 'Pixel Retail Europe',
      first_name: before.first_name,
      last_name: before.last_name,
      email: before.email,
    });
    const after = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    expect(after).toEqual(updated);
    const cleared = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { phone: '' } });
    expect(cleared.phone).toBe('');
    expect(cleared.company).toBe('Pixel Retail Europe');
    const longest = await api.req<Profile>(200, 'POST', '/api/v1/profile', {
      token,
      json: { phone: '+123456789012345' },
    });
    expect(longest.phone).toBe('+123456789012345');
    const shortest = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { phone: '+1234567' } });
    expect(shortest.phone).toBe('+1234567');
    const named = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { first_name: 'Adele' } });
    expect(named.first_name).toBe('Adele');
    // Another user is untouched.
    const other = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('client2') });
    expect(other.company).not.toBe('Pixel Retail Europe');
  });

  it('validates the phone rule and every field, writing nothing on error', async () => {
    const token = await api.token('client2');
    const before = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12345678' }, 'phone'],
      [{ phone: '+123456' }, 'phone'],
      [{ phone: '+1234567890123456' }, 'phone'],
      [{ phone: '+49 30 1234567' }, 'phone'],
      [{ first_name: 'a'.repeat(151) }, 'first_name'],
      [{ company: LONG }, 'company'],
      [{ last_name: 42 }, 'last_name'],
      [{ email: 'other@example.com' }, 'email'],
      [{ is_superuser: true }, 'is_superuser'],
      [{ permissions: ['add_offer'] }, 'permissions'],
      [{ first_name: 'Valid', phone: 'bad' }, 'phone'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/profile', { token, json });
      expect(body[field], JSON.stringify(json).slice(0, 80)).toEqual([expect.any(String)]);
    }
    const phoneMessage = await api.req(400, 'POST', '/api/v1/profile', { token, json: { phone: '0301234' } });
    expect(String((phoneMessage.phone as string[])[0])).toMatch(/\+.*7.*15/);
    await api.req(400, 'POST', '/api/v1/profile', { token, json: ['first_name'] });
    const after = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    expect(after).toEqual(before);
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

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const token = await api.token('client');
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/token', ''],
      ['POST', '/api/v1/token/refresh', ''],
      ['POST', '/api/v1/token/blacklist', ''],
      ['POST', '/api/v1/register/', ''],
      ['POST', '/api/v1/profile', token],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('coverage', () => {
  it('reached each operation of this file with a 2xx answer', () => {
    api.expectCovered(OPERATION_OWNERS['auth-profile-meta']);
  });
});
