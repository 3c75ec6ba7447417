/**
 * Limits the server keeps under abuse: a 413 that leaves the client a usable connection, refresh
 * refused once the account is gone, sign-in throttling, and CSV uploads that are bounded, all or
 * nothing, and do not stall other users. Sign-in limits are tuned down and the clock is injected.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { signInFailures, users } from '../../server/db/schema';
import { ACCOUNTS, DEMO_PASSWORD, type OfferPage, type Options, serverPerFile } from './support/server';
import { must } from './support/util';

let clock = Date.now();
const api = serverPerFile(
  { SIGNIN_ACCOUNT_FAILURES: '3', SIGNIN_ADDRESS_FAILURES: '6', SIGNIN_WINDOW_SECONDS: '60' },
  { now: () => new Date(clock) },
);
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

let listener: ReturnType<typeof serve>;
let base = '';
let agent: http.Agent;

beforeAll(async () => {
  listener = serve({ fetch: api.server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => listener.once('listening', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});

afterAll(() => {
  agent?.destroy();
  listener?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  socket: unknown;
}

/** One request over the shared keep-alive agent (one socket at a time). */
function overSocket(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text ? JSON.parse(text) : {},
          socket: request.socket,
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const signInOverSocket = (email: string, password: string) =>
  overSocket('POST', '/api/v1/token', JSON.stringify({ email, password }), { 'Content-Type': 'application/json' });

describe('413 Payload Too Large', () => {
  it('closes the connection it answers on, and the next request on the same agent succeeds', async () => {
    for (const [path, size] of [
      ['/api/v1/profile', 2 * 1024 * 1024],
      ['/api/v1/offers/upload/', 6 * 1024 * 1024],
    ] as const) {
      const big = await overSocket('POST', path, Buffer.alloc(size, 'a'), { 'Content-Type': 'application/json' });
      expect(big.status).toBe(413);
      expect(big.headers.connection).toBe('close');
      expect(big.body.detail).toEqual(expect.stringContaining('larger than'));
      // At once, and again after the half second in which @hono/node-server gives up draining.
      const next = await overSocket('GET', '/api/v1/schema/?format=json');
      expect(next.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const later = await overSocket('GET', '/api/v1/schema/?format=json');
      expect(later.status).toBe(200);
      expect(later.socket).toBe(next.socket);
    }
  });
});

describe('refreshToken for an account that can no longer sign in', () => {
  async function newAccount(email: string) {
    await api.req(201, 'POST', '/api/v1/register/', { json: { email, raw_password: 'Secret-pass-1' } });
    const link = must((await api.outbox()).find((mail) => mail.to === email)).link;
    await api.req(200, 'GET', '/api/v1/verify-email/', {
      query: { token: new URL(link, base).searchParams.get('token') ?? '' },
    });
    return api.req<{ access: string; refresh: string }>(200, 'POST', '/api/v1/token', {
      json: { email, password: 'Secret-pass-1' },
    });
  }

  it('answers 401 no_active_account once the user is deleted', async () => {
    const pair = await newAccount(`gone-${Date.now()}@example.com`);
    await api.req(200, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    const id = (await api.req<{ id: number }>(200, 'GET', '/api/v1/profile', { token: pair.access })).id;
    await api.server.ctx.db.delete(users).where(eq(users.id, id));
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(refused).toEqual({ detail: 'No active account found for the given token.', code: 'no_active_account' });
  });

  it('answers 401 once the account may not sign in (email no longer verified)', async () => {
    const pair = await newAccount(`unverified-${Date.now()}@example.com`);
    const id = (await api.req<{ id: number }>(200, 'GET', '/api/v1/profile', { token: pair.access })).id;
    await api.server.ctx.db.update(users).set({ isVerified: false }).where(eq(users.id, id));
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(refused.code).toBe('no_active_account');
  });
});

describe('uploadOffers limits', () => {
  const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
  let seller = '';
  let row: (product: string) => string;
  const csv = (rows: string[]) => {
    const form = new FormData();
    form.append('file', new Blob([`${[HEADER, ...rows].join('\n')}\n`], { type: 'text/csv' }), 'offers.csv');
    return form;
  };
  const imported = async (search: string) =>
    (await api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token: seller, query: { search } })).count;

  beforeAll(async () => {
    seller = await api.token('seller');
    const options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: seller });
    const store = must(options.sellers.find((s) => s.is_own)).name;
    const [publisher, region] = [must(options.publishers[0]).name, must(options.regions[0]).code];
    const start = new Date(clock - 86_400_000).toISOString();
    const end = new Date(clock + 30 * 86_400_000).toISOString();
    row = (product) => `${product},${publisher},${store},${region},regular,false,9.99,${start},${end}`;
  });

  it('refuses a file over 5,000 rows under `file` and imports nothing', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => row(`Bound ${i}`));
    const refused = await api.req(400, 'POST', '/api/v1/offers/upload/', { token: seller, form: csv(rows) });
    expect(refused.file).toEqual([expect.stringContaining('at most 5000')]);
    expect(await imported('Bound')).toBe(0);
  });

  it('writes nothing when one row in a later batch is invalid, and names it', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i === 250 ? 'Batch\u0000 250' : `Batch ${i}`));
    const refused = await api.req(400, 'POST', '/api/v1/offers/upload/', { token: seller, form: csv(rows) });
    expect(refused['rows.252.product']).toEqual(['Null characters are not allowed.']);
    expect(await imported('Batch')).toBe(0);
  });

  it('imports 5,000 rows while other users keep being answered', async () => {
    const client = await api.token('client');
    const rows = Array.from({ length: 5000 }, (_, i) => row(`Stall ${i}`));
    let done = false;
    const upload = api
      .req<{ count: number }>(201, 'POST', '/api/v1/offers/upload/', { token: seller, form: csv(rows) })
      .finally(() => {
        done = true;
      });
    let answered = 0;
    while (!done) {
      await api.req(200, 'GET', '/api/v1/profile', { token: client });
      if (!done) answered++;
      // Requests sent in-process can complete in microtasks alone; real ones arrive as I/O events,
      // between which the import's setImmediate turns run. Without this the loop starves it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await upload).count).toBe(5000);
    // One transaction held the single database connection for the whole import: 0 or 1 answers.
    expect(answered).toBeGreaterThan(10);
    expect(await imported('Stall')).toBe(5000);
  });
});

