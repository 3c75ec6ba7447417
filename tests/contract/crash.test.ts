/**
 * The server killed during a stream of writes. The real server process runs on a
 * data folder (or, in the PostgreSQL run, a database of its own); clients check out carts of
 * several lines, a seller edits offers, another seller uploads CSV files of thousands of rows.
 * The process gets SIGKILL while writes are in flight, starts again on the same data, and then:
 * every write that was answered 2xx is there (orders with all their lines, each offer at the
 * version and price last answered), and nothing is half-written (every order has its lines and
 * consistent totals, a checkout whose answer was lost is all there or absent, and each upload has
 * all its rows or none). Three kills, at different moments, on the same data.
 *
 * On PostgreSQL this kills the API server, not the database: what it checks is that the server
 * never commits half of a write, whatever the database's own crash safety.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase } from '../support/postgres';
import { csvFile, HEADER, iso, uniqueTag } from './support/offers';
import {
  ACCOUNTS,
  type Cart,
  type CheckoutResult,
  DEMO_PASSWORD,
  freshDatabaseEnv,
  type Offer,
  type OfferBatchResult,
  type OfferPage,
  type Options,
  type Order,
  type OrderPage,
  type TokenPair,
} from './support/server';
import { cents, must, time } from './support/util';

const root = path.resolve(__dirname, '../..');
const UPLOAD_ROWS = 2000;
/** A pause between a client's checkouts (and a seller's edits), so that uploads get their turn too. */
const PAUSE_MS = 40;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
/** When each kill comes: after this many answered writes, once an upload is part-way written (or after a delay). */
const KILLS = [
  { afterWrites: 6, afterUploads: 0, upload: 'part-way' },
  { afterWrites: 15, afterUploads: 1, upload: 100 },
  { afterWrites: 30, afterUploads: 0, upload: 'part-way' },
] as const;

