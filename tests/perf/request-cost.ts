/**
 * What one request costs everyone else (behaviour §8, §9), for `npm run bench`: for every JSON
 * operation of the contract, its costliest valid body (every array at its `maxItems`, every text
 * at its `maxLength`, on real offers, cart lines and orders) and its costly invalid bodies (the
 * hostile-input test's shapes: nesting, arrays and objects of tens of thousands of entries, up to
 * the 1 MB limit), each sent a few times while another user reads `GET /api/v1/profile` back to
 * back. Per body: the answer's status, time and size, the longest event-loop stall in the API
 * process (tests/perf/loop-probe.ts), the other user's p95 meanwhile, and the process's RSS
 * before and after, each after a full garbage collection. Nothing here runs on import.
 */
import { randomUUID } from 'node:crypto';
import { MAX_JSON_BYTES } from '../../server/app';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/http/body';
import { type Operation, operations } from '../contract/support/contract';
import { hostileShapes } from '../contract/support/hostile';
import type { LoopProbeReading } from './loop-probe';

export interface RequestCost {
  operation: string;
  body: 'valid' | 'invalid';
  /** What the body holds, e.g. "500 offers, every field" or "empty objects to the size limit". */
  shape: string;
  bytes: number;
  /** The answers' statuses (0: no answer within the timeout). */
  statuses: number[];
  /** The slowest answer. */
  answerMs: number;
  answerBytes: number;
  /** The longest event-loop stall in the API process while these requests ran. */
  stallMs: number;
  /** `GET /api/v1/profile` as another user: the reads that overlapped these requests. */
  other: { requests: number; p95: number; max: number };
  rssBeforeMb: number;
  rssAfterMb: number;
}

const PASSWORD = 'Demo-pass-2026';
/** How often each body is sent; what a request consumes is rebuilt in between, outside the measure. */
const REPEATS = 3;
/** How long after an answer its memory is read (after a full garbage collection). */
const SETTLE_MS = 300;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Json = Record<string, unknown>;
type Role = 'client' | 'client2' | 'seller' | 'seller2';
const EMAILS: Record<Role, string> = {
  client: 'client@example.com',
  client2: 'client2@example.com',
  seller: 'seller@example.com',
  seller2: 'seller2@example.com',
};
/** A role's access token; a token lives five minutes, so each is signed in again after four. */
type Sessions = (role: Role) => Promise<string>;

function sessions(baseUrl: string): Sessions {
  const kept = new Map<Role, { token: Promise<string>; at: number }>();
  return (role) => {
    const held = kept.get(role);
    if (held && performance.now() - held.at < 240_000) return held.token;
    const token = call(baseUrl, 'POST', '/api/v1/token', { json: { email: EMAILS[role], password: PASSWORD } }).then(
      (pair) => String(pair.access),
    );
    kept.set(role, { token, at: performance.now() });
    return token;
  };
}

