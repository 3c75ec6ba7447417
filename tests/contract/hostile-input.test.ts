/**
 * Every operation of the contract, every request field it describes (query, path, JSON body, and
 * each CSV column of the upload), one hostile value at a time on top of a valid request sent by a
 * role that may call it: the answer is never a 5xx, and a refusal has DRF's shape. Then, for every
 * JSON operation, bodies shaped to be costly (behaviour §8, §9): nesting past the bound, arrays and
 * objects of tens of thousands of entries, and bodies as large as the limit allows; each is
 * refused with a DRF-shaped 400 of bounded size, or answered as its valid request is.
 */
import { randomUUID } from 'node:crypto';
import { MAX_CSV_FIELDS } from '../../openapi/rules/csv';
import { MAX_UPLOAD_ROWS } from '../../openapi/rules/offer';
import { MAX_JSON_BYTES, MAX_UPLOAD_BYTES } from '../../server/app';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/http/body';
import { MAX_ERROR_MESSAGES } from '../../server/http/errors';
import { fillPath, type Operation, operations, responseProblems } from './support/contract';
import {
  asText,
  HOSTILE,
  type Hostile,
  hostileJson,
  hostileShapes,
  refusalProblem,
  requestFields,
} from './support/hostile';
import type { Account, Cart, Invoice, Offer, OfferBatchResult, OfferPage, Options, Order } from './support/server';
import { ACCOUNTS, DEMO_PASSWORD, serverPerFile } from './support/server';
import { day, must } from './support/util';

const api = serverPerFile();

interface Baseline {
  as: Account | null;
  path?: Record<string, number | string>;
  query?: Record<string, string>;
  body?: unknown;
}

let sent = 0;
const statuses = new Map<number, number>();
const tokens = new Map<Account, string>();

