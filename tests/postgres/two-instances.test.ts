/**
 * Two API servers, real processes as `npm start` runs them, on one PostgreSQL database with one
 * JWT_SECRET and data folders of their own: a client sent to either by a load balancer must not
 * tell them apart. Requests alternate between them, and what one learned the other must know:
 * tokens, sign-out, failed sign-ins, checkout keys, offer versions, and the offer list answers and
 * users each one keeps between requests.
 *
 * The database server is the one scripts/test-postgres.ts started (CONTRACT_POSTGRES_URL), or a
 * throwaway cluster of this file's own; without PostgreSQL the file is skipped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { components } from '../../openapi/schema';
import { type Instance, startInstance, stopInstance } from '../support/api-instances';
import { type ApiTarget, apiWithToken, dataOf, PASSWORD, tokensFor } from '../support/api-session';
import { createDatabase, type PostgresCluster, postgresAvailable, startPostgres } from '../support/postgres';

type Schemas = components['schemas'];

/** Ports to listen on, e.g. `4620,4621`; by default the OS picks free ones. */
const PORTS = (process.env.TWO_INSTANCES_PORTS ?? '0,0').split(',');

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

async function call<T = Record<string, unknown>>(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${instance.base}${url}`, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  const text = await response.text();
  const body = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  return { status: response.status, body, headers: response.headers };
}

async function expectStatus<T>(status: number, answer: Promise<Answer<T>>): Promise<T> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body).slice(0, 400)).toBe(status);
  return settled.body;
}

const signIn = (instance: Instance, email: string, password = PASSWORD) =>
  call<Schemas['TokenPair']>(instance, 'POST', '/api/v1/token', { json: { email, password } });

/** The shared API session's target for `instance`. */
const at = (instance: Instance): ApiTarget => ({ baseUrl: instance.base });

/** The seller's published offer that ends last, as `instance` lists it. */
async function lastEnding(instance: Instance, token: string): Promise<Schemas['Offer']> {
  const published = await dataOf(
    apiWithToken(at(instance), token).GET('/api/v1/manage-offers/', {
      params: { query: { is_published: true, ordering: '-end_date', limit: 1 } },
    }),
  );
  const offer = published.results[0];
  if (!offer) throw new Error('the seller has no published offer');
  return offer;
}

const unavailable = postgresAvailable();
const serverUrl = process.env.CONTRACT_POSTGRES_URL;

describe.skipIf(!serverUrl && unavailable !== null)('two API instances on one PostgreSQL database', () => {
  let cluster: PostgresCluster | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;
  let databaseUrl = '';
  /** The two instances; `either(i)` alternates between them. */
  const one = () => a as Instance;
  const other = () => b as Instance;
  const either = (i: number) => (i % 2 === 0 ? one() : other());

  beforeAll(async () => {
    let url = serverUrl;
    if (!url) {
      cluster = await startPostgres();
      url = cluster.url;
    }
    databaseUrl = await createDatabase(url);
    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
    // At once, as a deployment starts them: one migrates and seeds, the other waits for it.
    const started = await Promise.allSettled([
      startInstance('a', env, PORTS[0] ?? '0'),
      startInstance('b', env, PORTS[1] ?? '0'),
    ]);
    [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await cluster?.stop();
  });

  it('seeds the shared database once, whichever instance started first', async () => {
    const { access } = await tokensFor(at(one()), 'seller');
    const countOn = async (instance: Instance) =>
      (
        await expectStatus<Schemas['OfferPage']>(
          200,
          call(instance, 'GET', '/api/v1/manage-offers/?limit=1', { token: access }),
        )
      ).count;
    expect(await countOn(one())).toBe(await countOn(other()));
    const options = await expectStatus<Schemas['Options']>(
      200,
      call(other(), 'GET', '/api/v1/options/', { token: access }),
    );
    expect(options.sellers.filter((seller) => seller.name === 'Nordic Keys')).toHaveLength(1);
  });

  it('accepts the tokens one instance issued on the other', async () => {
    const pair = await tokensFor(at(one()), 'client');
    const profile = await expectStatus<Schemas['Profile']>(
      200,
      call(other(), 'GET', '/api/v1/profile', { token: pair.access }),
    );
    expect(profile.email).toBe('client@example.com');
    const refreshed = await expectStatus<{ access: string }>(
      200,
      call(other(), 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } }),
    );
    await expectStatus(200, call(one(), 'GET', '/api/v1/profile', { token: refreshed.access }));
  });

  it('refuses on one instance a refresh token signed out on the other', async () => {
    const pair = await tokensFor(at(other()), 'client2');
    await expectStatus(200, call(one(), 'POST', '/api/v1/token/blacklist', { json: { refresh: pair.refresh } }));
    const refused = await call(other(), 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'token_not_valid' });
  });

  it('rotates a refresh token once across both: of two refreshes at once, one on each, one gets the new pair', async () => {
    const pair = await tokensFor(at(one()), 'seller2');
    const answers = await Promise.all(
      [one(), other()].map((instance) =>
        call(instance, 'POST', '/api/v1/token/refresh', { json: { refresh: pair.refresh } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const rotated = answers.find((answer) => answer.status === 200)?.body as { refresh: string };
    await expectStatus(200, call(other(), 'POST', '/api/v1/token/refresh', { json: { refresh: rotated.refresh } }));
  });

  it('counts failed sign-ins across both: the sixth for an account is refused on either', async () => {
    // Five failures allowed per account (the default), spread over both instances.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(either(i), 'seller2@example.com', 'Not-the-password-1')).status).toBe(401);
    }
    for (const instance of [other(), one()]) {
      const refused = await signIn(instance, 'seller2@example.com', 'Not-the-password-1');
      expect(refused.status, instance.name).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect((await signIn(one(), 'seller2@example.com')).status).toBe(429);
  });

  it('lets no more parallel guesses through than the limit, however they are spread', async () => {
    const account = `guessed-${randomUUID()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(either(i), account, `Guess-${i}-password`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('lets every correct sign-in through, ten at once spread over both', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(either(i), 'client2@example.com')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  });

  it('replays on one instance a checkout made with the same Idempotency-Key on the other', async () => {
    const { access } = await tokensFor(at(one()), 'client');
    const page = await expectStatus<Schemas['OfferPage']>(
      200,
      call(one(), 'GET', '/api/v1/offers/?ordering=-end_date&limit=50', { token: access }),
    );
    const offer = page.results.find((o) => Date.parse(o.start) < Date.now());
    if (!offer) throw new Error('no offer has started among the 50 ending last');
    const cart = await expectStatus<Schemas['Cart']>(
      200,
      call(other(), 'POST', '/api/v1/cart/add/', { token: access, json: { offer_id: offer.id, quantity: 1 } }),
    );
    const line = cart.items.find((item) => item.offer_id === offer.id);
    if (!line) throw new Error('the added line is not in the cart');
    const key = `two-instances-${randomUUID()}`;
    const checkout = (instance: Instance) =>
      call<Schemas['CheckoutResult']>(instance, 'POST', '/api/v1/cart/checkout/', {
        token: access,
        json: { cart_item_ids: [line.id] },
        headers: { 'Idempotency-Key': key },
      });
    const placed = await checkout(one());
    expect(placed.status).toBe(201);
    const replayed = await checkout(other());
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed.body).toEqual(placed.body);
    const read = await expectStatus<Schemas['CheckoutResult']>(
      200,
      call(other(), 'GET', `/api/v1/cart/checkout/${key}/`, { token: access }),
    );
    expect(read.orders.map((order) => order.id)).toEqual(placed.body.orders.map((order) => order.id));
  });

  it('refuses with 409 a save from a version the other instance already replaced', async () => {
    const { access } = await tokensFor(at(other()), 'seller');
    const page = await expectStatus<Schemas['OfferPage']>(
      200,
      call(one(), 'GET', '/api/v1/manage-offers/?limit=1', { token: access }),
    );
    const offer = page.results[0];
    if (!offer) throw new Error('the seller has no offer');
    const save = (instance: Instance, product: string) =>
      call<Schemas['OfferBatchResult'] & Schemas['OfferConflict']>(instance, 'POST', '/api/v1/manage-offers/update/', {
        token: access,
        json: { offers: [{ id: offer.id, product, version: offer.version }] },
      });
    const saved = await save(one(), `${offer.product} (first)`);
    expect(saved.status).toBe(200);
    const stale = await save(other(), `${offer.product} (second)`);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_version');
    expect(stale.body.offers).toEqual(saved.body.offers);

    // Two saves from one version at once, one on each instance: one wins.
    const current = saved.body.offers[0];
    if (!current) throw new Error('the saved offer is missing');
    const race = (instance: Instance, product: string) =>
      call(instance, 'POST', '/api/v1/manage-offers/update/', {
        token: access,
        json: { offers: [{ id: offer.id, product, version: current.version }] },
      });
    const answers = await Promise.all([race(one(), `${offer.product} (a)`), race(other(), `${offer.product} (b)`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('shows on one instance the offer counts after a change made on the other', async () => {
    const seller = (await tokensFor(at(one()), 'seller')).access;
    const client = (await tokensFor(at(other()), 'client')).access;
    const offer = await lastEnding(one(), seller);
    const listed = async (instance: Instance) =>
      (
        await expectStatus<Schemas['OfferPage']>(
          200,
          call(instance, 'GET', `/api/v1/offers/?type=${offer.type}&limit=1`, { token: client }),
        )
      ).count;
    const before = await listed(one());
    expect(await listed(other())).toBe(before);
    await expectStatus(
      200,
      call(other(), 'POST', '/api/v1/manage-offers/publish/', {
        token: seller,
        json: { offer_ids: [offer.id], publish: false },
      }),
    );
    expect(await listed(one())).toBe(before - 1);
    await expectStatus(
      200,
      call(one(), 'POST', '/api/v1/manage-offers/publish/', { token: seller, json: { offer_ids: [offer.id] } }),
    );
    expect(await listed(other())).toBe(before);
  });

  it('shows on both instances the same list answer after an edit made on one, each having kept the answer before', async () => {
    const seller = (await tokensFor(at(one()), 'seller')).access;
    const client = (await tokensFor(at(other()), 'client')).access;
    const offer = await lastEnding(one(), seller);
    const url = `/api/v1/offers/?type=${offer.type}&search=${encodeURIComponent(offer.product)}&limit=100`;
    const productOn = async (instance: Instance) => {
      const page = await expectStatus<Schemas['OfferPage']>(200, call(instance, 'GET', url, { token: client }));
      return page.results.find((listed) => listed.id === offer.id)?.product;
    };
    // Asked twice on each: the second answer is the kept one.
    for (const instance of [one(), other(), one(), other()]) expect(await productOn(instance)).toBe(offer.product);
    for (const [i, product] of [`${offer.product} Gold`, `${offer.product} Platinum`].entries()) {
      const current = await lastEnding(either(i), seller);
      expect(current.id).toBe(offer.id);
      const version = current.version;
      await expectStatus(
        200,
        call(either(i), 'POST', '/api/v1/manage-offers/update/', {
          token: seller,
          json: { offers: [{ id: offer.id, product, version }] },
        }),
      );
      expect(await productOn(one())).toBe(product);
      expect(await productOn(other())).toBe(product);
    }
  });

  it('applies on both instances at once a permission taken away in the database', async () => {
    const seller = (await tokensFor(at(one()), 'seller')).access;
    const sellerOnly = (instance: Instance) =>
      call(instance, 'GET', '/api/v1/manage-offers/?limit=1', { token: seller });
    // Each instance has read the seller once and keeps it.
    for (const instance of [one(), other(), one(), other()]) await expectStatus(200, sellerOnly(instance));
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const setPermissions = (permissions: string[]) =>
      database.query('UPDATE users SET permissions = $1 WHERE email = $2', [permissions, 'seller@example.com']);
    const { rows } = await database.query<{ permissions: string[] }>('SELECT permissions FROM users WHERE email = $1', [
      'seller@example.com',
    ]);
    const granted = rows[0]?.permissions ?? [];
    try {
      await setPermissions([]);
      await expectStatus(403, sellerOnly(one()));
      await expectStatus(403, sellerOnly(other()));
      await setPermissions(granted);
      await expectStatus(200, sellerOnly(other()));
      await expectStatus(200, sellerOnly(one()));
    } finally {
      await setPermissions(granted);
      await database.end();
    }
  });
});