describe('sign-in throttling (3 failures per account, 6 per address, in 60 s)', () => {
  const wrong = (email: string) =>
    api.call('POST', '/api/v1/token', { json: { email, password: 'Not-the-password-1' } });
  const right = (email: string) => api.call('POST', '/api/v1/token', { json: { email, password: DEMO_PASSWORD } });

  it('refuses even the right password while throttled, with DRF shape and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await wrong(ACCOUNTS.client2)).status).toBe(401);
      advance(10);
    }
    const refused = await right(ACCOUNTS.client2);
    expect(refused.status).toBe(429);
    // The oldest failure leaves the window 60 s after it happened: 30 s from now.
    expect(refused.body).toEqual({ detail: 'Request was throttled. Expected available in 30 seconds.' });
    const response = await api.server.app.request('/api/v1/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.client2.toUpperCase(), password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('30');
    // Other accounts are not affected.
    expect((await right(ACCOUNTS.seller2)).status).toBe(200);
  });

  it('lets the account in again once the window has passed', async () => {
    advance(29);
    expect((await right(ACCOUNTS.client2)).status).toBe(429);
    advance(1);
    expect((await right(ACCOUNTS.client2)).status).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    for (let i = 0; i < 2; i++) expect((await wrong(ACCOUNTS.client)).status).toBe(401);
    expect((await right(ACCOUNTS.client)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await wrong(ACCOUNTS.client)).status).toBe(401);
    expect((await right(ACCOUNTS.client)).status).toBe(200);
  });

  it('throttles a client address that fails across many accounts', async () => {
    advance(120);
    for (let i = 0; i < 6; i++) {
      expect((await signInOverSocket(`nobody-${i}@example.com`, 'Not-the-password-1')).status).toBe(401);
    }
    const refused = await signInOverSocket(ACCOUNTS.seller, DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body.detail).toBe('Request was throttled. Expected available in 60 seconds.');
    // In-process requests have no address; the seller's account itself is not throttled.
    expect((await right(ACCOUNTS.seller)).status).toBe(200);
    advance(60);
    expect((await signInOverSocket(ACCOUNTS.seller, DEMO_PASSWORD)).status).toBe(200);
  });

  it('deletes the failures that left the window as new attempts come in', async () => {
    advance(61);
    expect((await wrong(ACCOUNTS.client2)).status).toBe(401);
    const rows = await api.server.ctx.db.select().from(signInFailures);
    expect(rows.map((row) => [row.scope, row.key])).toEqual([['account', ACCOUNTS.client2]]);
  });
});
