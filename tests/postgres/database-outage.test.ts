/**
 * The database goes away, the API stays (behaviour §7, when the database is away). Two API
 * servers, real processes as `npm start` runs them, share one throwaway PostgreSQL server of this
 * file's own while clients keep reading and writing through both: checkouts with an
 * Idempotency-Key, offer edits carrying versions, CSV uploads, sign-ins and list reads. Three
 * phases take the database away under that stream:
 *
 * - `pg_ctl stop -m fast`, a few seconds down, then started again;
 * - `pg_terminate_backend` on every connection of the API servers, three times;
 * - the postmaster killed (SIGKILL), a few seconds down, then started again.
 *
 * After each: both processes still run; every answer during the outage was a 503 with
 * `Retry-After` in DRF's shape, within 1 s, never a 500 and never a hang; the service is back
 * within 1 s of PostgreSQL accepting connections again; every write answered 2xx is there; every
 * checkout whose answer was a 503 was settled by asking its key, as the app does. Commits are
 * synchronous on this cluster (fsync stays off), so a killed server loses nothing it answered.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { components } from '../../openapi/schema';
import { csvFile, HEADER, iso, uniqueTag } from '../contract/support/offers';
import { must, time } from '../contract/support/util';
import { type Instance, isRunning, startInstance, stopInstance } from '../support/api-instances';
import { createDatabase, type PostgresCluster, postgresAvailable, startPostgres } from '../support/postgres';

type Schemas = components['schemas'];

const PASSWORD = 'Demo-pass-2026';
/** How fast an answer must come while the database is away, and the service be back after. */
const WITHIN_MS = 1000;
/** How long the database stays away in the stop and kill phases. */
const DOWN_MS = 2500;
/** A request without an answer for this long counts as hung. */
const HUNG_MS = 10_000;
const UPLOAD_ROWS = 20;
/** A client's pause between its requests: a steady stream, not a flood, on a shared 2-core machine. */
const PAUSE_MS = 25;
const pause = (ms = PAUSE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

type Kind = 'read' | 'sign-in' | 'cart' | 'checkout' | 'ask-key' | 'edit' | 'upload' | 'probe' | 'health';
/** The statuses each kind of request may answer; anything else is a finding. */
const EXPECTED: Record<Kind, number[]> = {
  read: [200, 503],
  // A sign-in cut off by the outage may still count against the throttle for its window.
  'sign-in': [200, 429, 503],
  cart: [200, 503],
  checkout: [201, 503],
  'ask-key': [200, 404, 503],
  // 409: an edit whose answer was lost was saved after all; the editor reads the offers again.
  edit: [200, 409, 503],
  upload: [201, 503],
  probe: [200, 503],
  health: [200, 503],
};

interface Sent {
  phase: string;
  instance: string;
  kind: Kind;
  what: string;
  sentAt: number;
  answeredAt: number;
  /** 0: no answer (a refused or dropped connection, or none within HUNG_MS). */
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** An outage as the driver saw it: from the first blow until PostgreSQL accepted connections again. */
interface Outage {
  phase: string;
  from: number;
  until: number;
}

let cluster: PostgresCluster | undefined;
let databaseUrl = '';
let a: Instance | undefined;
let b: Instance | undefined;
let phase = 'setup';
let stopped = false;
const sent: Sent[] = [];
let turn = 0;
/** Requests alternate between the instances, as a load balancer would send them. */
const nextInstance = () => must(turn++ % 2 === 0 ? a : b);

async function send<T = Record<string, unknown>>(
  instance: Instance,
  kind: Kind,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Sent & { body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.json === undefined ? options.form : JSON.stringify(options.json);
  const record: Sent = {
    phase,
    instance: instance.name,
    kind,
    what: `${method} ${url.split('?')[0]}`,
    sentAt: performance.now(),
    answeredAt: 0,
    status: 0,
    body: null,
    retryAfter: null,
  };
  try {
    const response = await fetch(`${instance.base}${url}`, {
      method,
      headers,
      signal: AbortSignal.timeout(HUNG_MS),
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    record.status = response.status;
    record.retryAfter = response.headers.get('Retry-After');
    record.body = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  } catch (error) {
    record.body = (error as Error).message;
  }
  record.answeredAt = performance.now();
  sent.push(record);
  return record as Sent & { body: T };
}

/** Repeats a request until it answers one of `wanted` (the database may be away meanwhile). */
async function until<T>(wanted: number[], attempt: () => Promise<Sent & { body: T }>): Promise<Sent & { body: T }> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const answer = await attempt();
    if (wanted.includes(answer.status)) return answer;
    if (performance.now() > deadline) throw new Error(`${answer.what}: still ${answer.status} after 30 s`);
    await pause(100);
  }
}

/**
 * While the data is checked every client parks here, between two of its requests, so that the
 * check reads a database at rest.
 */
const gate = { closed: null as Promise<void> | null, open: () => {}, parked: 0 };
/** Clients still running. */
let clients = 0;
async function atGate() {
  if (!gate.closed) return;
  gate.parked++;
  await gate.closed;
  gate.parked--;
}
async function parkClients() {
  gate.closed = new Promise((resolve) => {
    gate.open = resolve;
  });
  while (gate.parked < clients) await pause(10);
}
function releaseClients() {
  gate.closed = null;
  gate.open();
}

const tokens = { client: '', client2: '', seller: '', seller2: '' };
let orderable: Schemas['Offer'][] = [];
let editTag = '';
let uploadStore = '';
let publisher = '';
let region = '';

/** Every write and what it was answered; the orders and offers it must have left behind. */
const writes = {
  /** Order ids answered 201 (or found under the key of a checkout whose answer was lost), per token. */
  orders: new Map<string, Set<number>>(),
  checkouts: [] as { key: string; token: string; outcome: 'answered' | 'placed' | 'not placed' }[],
  /** Per edited offer, its version and price as last answered or read. */
  offers: new Map<number, { version: number; unit_price: string }>(),
  uploads: [] as { tag: string; answered: boolean }[],
};

const ordersOf = (token: string) => {
  const known = writes.orders.get(token) ?? new Set<number>();
  writes.orders.set(token, known);
  return known;
};

/** Fills the cart with two offers and checks them out under a fresh key; a lost answer is settled by the key. */
async function checkoutLoop(token: string) {
  while (!stopped) {
    await atGate();
    const chosen = new Set<number>();
    while (chosen.size < 2) chosen.add(must(orderable[Math.floor(Math.random() * orderable.length)]).id);
    let cart: Schemas['Cart'] | null = null;
    for (const offer_id of chosen) {
      const added = await send<Schemas['Cart']>(nextInstance(), 'cart', 'POST', '/api/v1/cart/add/', {
        token,
        json: { offer_id, quantity: 1 },
      });
      cart = added.status === 200 ? added.body : null;
      if (!cart) break;
    }
    if (!cart) {
      await pause(100);
      continue;
    }
    const key = randomBytes(16).toString('hex');
    const ids = cart.items.filter((item) => chosen.has(item.offer_id)).map((item) => item.id);
    const placed = await send<Schemas['CheckoutResult']>(nextInstance(), 'checkout', 'POST', '/api/v1/cart/checkout/', {
      token,
      json: { cart_item_ids: ids },
      headers: { 'Idempotency-Key': key },
    });
    if (placed.status === 201) {
      for (const order of placed.body.orders) ordersOf(token).add(order.id);
      writes.checkouts.push({ key, token, outcome: 'answered' });
    } else if (placed.status === 503 || placed.status === 0) {
      // The outcome is unknown: ask the key, on whichever instance, until one answers.
      const asked = await until<Schemas['CheckoutResult']>([200, 404], () =>
        send(nextInstance(), 'ask-key', 'GET', `/api/v1/cart/checkout/${key}/`, { token }),
      );
      if (asked.status === 200) for (const order of asked.body.orders) ordersOf(token).add(order.id);
      writes.checkouts.push({ key, token, outcome: asked.status === 200 ? 'placed' : 'not placed' });
    }
    await pause();
  }
}

/** The edited offers as the database has them now. */
async function readEdited(): Promise<Schemas['Offer'][]> {
  const page = await until<Schemas['OfferPage']>([200], () =>
    send(nextInstance(), 'read', 'GET', `/api/v1/manage-offers/?search=${editTag}&limit=100`, { token: tokens.seller }),
  );
  return page.body.results;
}

/** New prices for two of the seller's offers, each from the version last known; after a lost answer, reads them again. */
async function editLoop() {
  while (!stopped) {
    await atGate();
    const ids = [...writes.offers.keys()].sort(() => Math.random() - 0.5).slice(0, 2);
    const offers = ids.map((id) => ({
      id,
      version: must(writes.offers.get(id)).version,
      unit_price: `${1 + Math.floor(Math.random() * 900)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
    }));
    const saved = await send<Schemas['OfferBatchResult']>(
      nextInstance(),
      'edit',
      'POST',
      '/api/v1/manage-offers/update/',
      {
        token: tokens.seller,
        json: { offers },
      },
    );
    if (saved.status === 200) {
      for (const offer of saved.body.offers) writes.offers.set(offer.id, offer);
    } else {
      for (const offer of await readEdited()) writes.offers.set(offer.id, offer);
    }
    await pause();
  }
}

/** Small CSV files, each with products named by a tag of its own: all of a file's rows are there, or none. */
async function uploadLoop() {
  while (!stopped) {
    await atGate();
    const tag = uniqueTag();
    const rows = Array.from(
      { length: UPLOAD_ROWS },
      (_, i) => `${tag} Game ${i},${publisher},${uploadStore},${region},regular,false,9.99,${iso(-1)},${iso(30)}`,
    );
    const upload = { tag, answered: false };
    writes.uploads.push(upload);
    const answer = await send(nextInstance(), 'upload', 'POST', '/api/v1/offers/upload/', {
      token: tokens.seller2,
      form: csvFile([HEADER, ...rows]),
    });
    upload.answered = answer.status === 201;
    await pause(100);
  }
}

/** Lists, profiles and now and then a sign-in. */
async function readLoop(token: string, email: string) {
  for (let i = 0; !stopped; i++) {
    await atGate();
    const instance = nextInstance();
    if (i % 20 === 19) {
      await send(instance, 'sign-in', 'POST', '/api/v1/token', { json: { email, password: PASSWORD } });
    } else if (i % 2 === 0) {
      await send(instance, 'read', 'GET', '/api/v1/offers/?limit=10&ordering=-end_date', { token });
    } else {
      await send(instance, 'read', 'GET', '/api/v1/profile', { token });
    }
    await pause();
  }
}

/** One instance asked every 50 ms for a page that needs the database: when it serves again, to the millisecond. */
async function probeLoop(instance: () => Instance) {
  while (!stopped) {
    await atGate();
    await send(instance(), 'probe', 'GET', '/api/v1/profile', { token: tokens.client2 });
    await pause(50);
  }
}

/** Milliseconds from PostgreSQL accepting connections to each instance's first 200, waiting for both. */
async function recovery(upAt: number): Promise<Record<string, number>> {
  const back: Record<string, number> = {};
  const deadline = performance.now() + 15_000;
  while (Object.keys(back).length < 2 && performance.now() < deadline && [must(a), must(b)].every(isRunning)) {
    for (const answer of sent) {
      if (
        answer.kind !== 'probe' ||
        answer.status !== 200 ||
        answer.sentAt < upAt ||
        back[answer.instance] !== undefined
      )
        continue;
      back[answer.instance] = Math.round(answer.answeredAt - upAt);
    }
    await pause(20);
  }
  return back;
}

async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** What one phase broke: dead processes, answers other than expected, slow 503s, a late return. */
function phaseProblems(outage: Outage): string[] {
  const problems: string[] = [];
  for (const instance of [must(a), must(b)]) {
    if (!isRunning(instance)) problems.push(`${outage.phase}: instance ${instance.name} exited:\n${instance.output()}`);
    if (/Unhandled|ERR_UNHANDLED/.test(instance.output())) {
      problems.push(`${outage.phase}: instance ${instance.name} logged an unhandled error:\n${instance.output()}`);
    }
  }
  for (const answer of sent.filter((s) => s.phase.startsWith(outage.phase))) {
    const label = `${outage.phase}: ${answer.what} on ${answer.instance} at +${Math.round(answer.sentAt - outage.from)} ms`;
    if (!EXPECTED[answer.kind].includes(answer.status)) {
      problems.push(`${label} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    if (answer.status === 503) {
      const waited = answer.answeredAt - Math.max(answer.sentAt, outage.from);
      if (waited > WITHIN_MS) problems.push(`${label}: 503 after ${Math.round(waited)} ms`);
      const body = answer.body as { code?: unknown; detail?: unknown };
      if (body.code !== 'service_unavailable' || typeof body.detail !== 'string' || !answer.retryAfter) {
        problems.push(`${label}: 503 without DRF's shape or Retry-After: ${JSON.stringify(body)}`);
      }
      if (answer.sentAt > outage.until + WITHIN_MS) problems.push(`${label}: still 503 after the database was back`);
    }
  }
  return problems;
}

/** Before any outage every answer is a success (a sign-in may be throttled, see EXPECTED). */
function steadyProblems(): string[] {
  return sent
    .filter((s) => s.phase === 'steady' && !(s.status >= 200 && s.status < 300))
    .map((s) => `steady: ${s.what} on ${s.instance} answered ${s.status}: ${JSON.stringify(s.body).slice(0, 300)}`);
}

/** Every write answered 2xx is there; every checkout settled by its key stays as its key said. */
async function dataProblems(): Promise<string[]> {
  const problems: string[] = [];
  const ask = <T>(url: string, token: string) =>
    until<T>([200], () => send(nextInstance(), 'read', 'GET', url, { token })).then((answer) => answer.body);
  for (const [token, expected] of writes.orders) {
    const listed = new Set<number>();
    for (let offset = 0; ; offset += 100) {
      const page = await ask<Schemas['OrderPage']>(`/api/v1/orders/?limit=100&offset=${offset}`, token);
      for (const order of page.results) listed.add(order.id);
      if (!page.next) break;
    }
    for (const id of expected) if (!listed.has(id)) problems.push(`order ${id}, answered or found by its key, is gone`);
  }
  for (const { key, token, outcome } of writes.checkouts) {
    const now = await until([200, 404], () =>
      send(nextInstance(), 'ask-key', 'GET', `/api/v1/cart/checkout/${key}/`, { token }),
    );
    if ((now.status === 200) !== (outcome !== 'not placed'))
      problems.push(`checkout ${key} (${outcome}) now ${now.status}`);
  }
  const current = new Map((await readEdited()).map((offer) => [offer.id, offer]));
  for (const [id, last] of writes.offers) {
    const now = must(current.get(id));
    if (now.version !== last.version || now.unit_price !== last.unit_price) {
      problems.push(
        `offer ${id}: last known v${last.version} ${last.unit_price}, now v${now.version} ${now.unit_price}`,
      );
    }
  }
  for (const { tag, answered } of writes.uploads) {
    const { count } = await ask<Schemas['OfferPage']>(`/api/v1/manage-offers/?search=${tag}&limit=1`, tokens.seller2);
    if (count !== 0 && count !== UPLOAD_ROWS) problems.push(`upload ${tag} is half-written: ${count} rows`);
    if (answered && count !== UPLOAD_ROWS) problems.push(`upload ${tag}, answered 201, has ${count} rows`);
  }
  return problems;
}

/** One line for the log: how many requests, by status, how fast the 503s came, when service returned. */
function summary(outage: Outage, back: Record<string, number>): string {
  const mine = sent.filter((s) => s.phase.startsWith(outage.phase));
  const statuses = new Map<number, number>();
  for (const answer of mine) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const byStatus = [...statuses].sort(([x], [y]) => x - y).map(([status, n]) => `${status}: ${n}`);
  const waits = mine
    .filter((s) => s.status === 503)
    .map((s) => s.answeredAt - Math.max(s.sentAt, outage.from))
    .sort((x, y) => x - y);
  const slowest = waits.length
    ? `, 503s within ${Math.round(must(waits.at(-1)))} ms (median ${Math.round(must(waits[Math.floor(waits.length / 2)]))} ms)`
    : '';
  const returned = Object.entries(back)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');
  return `${outage.phase}: ${mine.length} requests (${byStatus.join(', ')})${slowest}; back after ${returned}`;
}

const unavailable = postgresAvailable();

describe.skipIf(unavailable !== null)('the database goes away under two API instances, the API stays', () => {
  beforeAll(async () => {
    cluster = await startPostgres({ synchronousCommit: true });
    databaseUrl = await createDatabase(cluster.url);
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
    const started = await Promise.allSettled([startInstance('a', env, '0'), startInstance('b', env, '0')]);
    [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    const emails = {
      client: 'client@example.com',
      client2: 'client2@example.com',
      seller: 'seller@example.com',
      seller2: 'seller2@example.com',
    };
    for (const account of Object.keys(tokens) as (keyof typeof tokens)[]) {
      const pair = await send<Schemas['TokenPair']>(nextInstance(), 'sign-in', 'POST', '/api/v1/token', {
        json: { email: emails[account], password: PASSWORD },
      });
      tokens[account] = pair.body.access;
    }
    const options = await send<Schemas['Options']>(nextInstance(), 'read', 'GET', '/api/v1/options/', {
      token: tokens.seller2,
    });
    uploadStore = must(options.body.sellers.find((s) => s.is_own)).name;
    publisher = must(options.body.publishers[0]).name;
    region = must(options.body.regions[0]).code;
    const page = await send<Schemas['OfferPage']>(
      nextInstance(),
      'read',
      'GET',
      '/api/v1/offers/?limit=100&ordering=-end_date',
      {
        token: tokens.client,
      },
    );
    orderable = page.body.results.filter((o) => time(o.start) < Date.now() && time(o.end) > Date.now() + 86_400_000);
    const sellerOptions = await send<Schemas['Options']>(nextInstance(), 'read', 'GET', '/api/v1/options/', {
      token: tokens.seller,
    });
    const sellerStore = must(sellerOptions.body.sellers.find((s) => s.is_own)).name;
    editTag = uniqueTag();
    const edited = Array.from(
      { length: 4 },
      (_, i) => `${editTag} Edited ${i},${publisher},${sellerStore},${region},regular,false,5.00,${iso(-1)},${iso(30)}`,
    );
    const uploaded = await send(nextInstance(), 'upload', 'POST', '/api/v1/offers/upload/', {
      token: tokens.seller,
      form: csvFile([HEADER, ...edited]),
    });
    if (uploaded.status !== 201) throw new Error(`setup upload: ${uploaded.status}`);
    for (const offer of await readEdited()) writes.offers.set(offer.id, offer);
  });

  afterAll(async () => {
    stopped = true;
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await cluster?.stop();
  });

  it('answers 503 within 1 s while it is away, serves within 1 s of its return, and loses nothing answered', async () => {
    expect(orderable.length).toBeGreaterThan(5);
    expect(writes.offers.size).toBe(4);
    const began = performance.now();
    phase = 'steady';
    const problems: string[] = [];
    // A client that gives up (its key or offers unreadable for 30 s) is a finding, and stops.
    const loops = [
      checkoutLoop(tokens.client),
      checkoutLoop(tokens.client2),
      editLoop(),
      uploadLoop(),
      readLoop(tokens.client, 'client@example.com'),
      readLoop(tokens.seller2, 'seller2@example.com'),
      probeLoop(() => must(a)),
      probeLoop(() => must(b)),
    ].map((loop) => {
      clients++;
      return loop
        .catch((error: Error) => void problems.push(`${phase}: a client gave up: ${error.message}`))
        .finally(() => clients--);
    });
    const report: string[] = [];
    const healthOfBoth = (wanted: number) =>
      Promise.all(
        [must(a), must(b)].map(async (instance) => {
          const answer = await send(instance, 'health', 'GET', '/api/v1/health/');
          if (answer.status !== wanted)
            problems.push(`${phase}: health on ${instance.name} ${answer.status}, not ${wanted}`);
        }),
      );

    /** Each outage: how the database is taken away, and brought back when it stays away for a while. */
    const outages: { name: string; takeAway: () => Promise<void>; bringBack?: () => Promise<void> }[] = [
      {
        name: 'pg_ctl stop -m fast',
        takeAway: () => must(cluster).shutDown(),
        bringBack: () => must(cluster).startAgain(),
      },
      {
        name: 'pg_terminate_backend, three times',
        takeAway: async () => {
          for (let i = 0; i < 3; i++) {
            await terminateBackends();
            await pause(300);
          }
        },
      },
      {
        name: 'postmaster killed',
        takeAway: () => must(cluster).killPostmaster(),
        bringBack: () => must(cluster).startAgain(),
      },
    ];
    await pause(1500);
    await healthOfBoth(200);
    problems.push(...steadyProblems());
    for (const { name, takeAway, bringBack } of outages) {
      phase = name;
      const from = performance.now();
      await takeAway();
      let away = `over ${Math.round(performance.now() - from)} ms`;
      if (bringBack) {
        await healthOfBoth(503);
        await pause(DOWN_MS);
        const starting = performance.now();
        await bringBack();
        const took = Math.round(performance.now() - starting);
        away = `away ${((performance.now() - from) / 1000).toFixed(1)} s, starting it took ${took} ms`;
      }
      const outage = { phase: name, from, until: performance.now() };
      const back = await recovery(outage.until);
      if (![must(a), must(b)].every(isRunning)) {
        problems.push(...phaseProblems(outage));
        break;
      }
      for (const instance of ['a', 'b']) {
        const ms = back[instance];
        if (ms === undefined || ms > WITHIN_MS)
          problems.push(`${name}: ${instance} served again after ${ms ?? 'never'} ms`);
      }
      await pause(1000);
      await healthOfBoth(200);
      phase = `${name}, then checking`;
      await parkClients();
      problems.push(...(await dataProblems()).map((problem) => `${name}: ${problem}`));
      releaseClients();
      problems.push(...phaseProblems(outage));
      report.push(`${summary(outage, back)} (PostgreSQL ${away})`);
    }
    stopped = true;
    await Promise.all(loops);

    const uncertain = writes.checkouts.filter((c) => c.outcome !== 'answered');
    const placed = uncertain.filter((c) => c.outcome === 'placed').length;
    console.info(
      [
        `database outage under two API instances, ${((performance.now() - began) / 1000).toFixed(1)} s:`,
        ...report.map((line) => `  ${line}`),
        `  ${writes.checkouts.length} checkouts (${uncertain.length} answered 503 and settled by their key: ${placed} placed, ${uncertain.length - placed} not), ` +
          `${writes.uploads.filter((u) => u.answered).length} of ${writes.uploads.length} uploads answered, ${writes.offers.size} offers edited`,
      ].join('\n'),
    );
    // A dead instance fails every request after it: the first findings tell the story.
    const shown = problems.length > 40 ? [...problems.slice(0, 40), `… and ${problems.length - 40} more`] : problems;
    expect(shown).toEqual([]);
  }, 180_000);
});