/** A free port of this test's range (4660-4669). */
async function freePort(): Promise<number> {
  for (let port = 4660; port <= 4669; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port in 4660-4669');
}

let base = '';
let env: NodeJS.ProcessEnv = {};
let server: { child: ChildProcess; output: string; exited: Promise<unknown> } | null = null;

/** Starts `server/start.ts` as `npm start` would (without the build) and waits until it answers. */
async function start() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { cwd: root, env, stdio: 'pipe' });
  const running = { child, output: '', exited: new Promise((resolve) => child.once('exit', resolve)) };
  server = running;
  child.stdout?.on('data', (chunk) => (running.output += chunk));
  child.stderr?.on('data', (chunk) => (running.output += chunk));
  const started = Date.now();
  // Its own line, not any answer on the port: another process may hold the port meanwhile.
  while (!running.output.includes(`running at ${base}`)) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start:\n${running.output}`);
    if (Date.now() - started > 90_000) throw new Error(`The server did not start in 90 s:\n${running.output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

async function kill(signal: NodeJS.Signals) {
  if (!server) return;
  server.child.kill(signal);
  await server.exited;
  server = null;
}

interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}
/** One request; the answer's status and JSON body (a dropped connection rejects). */
async function call<T>(method: string, url: string, { token, json, form, headers = {} }: RequestOptions = {}) {
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const body = json === undefined ? form : JSON.stringify(json);
  const response = await fetch(`${base}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
async function req<T>(status: number, method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const answer = await call<T>(method, url, options);
  if (answer.status !== status) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Everything sent, and what was answered 2xx. */
const sent = {
  /** Orders answered 201, with the client's token. */
  orders: new Map<number, { token: string; order: Order }>(),
  checkouts: [] as { key: string; token: string; answered: boolean }[],
  /** Per offer, the version and price of the last update answered 200. */
  offers: new Map<number, { version: number; unit_price: string }>(),
  uploads: [] as { tag: string; answered: boolean }[],
};
let answered = 0;
let uploadsAnswered = 0;
let inFlightUpload: string | null = null;
const tokens = { client: '', client2: '', seller: '', seller2: '' };
let orderable: Offer[] = [];
let editTag = '';
let uploadStore = '';
let publisher = '';
let region = '';

const pick = <T>(items: readonly T[]) => must(items[Math.floor(Math.random() * items.length)]);
const sorted = (lines: Order['lines']) =>
  lines.map((l) => `${l.offer_id}×${l.quantity}@${l.unit_price}`).sort((a, b) => a.localeCompare(b));

/** Fills the cart with three offers and checks those lines out under a fresh key, again and again. */
async function checkoutLoop(token: string, stop: () => boolean) {
  while (!stop()) {
    let cart: Cart | undefined;
    const chosen = new Set<number>();
    while (chosen.size < 3) chosen.add(pick(orderable).id);
    for (const id of chosen) {
      const quantity = 1 + Math.floor(Math.random() * 5);
      cart = await req<Cart>(200, 'POST', '/api/v1/cart/add/', { token, json: { offer_id: id, quantity } });
      answered++;
    }
    const ids = must(cart)
      .items.filter((item) => chosen.has(item.offer_id))
      .map((item) => item.id);
    const checkout = { key: randomBytes(16).toString('hex'), token, answered: false };
    sent.checkouts.push(checkout);
    const result = await req<CheckoutResult>(201, 'POST', '/api/v1/cart/checkout/', {
      token,
      json: { cart_item_ids: ids },
      headers: { 'Idempotency-Key': checkout.key },
    });
    checkout.answered = true;
    answered++;
    for (const order of result.orders) sent.orders.set(order.id, { token, order });
    await pause();
  }
}

async function editedOffers(): Promise<Offer[]> {
  const page = await req<OfferPage>(200, 'GET', `/api/v1/manage-offers/?search=${editTag}&limit=100`, {
    token: tokens.seller,
  });
  return page.results;
}

/** Gives two of the seller's offers new prices, each change carrying the version it started from. */
async function editLoop(stop: () => boolean) {
  const current = new Map((await editedOffers()).map((offer) => [offer.id, offer.version]));
  while (!stop()) {
    const ids = [...current.keys()].sort(() => Math.random() - 0.5).slice(0, 2);
    const offers = ids.map((id) => ({
      id,
      version: must(current.get(id)),
      unit_price: `${1 + Math.floor(Math.random() * 900)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
    }));
    const result = await req<OfferBatchResult>(200, 'POST', '/api/v1/manage-offers/update/', {
      token: tokens.seller,
      json: { offers },
    });
    answered++;
    for (const offer of result.offers) {
      current.set(offer.id, offer.version);
      sent.offers.set(offer.id, { version: offer.version, unit_price: offer.unit_price });
    }
    await pause();
  }
}

/** Uploads files of UPLOAD_ROWS offers, each file's products named with a tag of its own. */
async function uploadLoop(stop: () => boolean) {
  while (!stop()) {
    const tag = uniqueTag();
    const rows = Array.from(
      { length: UPLOAD_ROWS },
      (_, i) => `${tag} Game ${i},${publisher},${uploadStore},${region},regular,false,9.99,${iso(-1)},${iso(30)}`,
    );
    const upload = { tag, answered: false };
    sent.uploads.push(upload);
    inFlightUpload = tag;
    await req(201, 'POST', '/api/v1/offers/upload/', { token: tokens.seller2, form: csvFile([HEADER, ...rows]) });
    inFlightUpload = null;
    upload.answered = true;
    answered++;
    uploadsAnswered++;
  }
}

const uploadedCount = async (tag: string) =>
  (await req<OfferPage>(200, 'GET', `/api/v1/manage-offers/?search=${tag}&limit=1`, { token: tokens.seller2 })).count;

