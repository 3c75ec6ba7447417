/** Sign-in, token refresh and revocation, and the access tokens the server must refuse. */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { fillPath, operations } from './support/contract';
import { ownsOperations } from './support/coverage';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  invalidJsonProblems,
  meetingAtTheDatabase,
  type Profile,
  type Schemas,
  serverPerFile,
  type TokenPair,
} from './support/server';
import { LONG, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'auth');
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

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
    const { access } = await api.req<Schemas['RefreshedTokens']>(200, 'POST', '/api/v1/token/refresh', {
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
    const { refresh } = await api.req<TokenPair>(200, 'POST', '/api/v1/token/refresh', {
      json: { refresh: pair.refresh },
    });
    const revoked = await api.req(200, 'POST', '/api/v1/token/blacklist', { json: { refresh } });
    expect(revoked).toEqual({});
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh } });
    expect(refused.detail).toEqual(expect.any(String));
    await api.req(200, 'POST', '/api/v1/token/blacklist', { json: { refresh } });
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

describe('refreshToken rotation (ROTATE_REFRESH_TOKENS, on by default)', () => {
  const signIn = () =>
    api.req<TokenPair>(200, 'POST', '/api/v1/token', { json: { email: ACCOUNTS.client, password: DEMO_PASSWORD } });

  it("answers a new refresh token beside the access token and refuses the old one in SimpleJWT's words", async () => {
    const pair = await signIn();
    const rotated = await api.req<TokenPair>(200, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(decodeJwt(rotated.refresh).token_type).toBe('refresh');
    expect(decodeJwt(rotated.refresh).jti).not.toBe(decodeJwt(pair.refresh).jti);
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(refused).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    // The new one works once in its turn, and its access token is a working one.
    const again = await api.req<TokenPair>(200, 'POST', '/api/v1/token/refresh', {
      json: { refresh: rotated.refresh },
    });
    await api.req(200, 'GET', '/api/v1/profile', { token: again.access });
    await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: rotated.refresh } });
  });

  it('gives exactly one of two parallel refreshes of one token a new pair', async () => {
    const { refresh } = await signIn();
    const answers = await Promise.all(
      [1, 2].map(() => api.call<TokenPair>('POST', '/api/v1/token/refresh', { json: { refresh } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe('refreshToken without rotation (ROTATE_REFRESH_TOKENS=false)', () => {
  const unrotated = serverPerFile({ ROTATE_REFRESH_TOKENS: 'false' });

  it('answers the access token alone and keeps the refresh token working', async () => {
    const { refresh } = await unrotated.login('client');
    const first = await unrotated.req<Schemas['RefreshedTokens']>(200, 'POST', '/api/v1/token/refresh', {
      json: { refresh },
    });
    expect(Object.keys(first)).toEqual(['access']);
    await unrotated.req(200, 'POST', '/api/v1/token/refresh', { json: { refresh } });
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
      'checkHealth',
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

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/token', ''],
      ['POST', '/api/v1/token/refresh', ''],
      ['POST', '/api/v1/token/blacklist', ''],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('obtainToken at the same moment (5 failures a minute per account)', () => {
  const signIn = (email: string, password: string) => api.call('POST', '/api/v1/token', { json: { email, password } });
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

  it('never throttles correct sign-ins of one account, 6 or 10 at once', async () => {
    for (const n of [6, 10]) {
      const answers = await meetingAtTheDatabase(api, () =>
        Promise.all(Array.from({ length: n }, () => signIn(ACCOUNTS.seller, DEMO_PASSWORD))),
      );
      expect(statuses(answers), answers.map((answer) => answer.text).join('\n')).toEqual(Array(n).fill(200));
    }
  });

  it('checks exactly as many parallel wrong guesses as the limit allows, then refuses the rest', async () => {
    const unknown = `guessed-${randomUUID()}@example.com`;
    for (const email of [unknown, ACCOUNTS.seller2]) {
      const answers = await meetingAtTheDatabase(api, () =>
        Promise.all(Array.from({ length: 12 }, (_, i) => signIn(email, `Guess-${i}-password`))),
      );
      expect(statuses(answers), email).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
      for (const refused of answers.filter((answer) => answer.status === 429)) {
        expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
    }
    // Locked out, the right password is refused too (the last test of the file: seller2 stays locked).
    expect((await signIn(ACCOUNTS.seller2, DEMO_PASSWORD)).status).toBe(429);
  });
});