async function send(op: Operation, as: Account | null, url: string, init: { body?: BodyInit; json?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (as) headers.Authorization = `Bearer ${must(tokens.get(as), `token of ${as}`)}`;
  if (init.json) headers['Content-Type'] = 'application/json';
  const response = await api.server.app.request(url, {
    method: op.method,
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  sent++;
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const problems = [
    refusalProblem(response.status, text),
    ...responseProblems(op, response.status, response.headers.get('content-type') ?? '', text),
  ].filter((p): p is string => p !== null);
  return { status: response.status, text, problems };
}

/** The request as the contract's client would send it, with one field replaced. */
function hostileRequest(op: Operation, base: Baseline, field: ReturnType<typeof requestFields>[number], h: Hostile) {
  const segment = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  const pathValues = Object.fromEntries(Object.entries(base.path ?? {}).map(([k, v]) => [k, String(v)]));
  if (field.in === 'path') pathValues[field.name] = asText(h).join(',');
  const url = op.template.replace(/\{(\w+)\}/g, (_, name: string) => segment(pathValues[name] ?? '1'));
  const query = new URLSearchParams(base.query);
  if (field.in === 'query') {
    query.delete(field.name);
    for (const text of asText(h)) query.append(field.name, text);
  }
  const search = query.toString();
  const body = field.in === 'body' ? hostileJson(base.body, field.path, h) : JSON.stringify(base.body ?? {});
  return { url: search ? `${url}?${search}` : url, body: op.hasJsonBody ? body : undefined };
}

// Fixtures: things the valid requests point at. A consumed one (an approved order) is rebuilt.
let own: number[] = [];
let offerA: Offer;
let offerB: Offer;
/** Published, withdrawn and edited by the manage-offers operations; A and B stay orderable. */
let offerC: Offer;
let registered = 0;

const json = async <T>(op: string, as: Account, url: string, body?: unknown): Promise<T> => {
  const response = await api.call<T>(body === undefined ? 'GET' : 'POST', url, {
    token: must(tokens.get(as)),
    ...(body === undefined ? {} : { json: body }),
  });
  if (response.status >= 300) throw new Error(`${op} fixture failed: ${response.status} ${response.text}`);
  return response.body;
};
const newOrder = () =>
  json<Order>('order', 'client', '/api/v1/orders/request-special-price/', {
    offer_id: offerA.id,
    quantity: 1,
    unit_price: '0.01',
  });
const counteredOrder = async () => {
  const order = await newOrder();
  return json<Order>('counter', 'seller', `/api/v1/orders/${order.id}/counter/`, {
    lines: [{ line_id: must(order.lines[0]).id, unit_price: '0.02' }],
  });
};
const completedOrder = async () =>
  json<Order>('approve', 'seller', `/api/v1/orders/${(await newOrder()).id}/approve/`, {});
const newInvoice = async () =>
  json<Invoice>('invoice', 'seller', '/api/v1/invoices/', {
    order_ids: [(await completedOrder()).id],
    due_date: day(10),
  });
const cartItem = async (offer: Offer) => {
  const cart = await json<Cart>('cart', 'client', '/api/v1/cart/add/', { offer_id: offer.id, quantity: 1 });
  return must(cart.items.find((item) => item.offer_id === offer.id)).id;
};

/** A valid request per operation; `consumed` ones are rebuilt after each 2xx answer. */
const BASELINES: Record<string, { consumed?: boolean; build: () => Promise<Baseline> }> = {
  obtainToken: { build: async () => ({ as: null, body: { email: ACCOUNTS.client2, password: DEMO_PASSWORD } }) },
  // A refresh rotates the token it was given out (the server's default): each valid one is new.
  // Not client2's: obtainToken's hostile passwords leave that account throttled for a minute.
  refreshToken: {
    consumed: true,
    build: async () => {
      const pair = await api.req<{ refresh: string }>(200, 'POST', '/api/v1/token', {
        json: { email: ACCOUNTS.client, password: DEMO_PASSWORD },
      });
      return { as: null, body: { refresh: pair.refresh } };
    },
  },
  revokeToken: { build: async () => ({ as: null, body: { refresh: (await api.login('seller2')).refresh } }) },
  register: {
    consumed: true,
    build: async () => ({
      as: null,
      body: { email: `hostile-${++registered}@example.com`, raw_password: 'Secret-pass-1', first_name: 'H' },
    }),
  },
  verifyEmail: { build: async () => ({ as: null, query: { token: 'unknown-token' } }) },
  updateProfile: {
    build: async () => ({ as: 'client2', body: { first_name: 'Ada', last_name: 'C', phone: '', company: 'P' } }),
  },
  readProfile: { build: async () => ({ as: 'client' }) },
  listOptions: { build: async () => ({ as: 'client' }) },
  readSchema: { build: async () => ({ as: null, query: { format: 'json' } }) },
  checkHealth: { build: async () => ({ as: null }) },
  listOffers: { build: async () => ({ as: 'client' }) },
  listManageOffers: { build: async () => ({ as: 'seller' }) },
  publishOffers: { build: async () => ({ as: 'seller', body: { offer_ids: [offerC.id], publish: true } }) },
  bulkUpdateOffers: {
    build: async () => ({
      as: 'seller',
      body: {
        offers: [
          {
            id: offerC.id,
            product: offerC.product,
            publisher_id: offerC.publisher_id,
            seller_id: offerC.seller_id,
            region_id: offerC.region_id,
            type: offerC.type,
            is_hot: offerC.is_hot,
            unit_price: offerC.unit_price,
            start: offerC.start,
            end: offerC.end,
          },
        ],
      },
    }),
  },
  listOfferHistory: { build: async () => ({ as: 'seller', path: { offerId: offerC.id } }) },
  listOfferChanges: { build: async () => ({ as: 'seller' }) },
  revertOfferChanges: {
    consumed: true,
    build: async () => {
      const product = `${offerC.product} ${randomUUID().slice(0, 8)}`;
      const written = await json<OfferBatchResult>('edit', 'seller', '/api/v1/manage-offers/update/', {
        offers: [{ id: offerC.id, product }],
      });
      return { as: 'seller', path: { batchId: must(written.batch_id, 'batch_id') } };
    },
  },
  readCart: { build: async () => ({ as: 'client' }) },
  addToCart: { build: async () => ({ as: 'client', body: { offer_id: offerA.id, quantity: 1 } }) },
  updateCartItem: {
    build: async () => ({ as: 'client', path: { itemId: await cartItem(offerB) }, body: { quantity: 2 } }),
  },
  removeCartItem: { consumed: true, build: async () => ({ as: 'client', path: { itemId: await cartItem(offerB) } }) },
  checkoutCart: {
    consumed: true,
    build: async () => ({ as: 'client', body: { cart_item_ids: [await cartItem(offerB)], note: 'n' } }),
  },
  readCheckout: {
    build: async () => {
      const key = `hostile-${randomUUID()}`;
      const response = await api.call('POST', '/api/v1/cart/checkout/', {
        token: must(tokens.get('client')),
        json: { cart_item_ids: [await cartItem(offerB)] },
        headers: { 'Idempotency-Key': key },
      });
      if (response.status !== 201) throw new Error(`checkout fixture failed: ${response.status} ${response.text}`);
      return { as: 'client', path: { key } };
    },
  },
  checkOfferAvailability: { build: async () => ({ as: 'client', body: { offer_ids: [offerA.id, offerC.id] } }) },
  listOrders: { build: async () => ({ as: 'client' }) },
  readOrder: { build: async () => ({ as: 'seller', path: { orderId: (await newOrder()).id } }) },
  listReviewOrders: { build: async () => ({ as: 'seller' }) },
  requestSpecialPrice: {
    build: async () => ({ as: 'client', body: { offer_id: offerA.id, quantity: 1, unit_price: '0.01', note: 'n' } }),
  },
  approveOrder: { consumed: true, build: async () => ({ as: 'seller', path: { orderId: (await newOrder()).id } }) },
  cancelOrder: {
    consumed: true,
    build: async () => ({ as: 'client', path: { orderId: (await newOrder()).id }, body: { reason: 'r' } }),
  },
  counterOrder: {
    consumed: true,
    build: async () => {
      const order = await newOrder();
      const lines = [{ line_id: must(order.lines[0]).id, unit_price: '0.02', quantity: 1 }];
      return { as: 'seller', path: { orderId: order.id }, body: { lines, note: 'n' } };
    },
  },
  respondToCounter: {
    consumed: true,
    build: async () => ({
      as: 'client',
      path: { orderId: (await counteredOrder()).id },
      body: { accept: true, note: 'n' },
    }),
  },
  listInvoices: { build: async () => ({ as: 'seller' }) },
  createInvoice: {
    consumed: true,
    build: async () => ({ as: 'seller', body: { order_ids: [(await completedOrder()).id], due_date: day(10) } }),
  },
  readInvoice: { build: async () => ({ as: 'seller', path: { invoiceId: (await newInvoice()).id } }) },
  markInvoicePaid: {
    consumed: true,
    build: async () => ({ as: 'seller', path: { invoiceId: (await newInvoice()).id }, body: { payment_date: day(0) } }),
  },
};

beforeAll(async () => {
  for (const account of ['client', 'client2', 'seller', 'seller2'] as const) {
    tokens.set(account, await api.token(account));
  }
  own = (await json<Options>('options', 'seller', '/api/v1/options/')).sellers.filter((s) => s.is_own).map((s) => s.id);
  const page = await json<OfferPage>('offers', 'client', '/api/v1/offers/?limit=100&ordering=-end_date');
  const mine = page.results.filter((offer) => own.includes(offer.seller_id));
  [offerA, offerB, offerC] = [0, 1, 2].map((i) => must(mine[i], `offer ${i} of seller`)) as [Offer, Offer, Offer];
});

afterAll(() => {
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`hostile input: ${sent} requests (${byStatus.join(', ')})`);
});

const jsonOperations = operations.filter((op) => !op.hasFormBody);

it('has a valid request for every operation', () => {
  expect(jsonOperations.map((op) => op.operationId).filter((id) => !BASELINES[id])).toEqual([]);
});

it.each(jsonOperations.map((op) => [op.operationId, op] as const))(
  '%s: no hostile field value gives a 5xx',
  async (_, op) => {
    const fixture = must(BASELINES[op.operationId]);
    let base = await fixture.build();
    const problems: string[] = [];
    for (const field of requestFields(op)) {
      for (const h of HOSTILE) {
        const request = hostileRequest(op, base, field, h);
        const answer = await send(op, base.as, request.url, { body: request.body, json: request.body !== undefined });
        for (const problem of answer.problems) problems.push(`${field.in} ${field.name} = ${h.label}: ${problem}`);
        if (fixture.consumed && answer.status < 300) base = await fixture.build();
      }
    }
    expect(problems).toEqual([]);
  },
);

/** The largest answer a refusal may be: 50 messages and the line counting the rest, with room to spare. */
const MAX_ANSWER_BYTES = 16 * 1024;

it.each(jsonOperations.filter((op) => op.hasJsonBody).map((op) => [op.operationId, op] as const))(
  '%s: costly shapes are refused with a small DRF-shaped 400',
  async (_, op) => {
    const fixture = must(BASELINES[op.operationId]);
    let base = await fixture.build();
    const problems: string[] = [];
    const shapes = hostileShapes(op, base.body, {
      limit: MAX_JSON_BYTES,
      depth: MAX_JSON_DEPTH,
      values: MAX_JSON_VALUES,
    });
    for (const shape of shapes) {
      const url = op.template.replace(/\{(\w+)\}/g, (_, name: string) => String(base.path?.[name] ?? 1));
      const answer = await send(op, base.as, url, { body: shape.body, json: true });
      const say = (problem: string) => problems.push(`${shape.label} (${shape.body.length} bytes): ${problem}`);
      for (const problem of answer.problems) say(problem);
      if (fixture.consumed && answer.status < 300) base = await fixture.build();
      if (shape.valid) {
        // A 409 (the state moved on) or a 429 (the cases before failed this account's sign-ins
        // within the throttle's window) answers the state, not the body.
        if (answer.status >= 400 && answer.status !== 409 && answer.status !== 429)
          say(`answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        continue;
      }
      if (answer.status !== 400) say(`answered ${answer.status}, not 400`);
      if (answer.text.length > MAX_ANSWER_BYTES) say(`answered ${answer.text.length} bytes`);
      const body = JSON.parse(answer.text) as Record<string, string[]>;
      const messages = Object.values(body).flat();
      if (messages.length > MAX_ERROR_MESSAGES + 1) say(`${messages.length} messages`);
      if (shape.refusal && !body.non_field_errors?.includes(shape.refusal))
        say(`no "${shape.refusal}": ${answer.text}`);
      if (!shape.refusal && Object.values(body).some((m) => m.some((text) => /nesting|values is not/.test(text)))) {
        say(`refused for its shape, though within the bounds: ${answer.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  },
);

it('a 400 lists at most 50 messages and counts the rest in one line', async () => {
  const op = must(operations.find((o) => o.operationId === 'bulkUpdateOffers'));
  const offers = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, product: '', unit_price: 'x', start: 'y' }));
  const answer = await send(op, 'seller', op.template, { body: JSON.stringify({ offers }), json: true });
  expect(answer.status).toBe(400);
  const body = JSON.parse(answer.text) as Record<string, string[]>;
  expect(body['offers.0.product']).toEqual(['This field may not be blank.']);
  expect(body['offers.0.unit_price']).toEqual(['Enter an amount with two decimals, like 12.50.']);
  const messages = Object.values(body).flat();
  expect(messages).toHaveLength(MAX_ERROR_MESSAGES + 1);
  expect(body.non_field_errors).toEqual([`${3 * 500 - MAX_ERROR_MESSAGES} more errors are not shown.`]);
});

/** RFC 4180 quoting for one cell. */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

it('uploadOffers: no hostile CSV cell, file field or query parameter gives a 5xx', async () => {
  const op = must(operations.find((o) => o.operationId === 'uploadOffers'));
  const valid: Record<string, string> = {
    product: 'Hostile upload',
    publisher: offerA.publisher,
    seller: offerA.seller,
    region: offerA.region_code,
    type: 'regular',
    hot: 'false',
    unit_price: '1.00',
    start: offerA.start,
    end: offerA.end,
  };
  const columns = Object.keys(valid);
  const problems: string[] = [];
  for (const column of columns) {
    for (const h of HOSTILE) {
      const row = columns.map((name) => cell(name === column ? asText(h).join(',') : (valid[name] ?? '')));
      const form = new FormData();
      form.append('file', new Blob([`${columns.join(',')}\n${row.join(',')}\n`], { type: 'text/csv' }), 'o.csv');
      const answer = await send(op, 'seller', fillPath(op, ''), { body: form });
      for (const problem of answer.problems) problems.push(`cell ${column} = ${h.label}: ${problem}`);
    }
  }
  for (const h of HOSTILE) {
    const form = new FormData();
    form.append('file', asText(h).join(','));
    const answer = await send(op, 'seller', fillPath(op, ''), { body: form });
    for (const problem of answer.problems) problems.push(`field file = ${h.label}: ${problem}`);
  }
  // Query parameters (`allow_duplicate`), on a valid file: the first one imported, later ones duplicates.
  const validFile = `${columns.join(',')}\n${columns.map((name) => cell(valid[name] ?? '')).join(',')}\n`;
  for (const field of requestFields(op)) {
    for (const h of HOSTILE) {
      const form = new FormData();
      form.append('file', new Blob([validFile], { type: 'text/csv' }), 'o.csv');
      const answer = await send(op, 'seller', hostileRequest(op, { as: 'seller' }, field, h).url, { body: form });
      for (const problem of answer.problems) problems.push(`${field.in} ${field.name} = ${h.label}: ${problem}`);
    }
  }
  expect(requestFields(op).map((field) => field.name)).toContain('allow_duplicate');
  expect(problems).toEqual([]);
});

it('uploadOffers: files shaped to be costly are refused with a small DRF-shaped 400', async () => {
  const op = must(operations.find((o) => o.operationId === 'uploadOffers'));
  const header = 'product,publisher,seller,region,type,hot,unit_price,start,end';
  const room = MAX_UPLOAD_BYTES - 1024;
  const row = `Hostile,${offerA.publisher},${offerA.seller},${offerA.region_code},regular,false,x,${offerA.start},${offerA.end}`;
  const files: [label: string, text: string, says: string][] = [
    ['blank lines to the size limit', `${header}\n${'\n'.repeat(room - header.length)}`, 'no offers'],
    ['one-letter rows to the size limit', `${header}\n${'a\n'.repeat((room - header.length) / 2)}`, 'more than'],
    ['a header of empty fields to the size limit', ','.repeat(room), `more than ${MAX_CSV_FIELDS} fields`],
    ['a quoted field of doubled quotes to the size limit', `"${'""'.repeat(room / 2 - 1)}"`, 'Missing columns'],
    [
      `${MAX_CSV_FIELDS} unknown columns`,
      Array.from({ length: MAX_CSV_FIELDS }, (_, i) => `c${i}`).join(','),
      'Unknown',
    ],
    [
      `${MAX_UPLOAD_ROWS} rows, each with a bad price`,
      `${header}\n${`${row}\n`.repeat(MAX_UPLOAD_ROWS)}`,
      'more errors',
    ],
  ];
  const problems: string[] = [];
  for (const [label, text, says] of files) {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'hostile.csv');
    const answer = await send(op, 'seller', fillPath(op, ''), { body: form });
    const say = (problem: string) => problems.push(`${label} (${text.length} bytes): ${problem}`);
    for (const problem of answer.problems) say(problem);
    if (answer.status !== 400) say(`answered ${answer.status}, not 400`);
    if (answer.text.length > MAX_ANSWER_BYTES) say(`answered ${answer.text.length} bytes`);
    const messages = Object.values(JSON.parse(answer.text) as Record<string, string[]>).flat();
    if (messages.length > MAX_ERROR_MESSAGES + 1) say(`${messages.length} messages`);
    if (!answer.text.includes(says)) say(`does not say "${says}": ${answer.text.slice(0, 300)}`);
  }
  // A form of tens of thousands of fields beside the file, as large as the limit allows.
  const form = new FormData();
  for (let i = 0; i < 40_000; i++) form.append(`field${i}`, 'x');
  form.append('file', new Blob([`${header}\n${row}\n`], { type: 'text/csv' }), 'hostile.csv');
  const answer = await send(op, 'seller', fillPath(op, ''), { body: form });
  expect(answer.problems).toEqual([]);
  expect([answer.status, answer.text]).toEqual([400, expect.stringContaining('form fields')]);
  expect(problems).toEqual([]);
});