/** A JSON call that must succeed (fixtures). */
async function call(baseUrl: string, method: string, path: string, options: { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as Json;
}

/** One body of one operation: how to send it, and what to do around each request, outside the measure. */
interface Case {
  label: string;
  as: Role | null;
  path: () => string;
  body: () => string;
  headers?: () => Record<string, string>;
  /** Puts in place what the request needs (a cart line, an order in the right state). */
  before?: () => Promise<void>;
  /** Notes what the answer changed, or rebuilds what it consumed. */
  after?: (status: number) => Promise<void>;
  repeats?: number;
}

interface Offer {
  id: number;
  seller_id: number;
  publisher_id: number;
  region_id: number;
  start: string;
  end: string;
}

const text = (length: number, seed = 'x') => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The costliest valid body of every JSON operation, with the fixtures they need made through the
 * API: 500 of the seller's offers, 500 orderable offers of one of its storefronts in the client's
 * cart, an order of 500 lines from one checkout, and 500 completed orders to invoice.
 */
async function validCases(baseUrl: string, session: Sessions): Promise<Map<string, Case>> {
  const api = async (method: string, path: string, options: { as?: Role; json?: unknown } = {}) =>
    call(baseUrl, method, path, { json: options.json, ...(options.as ? { token: await session(options.as) } : {}) });
  const pages = async (path: string, as: Role, keep: (offer: Offer) => boolean) => {
    const found: Offer[] = [];
    for (let offset = 0; found.length < 500; offset += 100) {
      const page = await api('GET', `${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`, { as });
      const results = page.results as Offer[];
      found.push(...results.filter(keep));
      if (results.length < 100) break;
    }
    if (found.length < 500) throw new Error(`${path}: fewer than 500 offers; seed more (SEED_OFFERS)`);
    return found.slice(0, 500);
  };
  const options = await api('GET', '/api/v1/options/', { as: 'seller' });
  const store = (options.sellers as { id: number; is_own: boolean }[]).find((s) => s.is_own)?.id;
  const mine = await pages('/api/v1/manage-offers/', 'seller', () => true);
  const orderable = await pages('/api/v1/offers/?ordering=-end_date', 'client', (offer) => offer.seller_id === store);

  /**
   * One unit of each offer into `as`'s cart, emptied first (a cart holds at most 500 lines, and the
   * demo client's starts with two); answers the ids of those lines.
   */
  const fillCart = async (as: Role, offers: Offer[]) => {
    let cart: Json = await api('GET', '/api/v1/cart/', { as });
    for (const { id } of cart.items as { id: number }[]) await api('DELETE', `/api/v1/cart/remove/${id}/`, { as });
    for (const offer of offers)
      cart = await api('POST', '/api/v1/cart/add/', { as, json: { offer_id: offer.id, quantity: 1 } });
    const wanted = new Set(offers.map((offer) => offer.id));
    return (cart.items as { id: number; offer_id: number }[]).filter((i) => wanted.has(i.offer_id)).map((i) => i.id);
  };

  // An order of 500 lines, from one checkout of 500 cart lines of one storefront.
  const checkedOut = await api('POST', '/api/v1/cart/checkout/', {
    as: 'client',
    json: { cart_item_ids: await fillCart('client', orderable) },
  });
  const order = (checkedOut.orders as { id: number; lines: { id: number }[] }[])[0] as {
    id: number;
    lines: { id: number }[];
  };
  let cartIds = await fillCart('client', orderable);
  const counterBody = () =>
    JSON.stringify({
      lines: order.lines.map((line, i) => ({
        line_id: line.id,
        unit_price: `${(i % 50) + 1}.25`,
        quantity: (i % 7) + 1,
      })),
      note: text(2000, 'A better price for a larger order. '),
    });
  // The order goes counter → decline → counter → accept → counter …: each case moves it where it needs it.
  let proposed = false;
  const counter = async () => {
    if (proposed) return;
    await api('POST', `/api/v1/orders/${order.id}/counter/`, { as: 'seller', json: JSON.parse(counterBody()) });
    proposed = true;
  };
  const decline = async () => {
    if (!proposed) return;
    await api('POST', `/api/v1/orders/${order.id}/counter/response/`, { as: 'client', json: { accept: false } });
    proposed = false;
  };

  const specialOrder = async () =>
    Number(
      (
        await api('POST', '/api/v1/orders/request-special-price/', {
          as: 'client',
          json: { offer_id: (orderable[0] as Offer).id, quantity: 1, unit_price: '0.01' },
        })
      ).id,
    );
  let cancellable = await specialOrder();
  const completed: number[] = [];
  for (let i = 0; i < 500; i++) {
    const id = await specialOrder();
    await api('POST', `/api/v1/orders/${id}/approve/`, { as: 'seller', json: {} });
    completed.push(id);
  }
  let invoiceId = 0;
  // client2's cart, so that client's 500 lines stay as the checkout needs them.
  let cartLine = 0;
  const refresh = async () =>
    String(
      (await api('POST', '/api/v1/token', { json: { email: 'client2@example.com', password: PASSWORD } })).refresh,
    );
  let refreshToken = await refresh();
  let registered = 0;
  const longEmail = () => {
    const tag = `bench${Date.now()}n${++registered}`;
    return `${tag}${text(254 - tag.length - '@example.com'.length, 'a')}@example.com`;
  };
  let publish = true;

  const cases: Record<string, Case> = {
    obtainToken: {
      label: 'a signed-up account, right password',
      as: null,
      path: () => '/api/v1/token',
      body: () => JSON.stringify({ email: 'client2@example.com', password: PASSWORD }),
    },
    refreshToken: {
      label: 'a refresh token',
      as: null,
      path: () => '/api/v1/token/refresh',
      body: () => JSON.stringify({ refresh: refreshToken }),
      // The server rotates refresh tokens: each one works once.
      after: async () => {
        refreshToken = await refresh();
      },
    },
    revokeToken: {
      label: 'a refresh token',
      as: null,
      path: () => '/api/v1/token/blacklist',
      body: () => JSON.stringify({ refresh: refreshToken }),
      after: async () => {
        refreshToken = await refresh();
      },
    },
    register: {
      label: 'every field at its longest',
      as: null,
      path: () => '/api/v1/register/',
      body: () =>
        JSON.stringify({
          email: longEmail(),
          raw_password: text(128, 'Qz7!pLm2#Vr9'),
          first_name: text(150, 'Ada '),
          last_name: text(150, 'Lovelace '),
        }),
    },
    updateProfile: {
      label: 'every field at its longest',
      as: 'client2',
      path: () => '/api/v1/profile',
      body: () =>
        JSON.stringify({
          first_name: text(150, 'Ada '),
          last_name: text(150, 'Client '),
          phone: '+123456789012345',
          company: text(200, 'Pixel Retail GmbH '),
        }),
    },
    checkOfferAvailability: {
      label: '500 offers',
      as: 'client',
      path: () => '/api/v1/offers/availability/',
      body: () => JSON.stringify({ offer_ids: mine.map((offer) => offer.id) }),
    },
    publishOffers: {
      label: '500 offers changing state',
      as: 'seller',
      path: () => '/api/v1/manage-offers/publish/',
      body: () => JSON.stringify({ offer_ids: mine.map((offer) => offer.id), publish }),
      after: async () => {
        publish = !publish;
      },
    },
    bulkUpdateOffers: {
      label: '500 offers, every field',
      as: 'seller',
      path: () => '/api/v1/manage-offers/update/',
      body: () =>
        JSON.stringify({
          offers: mine.map((offer, i) => ({
            id: offer.id,
            product: text(200, `Bench offer ${i} Deluxe Edition `),
            publisher_id: offer.publisher_id,
            seller_id: offer.seller_id,
            region_id: offer.region_id,
            type: i % 2 ? 'regular' : 'promo',
            is_hot: i % 3 === 0,
            unit_price: `${(i % 90) + 10}.99`,
            start: offer.start,
            end: offer.end,
          })),
        }),
    },
    addToCart: {
      label: 'an offer',
      as: 'client2',
      path: () => '/api/v1/cart/add/',
      body: () => JSON.stringify({ offer_id: (orderable[1] as Offer).id, quantity: 1 }),
    },
    updateCartItem: {
      label: 'the largest quantity',
      as: 'client2',
      path: () => `/api/v1/cart/update/${cartLine}/`,
      body: () => JSON.stringify({ quantity: 100_000 }),
      before: async () => {
        cartLine ||= (await fillCart('client2', orderable.slice(2, 3)))[0] as number;
      },
    },
    checkoutCart: {
      label: '500 cart lines, a 2,000-character note',
      as: 'client',
      path: () => '/api/v1/cart/checkout/',
      body: () => JSON.stringify({ cart_item_ids: cartIds, note: text(2000, 'Deliver by Friday. ') }),
      headers: () => ({ 'Idempotency-Key': randomUUID() }),
      after: async () => {
        cartIds = await fillCart('client', orderable);
      },
      repeats: 2,
    },
    requestSpecialPrice: {
      label: 'a 2,000-character note',
      as: 'client',
      path: () => '/api/v1/orders/request-special-price/',
      body: () =>
        JSON.stringify({
          offer_id: (orderable[2] as Offer).id,
          quantity: 100_000,
          unit_price: '0.01',
          note: text(2000, 'Please. '),
        }),
    },
    cancelOrder: {
      label: 'a 2,000-character reason',
      as: 'client',
      path: () => `/api/v1/orders/${cancellable}/cancel/`,
      body: () => JSON.stringify({ reason: text(2000, 'Changed my mind. ') }),
      after: async () => {
        cancellable = await specialOrder();
      },
    },
    counterOrder: {
      label: '500 lines, a 2,000-character note',
      as: 'seller',
      path: () => `/api/v1/orders/${order.id}/counter/`,
      body: counterBody,
      before: decline,
      after: async (status) => {
        proposed ||= status === 200;
      },
    },
    respondToCounter: {
      label: 'accepting 500 countered lines, a 2,000-character note',
      as: 'client',
      path: () => `/api/v1/orders/${order.id}/counter/response/`,
      body: () => JSON.stringify({ accept: true, note: text(2000, 'Agreed. ') }),
      before: counter,
      after: async (status) => {
        proposed &&= status !== 200;
      },
    },
    createInvoice: {
      label: '500 completed orders',
      as: 'seller',
      path: () => '/api/v1/invoices/',
      body: () => JSON.stringify({ order_ids: completed, due_date: isoDay(30) }),
      after: async (status) => {
        if (status !== 201) return;
        const page = await api('GET', '/api/v1/invoices/?ordering=-issued_at&limit=1', { as: 'seller' });
        invoiceId = Number((page.results as { id: number }[])[0]?.id);
      },
      repeats: 1,
    },
    markInvoicePaid: {
      label: 'the invoice of 500 orders',
      as: 'seller',
      path: () => `/api/v1/invoices/${invoiceId}/pay/`,
      body: () => JSON.stringify({ payment_date: isoDay(0) }),
      repeats: 1,
    },
  };
  return new Map(Object.entries(cases));
}

/**
 * The API process's probe: the longest stall since the last reset, and its memory. It answers
 * once the API's event loop is free, which after a request that timed out can take minutes.
 */
function probe(url: string) {
  const read = async (path: string): Promise<LoopProbeReading> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await (await fetch(`${url}${path}`)).json()) as LoopProbeReading;
      } catch (error) {
        if (attempt >= 10) throw error;
      }
    }
  };
  return { reset: () => read('/reset'), read: () => read('/'), settled: () => read('/settled') };
}

