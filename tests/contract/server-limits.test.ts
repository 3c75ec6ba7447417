/**
 * Limits the server keeps under abuse: a 413 that every client hears (behaviour §9), refresh
 * refused once the account is gone, sign-in throttling, and CSV uploads that are bounded, all or
 * nothing, and do not stall other users. Sign-in limits are tuned down and the clock is injected.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { eq, inArray } from 'drizzle-orm';
import { MAX_JSON_BYTES } from '../../server/app';
import { signInFailures, users } from '../../server/db/schema';
import { DRAIN_BOUNDS } from '../../server/http/body-limit';
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

const run = promisify(execFile);
/** Whether curl is installed; without it the curl test is skipped. */
const curl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

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
  const isTooLarge = (status: number, text: string) =>
    status === 413 && /^\{"detail":"The request body is larger than \d+ MB\."\}$/.test(text);

  it('reads the rest of the body first, so the connection carries the next request', async () => {
    for (const [path, size] of [
      ['/api/v1/profile', 2 * 1024 * 1024],
      ['/api/v1/offers/upload/', 6 * 1024 * 1024],
    ] as const) {
      const big = await overSocket('POST', path, Buffer.alloc(size, 'a'), { 'Content-Type': 'application/json' });
      expect(big.status).toBe(413);
      expect(big.headers.connection).not.toBe('close');
      expect(big.body.detail).toEqual(expect.stringContaining('larger than'));
      const next = await overSocket('GET', '/api/v1/schema/?format=json');
      expect(next.status).toBe(200);
      expect(next.socket).toBe(big.socket);
    }
  });

  it('reaches Node’s fetch every time: 20 MB uploads, 5 MB + 1 byte of JSON, a 20 MB stream', async () => {
    const file = new Blob([new Uint8Array(20 * 1024 * 1024).fill(97)]);
    const seen: string[] = [];
    const send = async (path: string, init: RequestInit) => {
      try {
        const response = await fetch(`${base}${path}`, { method: 'POST', ...init });
        const text = await response.text();
        seen.push(isTooLarge(response.status, text) ? '413' : `${response.status} ${text.slice(0, 80)}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        seen.push(`failed: ${cause?.code ?? (error as Error).message}`);
      }
    };
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('file', file, 'offers.csv');
      await send('/api/v1/offers/upload/', { body: form });
      await send('/api/v1/profile', {
        headers: { 'Content-Type': 'application/json' },
        body: `"${'x'.repeat(5 * 1024 * 1024 - 1)}"`,
      });
    }
    for (let i = 0; i < 2; i++) {
      // No declared length: the limit is found while reading.
      let sent = 0;
      const piece = new Uint8Array(64 * 1024).fill(97);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 20 * 1024 * 1024) return controller.close();
          sent += piece.length;
          controller.enqueue(piece);
        },
      });
      await send('/api/v1/offers/upload/', { body, duplex: 'half' } as RequestInit);
    }
    expect(seen).toEqual(Array(12).fill('413'));
  });

  it.skipIf(!curl)('reaches curl every time: 20 MB uploads, 20 times (skipped without curl installed)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'upload-413-'));
    try {
      const file = path.join(folder, 'offers.csv');
      await writeFile(file, Buffer.alloc(20 * 1024 * 1024, 'a'));
      const seen: string[] = [];
      for (let i = 0; i < 20; i++) {
        const { stdout } = await run('curl', [
          '--silent',
          '--show-error',
          '--write-out',
          '\n%{http_code}',
          '--form',
          `file=@${file}`,
          `${base}/api/v1/offers/upload/`,
        ]).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout}\n${error.stderr}` }));
        const [text = '', status = ''] = stdout.split('\n');
        seen.push(isTooLarge(Number(status), text) ? '413' : stdout.slice(0, 120));
      }
      expect(seen).toEqual(Array(20).fill('413'));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('closes a connection whose body never ends once 64 MB are read, and serves on', async () => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    socket.on('error', () => {
      // Writing on after the server closed: the close is what this test waits for.
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /api/v1/profile HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const piece = Buffer.alloc(64 * 1024, 'a');
    const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    let written = 0;
    const pump = () => {
      while (!socket.destroyed && socket.write(frame)) written += piece.length;
      if (!socket.destroyed) socket.once('drain', pump);
    };
    pump();
    await closed;
    expect(written).toBeGreaterThan(DRAIN_BOUNDS.bytes - MAX_JSON_BYTES);
    // When the answer arrived before the close, it is the 413 (a reset may have swallowed it).
    if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect((await overSocket('GET', '/api/v1/schema/?format=json')).status).toBe(200);
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
    const rotated = await api.req<{ refresh: string }>(200, 'POST', '/api/v1/token/refresh', {
      json: { refresh: pair.refresh },
    });
    const id = (await api.req<{ id: number }>(200, 'GET', '/api/v1/profile', { token: pair.access })).id;
    await api.server.ctx.db.delete(users).where(eq(users.id, id));
    const refused = await api.req(401, 'POST', '/api/v1/token/refresh', { json: { refresh: rotated.refresh } });
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

  it('lets correct sign-ins from one address in at once, past its limit, and only its limit of guesses', async () => {
    advance(120);
    const signInByFetch = async (email: string, password: string) =>
      (
        await fetch(`${base}/api/v1/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status;
    const accounts = Object.values(ACCOUNTS);
    const right = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInByFetch(accounts[i % accounts.length] as string, DEMO_PASSWORD)),
    );
    expect(right).toEqual(Array(8).fill(200));
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInByFetch(`parallel-${i}@example.com`, 'Not-the-password-1')),
    );
    expect(guesses.sort()).toEqual([...Array(6).fill(401), ...Array(4).fill(429)]);
  });

  it('counts attempts a dead process left pending as failures, and waits for live ones', async () => {
    advance(120);
    const db = api.server.ctx.db;
    const pendingRow = (secondsAgo: number) => ({
      scope: 'account' as const,
      key: ACCOUNTS.seller2,
      startedAt: new Date(clock - secondsAgo * 1000),
      pending: true,
    });
    // Three left behind 11 s ago by an instance that died: three failures, the limit.
    await db.insert(signInFailures).values([pendingRow(11), pendingRow(11), pendingRow(11)]);
    expect((await right(ACCOUNTS.seller2)).status).toBe(429);
    advance(60);

    // Two being checked elsewhere and one failure: the next attempt waits for their outcome.
    const live = await db
      .insert(signInFailures)
      .values([pendingRow(1), pendingRow(1), { ...pendingRow(1), pending: false }])
      .returning({ id: signInFailures.id });
    const waiting = right(ACCOUNTS.seller2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Both refused there: three failures, so the one that waited is refused too.
    await db
      .update(signInFailures)
      .set({ pending: false })
      .where(
        inArray(
          signInFailures.id,
          live.map((row) => row.id),
        ),
      );
    expect((await waiting).status).toBe(429);
    advance(60);

    await db.insert(signInFailures).values([pendingRow(1), pendingRow(1), { ...pendingRow(1), pending: false }]);
    const admitted = right(ACCOUNTS.seller2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Both succeeded there: their rows and the failure are gone, and the one that waited gets in.
    await db.delete(signInFailures).where(eq(signInFailures.key, ACCOUNTS.seller2));
    expect((await admitted).status).toBe(200);
  });

  it('deletes the failures that left the window as new attempts come in', async () => {
    advance(61);
    expect((await wrong(ACCOUNTS.client2)).status).toBe(401);
    const rows = await api.server.ctx.db.select().from(signInFailures);
    expect(rows.map((row) => [row.scope, row.key])).toEqual([['account', ACCOUNTS.client2]]);
  });
});