/** Runs the writers until the kill's moment, kills the server, and waits for the writers to fail. */
async function writeAndKill(moment: (typeof KILLS)[number]) {
  let killed = false;
  const stop = () => killed;
  answered = 0;
  uploadsAnswered = 0;
  let written = 0;
  const outcome: { failure?: Error } = {};
  const writers = [
    checkoutLoop(tokens.client, stop),
    checkoutLoop(tokens.client2, stop),
    editLoop(stop),
    uploadLoop(stop),
  ].map((writer) =>
    writer.catch((error: Error) => {
      // After the kill every writer fails; before it, a failure is the test's.
      if (!killed) outcome.failure ??= error;
    }),
  );
  // Generous: on a loaded 2-core machine a 2,000-row upload alone can take tens of seconds.
  const deadline = Date.now() + 50_000;
  const wait = () => new Promise((resolve) => setTimeout(resolve, 10));
  for (;;) {
    if (outcome.failure) throw outcome.failure;
    if (Date.now() > deadline) throw new Error('The writers never reached the moment to kill');
    const tag = inFlightUpload;
    if (answered >= moment.afterWrites && uploadsAnswered >= moment.afterUploads && tag) {
      if (moment.upload === 'part-way' && databaseEnv.DATABASE_URL) {
        // PostgreSQL writes an upload in one transaction: no part of it shows until it is whole.
        await new Promise((resolve) => setTimeout(resolve, 400));
        break;
      }
      if (moment.upload === 'part-way') {
        written = await uploadedCount(tag);
        if (written > 0 && written < UPLOAD_ROWS && inFlightUpload === tag) break;
      } else {
        await new Promise((resolve) => setTimeout(resolve, moment.upload));
        break;
      }
    }
    await wait();
  }
  const inFlight = inFlightUpload;
  killed = true;
  await kill('SIGKILL');
  await Promise.all(writers);
  if (outcome.failure) throw outcome.failure;
  const uploadState = inFlight ? `upload in flight${written ? ` (${written} of ${UPLOAD_ROWS} rows seen)` : ''}` : '';
  return `${answered} answered writes${uploadsAnswered ? ` (${uploadsAnswered} uploads)` : ''}, ${uploadState}`;
}

/** Checkouts whose answer the kill cut off but which were committed (and must be whole). */
const committedUnanswered = new Set<string>();

/** Everything answered is there, and nothing is half-written. */
async function expectIntact() {
  const problems: string[] = [];
  const consistent = (order: Order, what: string) => {
    if (order.lines.length === 0) problems.push(`${what}: order ${order.id} has no lines`);
    for (const line of order.lines) {
      if (cents(line.total) !== cents(line.unit_price) * line.quantity) problems.push(`${what}: line ${line.id} total`);
    }
    if (cents(order.total) !== order.lines.reduce((sum, line) => sum + cents(line.total), 0)) {
      problems.push(`${what}: order ${order.id} total`);
    }
    if (order.item_count !== order.lines.reduce((sum, line) => sum + line.quantity, 0)) {
      problems.push(`${what}: order ${order.id} item count`);
    }
  };
  for (const [id, { token, order }] of sent.orders) {
    const now = await call<Order>('GET', `/api/v1/orders/${id}/`, { token });
    if (now.status !== 200) problems.push(`order ${id}, answered 201, is gone (${now.status})`);
    else if (sorted(now.body.lines).join() !== sorted(order.lines).join()) problems.push(`order ${id} lines changed`);
    else consistent(now.body, 'answered');
  }
  for (const { key, token, answered: wasAnswered } of sent.checkouts) {
    const outcome = await call<CheckoutResult>('GET', `/api/v1/cart/checkout/${key}/`, { token });
    if (outcome.status === 200) {
      for (const order of outcome.body.orders) consistent(order, `checkout ${key}`);
      if (!wasAnswered) committedUnanswered.add(key);
    } else if (wasAnswered) problems.push(`checkout ${key}, answered 201, is not found (${outcome.status})`);
  }
  for (const token of [tokens.client, tokens.client2]) {
    for (let offset = 0; ; offset += 100) {
      const page = await req<OrderPage>(200, 'GET', `/api/v1/orders/?limit=100&offset=${offset}`, { token });
      for (const order of page.results) consistent(order, 'listed');
      if (!page.next) break;
    }
  }
  const offers = new Map((await editedOffers()).map((offer) => [offer.id, offer]));
  for (const [id, last] of sent.offers) {
    const now = must(offers.get(id));
    // One edit may have been in flight at the kill, and committed without an answer.
    const same = now.version === last.version && now.unit_price === last.unit_price;
    if (!same && now.version !== last.version + 1) {
      problems.push(`offer ${id}: answered v${last.version} ${last.unit_price}, now v${now.version} ${now.unit_price}`);
    }
  }
  for (const { tag, answered: wasAnswered } of sent.uploads) {
    const count = await uploadedCount(tag);
    if (count !== 0 && count !== UPLOAD_ROWS)
      problems.push(`upload ${tag} is half-written: ${count} of ${UPLOAD_ROWS} rows`);
    if (wasAnswered && count !== UPLOAD_ROWS) problems.push(`upload ${tag}, answered 201, has ${count} rows`);
  }
  expect(problems).toEqual([]);
}