/**
 * For every JSON operation, its costliest valid body and each costly invalid shape, each sent
 * REPEATS times (or its own count) while the other user's reads run. A request not answered
 * within `timeoutMs` is recorded with status 0 and not sent again; the next measure waits for the
 * API to be free.
 */
export async function measureRequestCosts(
  baseUrl: string,
  probeUrl: string,
  settings: { timeoutMs: number; note: (line: string) => void },
): Promise<RequestCost[]> {
  const session = sessions(baseUrl);
  settings.note('request costs: fixtures (500 offers, a 500-line order, 500 completed orders)');
  const valid = await validCases(baseUrl, session);
  const loop = probe(probeUrl);

  // The other user: one read after another for as long as the measures run, each with its times.
  const samples: { start: number; end: number }[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const start = performance.now();
      try {
        const other = await session('seller2');
        const response = await fetch(`${baseUrl}/api/v1/profile`, { headers: { Authorization: `Bearer ${other}` } });
        await response.arrayBuffer();
      } catch {
        // A read held up past fetch's own timeouts still counts, with the time it took.
      }
      samples.push({ start, end: performance.now() });
    }
  })();

  const measure = async (op: Operation, kind: RequestCost['body'], c: Case): Promise<RequestCost> => {
    const windows: { start: number; end: number }[] = [];
    const statuses: number[] = [];
    let stallMs = 0;
    let answerMs = 0;
    let answerBytes = 0;
    let bytes = 0;
    /** The RSS around the request that grew it most. */
    let memory: { before: number; after: number } | undefined;
    for (let i = 0; i < (c.repeats ?? REPEATS); i++) {
      await c.before?.();
      const body = c.body();
      bytes = Buffer.byteLength(body);
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...c.headers?.() };
      if (c.as) headers.Authorization = `Bearer ${await session(c.as)}`;
      // Read around each request alone: what a case puts in place before or rebuilds after (a
      // cart filled again is 500 requests of its own) is not the request's memory.
      const ahead = await loop.settled();
      await loop.reset();
      const start = performance.now();
      let status = 0;
      try {
        const response = await fetch(`${baseUrl}${c.path()}`, {
          method: op.method,
          headers,
          body,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        answerBytes = Math.max(answerBytes, (await response.arrayBuffer()).byteLength);
        status = response.status;
      } catch {
        // No answer in time: the server is still at it, and the probe answers once it is done.
      }
      const end = performance.now();
      windows.push({ start, end });
      answerMs = Math.max(answerMs, end - start);
      statuses.push(status);
      stallMs = Math.max(stallMs, (await loop.read()).maxDelayMs);
      await sleep(SETTLE_MS);
      const behind = await loop.settled();
      if (!memory || behind.rssMb - ahead.rssMb > memory.after - memory.before) {
        memory = { before: ahead.rssMb, after: behind.rssMb };
      }
      if (status === 0) break;
      await c.after?.(status);
    }
    const overlapping = samples
      .filter((s) => windows.some((w) => s.start < w.end && s.end > w.start))
      .map((s) => s.end - s.start)
      .sort((a, b) => a - b);
    return {
      operation: op.operationId,
      body: kind,
      shape: c.label,
      bytes,
      statuses,
      answerMs,
      answerBytes,
      stallMs,
      other: { requests: overlapping.length, p95: quantile(overlapping, 0.95), max: overlapping.at(-1) ?? 0 },
      rssBeforeMb: memory?.before ?? 0,
      rssAfterMb: memory?.after ?? 0,
    };
  };

  const results: RequestCost[] = [];
  try {
    for (const op of operations.filter((o) => o.hasJsonBody)) {
      const validCase = valid.get(op.operationId);
      if (!validCase) throw new Error(`no costliest valid body for ${op.operationId}`);
      settings.note(`request costs: ${op.operationId}`);
      results.push(await measure(op, 'valid', validCase));
      const base = JSON.parse(validCase.body()) as unknown;
      const shapes = hostileShapes(op, base, { limit: MAX_JSON_BYTES, depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES });
      for (const shape of shapes.filter((s) => !s.valid)) {
        const hostile: Case = { ...validCase, label: shape.label, body: () => shape.body, after: undefined };
        results.push(await measure(op, 'invalid', hostile));
      }
    }
  } finally {
    reading = false;
    await reader;
  }
  return results;
}