const databaseEnv: Record<string, string> = {};
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'crash-'));
  Object.assign(databaseEnv, await freshDatabaseEnv());
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _, ...inherited } = process.env;
  env = { ...inherited, ...databaseEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  Object.assign(env, { SKIP_BUILD: '1', LOG: 'off', SEED_OFFERS: '200' });
  await start();
  for (const account of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const pair = await req<TokenPair>(200, 'POST', '/api/v1/token', {
      json: { email: ACCOUNTS[account], password: DEMO_PASSWORD },
    });
    tokens[account] = pair.access;
  }
  const options = await req<Options>(200, 'GET', '/api/v1/options/', { token: tokens.seller2 });
  uploadStore = must(options.sellers.find((s) => s.is_own)).name;
  publisher = must(options.publishers[0]).name;
  region = must(options.regions[0]).code;
  const page = await req<OfferPage>(200, 'GET', '/api/v1/offers/?limit=100&ordering=end_date', {
    token: tokens.client,
  });
  orderable = page.results.filter((o) => time(o.start) < Date.now() && time(o.end) > Date.now() + 86_400_000);
  const sellerStore = must(
    (await req<Options>(200, 'GET', '/api/v1/options/', { token: tokens.seller })).sellers.find((s) => s.is_own),
  );
  editTag = uniqueTag();
  const edited = Array.from(
    { length: 6 },
    (_, i) =>
      `${editTag} Edited ${i},${publisher},${sellerStore.name},${region},regular,false,5.00,${iso(-1)},${iso(30)}`,
  );
  await req(201, 'POST', '/api/v1/offers/upload/', { token: tokens.seller, form: csvFile([HEADER, ...edited]) });
}, 120_000);

afterAll(async () => {
  await kill('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (databaseEnv.DATABASE_URL) await dropDatabase(databaseEnv.DATABASE_URL);
});

describe('the server killed during writes', () => {
  it('keeps every answered write and no half-written one, over three kills', async () => {
    expect(orderable.length).toBeGreaterThan(5);
    const began = Date.now();
    const report: string[] = [];
    for (const [i, moment] of KILLS.entries()) {
      const killedAt = await writeAndKill(moment);
      const restart = await start();
      report.push(`kill ${i + 1} after ${killedAt}, restart ${restart} ms`);
      await expectIntact();
    }
    const database = databaseEnv.DATABASE_URL ? 'PostgreSQL' : 'embedded';
    const lost = `${sent.checkouts.filter((c) => !c.answered).length} (${committedUnanswered.size} committed)`;
    const counts = `${sent.orders.size} orders answered, ${lost} checkouts unanswered, ${sent.offers.size} offers edited, ${sent.uploads.filter((u) => u.answered).length} of ${sent.uploads.length} uploads answered`;
    console.info(`crash (${database}): ${report.join('; ')}; ${counts}; ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }, 240_000);
});
