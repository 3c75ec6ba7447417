/**
 * One in-process server per test file, on a fresh temporary data folder and, when the run is on a
 * PostgreSQL server (`CONTRACT_POSTGRES_URL`, set by scripts/test-postgres.ts), a new database.
 * `call` sends a request through `app.request` and checks the answer against the contract before
 * the test sees it; every call is recorded so each file can prove it reached every operation it
 * owns with a 2xx answer.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import type { components } from '../../../openapi/schema';
import { type Config, loadConfig } from '../../../server/config';
import { createServer } from '../../../server/server';
import { createDatabase, dropDatabase } from '../../support/postgres';
import { type Method, matchOperation, type Operation, responseProblems } from './contract';
import { type SeededTemplate, TEMPLATE_ENV } from './template';

export type Schemas = components['schemas'];
export type Offer = Schemas['Offer'];
export type OfferPage = Schemas['OfferPage'];
export type OfferBatchResult = Schemas['OfferBatchResult'];
export type OfferConflict = Schemas['OfferConflict'];
export type UploadDuplicate = Schemas['UploadDuplicate'];
export type Cart = Schemas['Cart'];
export type Order = Schemas['Order'];
export type OrderPage = Schemas['OrderPage'];
export type CheckoutResult = Schemas['CheckoutResult'];
export type OfferAvailability = Schemas['OfferAvailability'];
export type Invoice = Schemas['Invoice'];
export type InvoicePage = Schemas['InvoicePage'];
export type Profile = Schemas['Profile'];
export type Options = Schemas['Options'];
export type TokenPair = Schemas['TokenPair'];
/** Error bodies: `{detail}` or `{field: [messages]}`. */
export type ErrorBody = Record<string, unknown>;

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const ACCOUNTS = {
  client: 'client@example.com',
  client2: 'client2@example.com',
  seller: 'seller@example.com',
  seller2: 'seller2@example.com',
} as const;
export type Account = keyof typeof ACCOUNTS;

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  token?: string;
  json?: unknown;
  /** A raw body sent as application/json (for invalid JSON). */
  rawJson?: string;
  form?: FormData;
  query?: Query;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = ErrorBody> {
  status: number;
  body: T;
  text: string;
  contentType: string;
  headers: Headers;
  operation: Operation;
}

type Running = Awaited<ReturnType<typeof createServer>>;

export interface Api {
  readonly config: Config;
  readonly dataDir: string;
  readonly server: Running;
  /** Any request to a contract operation; throws when the answer breaks the contract. */
  call<T = ErrorBody>(method: Method, url: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /** `call`, then asserts the status and returns the body. */
  req<T = ErrorBody>(status: number, method: Method, url: string, options?: CallOptions): Promise<T>;
  /** Signs in a demo account (memoised per file). */
  login(account: Account): Promise<TokenPair>;
  token(account: Account): Promise<string>;
  /** The id of a demo account. */
  userId(account: Account): Promise<number>;
  /** The ids of the storefronts a demo account owns, as `/api/v1/options/` reports them. */
  ownStorefronts(account: Account): Promise<number[]>;
  /** Statuses seen per operationId in this file. */
  readonly records: Map<string, Set<number>>;
  /** Asserts that each operation was answered with a 2xx at least once in this file. */
  expectCovered(operationIds: readonly string[]): void;
  /** Lines written to `$DATA_DIR/outbox.jsonl`. */
  outbox(): Promise<{ to: string; subject: string; text: string; link: string }[]>;
  /** An HS256 token signed with the server's secret, with any claims. */
  signToken(claims: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
}

function buildUrl(url: string, query?: Query): string {
  const parsed = new URL(url, 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) parsed.searchParams.set(key, String(value));
  }
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The environment that gives a server a database of its own: nothing on the embedded database
 * (each data folder holds one), a new empty database's `DATABASE_URL` when the contract run is on
 * a PostgreSQL server.
 */
export async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const serverUrl = process.env.CONTRACT_POSTGRES_URL;
  if (!serverUrl) return {};
  return { DATABASE_URL: await createDatabase(serverUrl) };
}

/**
 * `freshDatabaseEnv`, already migrated and seeded: a copy of the run's seeded template
 * (./template.ts) in `dataDir`, or on the PostgreSQL server.
 */
async function seededDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  // Undefined in a project without the contract suite's global setup (a unit test's own server).
  const template = inject('seededTemplate') as SeededTemplate | undefined;
  const serverUrl = process.env.CONTRACT_POSTGRES_URL;
  if (!template) return freshDatabaseEnv();
  if (template.kind === 'postgres' && serverUrl) {
    return { DATABASE_URL: await createDatabase(serverUrl, undefined, { template: template.database }) };
  }
  if (template.kind === 'pglite' && !serverUrl)
    await cp(template.pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
  return {};
}

/**
 * Registers beforeAll/afterAll for a server on a fresh data folder; the returned object works inside
 * tests. `env` tunes the configuration, `options` can give the server a clock.
 */
export function serverPerFile(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Api {
  let running: Running | undefined;
  let dataDir = '';
  let config: Config | undefined;
  const records = new Map<string, Set<number>>();
  const sessions = new Map<Account, Promise<TokenPair>>();
  const ids = new Map<Account, Promise<number>>();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'contract-'));
    // The seed depends on its clock and its number of offers only: other settings start from a copy.
    const seededAsTemplate = options.now === undefined && env.SEED_OFFERS === undefined;
    const database = seededAsTemplate ? await seededDatabaseEnv(dataDir) : await freshDatabaseEnv();
    config = loadConfig({ DATA_DIR: dataDir, ...TEMPLATE_ENV, ...database, ...env });
    running = await createServer(config, { distDir: null, ...options });
  });

  afterAll(async () => {
    await running?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (process.env.CONTRACT_POSTGRES_URL && config?.databaseUrl) await dropDatabase(config.databaseUrl);
  });

  const need = () => {
    if (!running || !config) throw new Error('The server is not running (did beforeAll fail?)');
    return { running, config };
  };

  const api: Api = {
    get config() {
      return need().config;
    },
    get dataDir() {
      return dataDir;
    },
    get server() {
      return need().running;
    },
    records,

    async call<T>(method: Method, url: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
      const { running: server } = need();
      const target = buildUrl(url, options.query);
      const pathname = target.split('?')[0] ?? '';
      const operation = matchOperation(method, pathname);
      if (!operation) throw new Error(`${method} ${pathname} is not an operation of the contract`);
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: BodyInit | undefined;
      if (options.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.json);
      } else if (options.rawJson !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = options.rawJson;
      } else if (options.form) {
        body = options.form;
      }
      const response = await server.app.request(target, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      const contentType = response.headers.get('content-type') ?? '';
      let seen = records.get(operation.operationId);
      if (!seen) {
        seen = new Set();
        records.set(operation.operationId, seen);
      }
      seen.add(response.status);
      const problems = responseProblems(operation, response.status, contentType, text);
      if (problems.length > 0) {
        throw new Error(
          `Contract violation on ${method} ${target}: ${problems.join(' | ')}\n  status ${response.status}, body: ${text.slice(0, 600)}`,
        );
      }
      const parsed = contentType.includes('application/json') ? (JSON.parse(text) as T) : (text as T);
      return { status: response.status, body: parsed, text, contentType, headers: response.headers, operation };
    },

    async req<T>(status: number, method: Method, url: string, options: CallOptions = {}): Promise<T> {
      const res = await api.call<T>(method, url, options);
      expect(
        res.status,
        `${method} ${url} ${JSON.stringify(options.query ?? {})} answered ${res.text.slice(0, 600)}`,
      ).toBe(status);
      return res.body;
    },

    login(account) {
      let session = sessions.get(account);
      if (!session) {
        session = api.req<TokenPair>(200, 'POST', '/api/v1/token', {
          json: { email: ACCOUNTS[account], password: DEMO_PASSWORD },
        });
        sessions.set(account, session);
      }
      return session;
    },

    async token(account) {
      return (await api.login(account)).access;
    },

    userId(account) {
      let id = ids.get(account);
      if (!id) {
        id = api
          .token(account)
          .then((token) => api.req<Profile>(200, 'GET', '/api/v1/profile', { token }).then((profile) => profile.id));
        ids.set(account, id);
      }
      return id;
    },

    async ownStorefronts(account) {
      const options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: await api.token(account) });
      return options.sellers.filter((s) => s.is_own).map((s) => s.id);
    },

    expectCovered(operationIds) {
      const missing = operationIds.filter((id) => ![...(records.get(id) ?? [])].some((s) => s >= 200 && s < 300));
      const seen = Object.fromEntries(missing.map((id) => [id, [...(records.get(id) ?? [])]]));
      expect(missing, `operations never answered 2xx in this file (statuses seen: ${JSON.stringify(seen)})`).toEqual(
        [],
      );
    },

    async outbox() {
      let text = '';
      try {
        text = await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    },

    async signToken(claims, header = { alg: 'HS256', typ: 'JWT' }) {
      const key = new TextEncoder().encode(need().config.jwtSecret);
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', ...header }).sign(key);
    },
  };
  return api;
}

/**
 * Runs `requests` as they would meet on a busy server: the database is held while they start and
 * released once they have had time to reach it, so they queue for it together instead of each
 * finishing before the next one arrives (requests on the embedded database otherwise tend to).
 */
export async function meetingAtTheDatabase<T>(api: Api, requests: () => Promise<T>): Promise<T> {
  let release = () => {};
  // Made before the transaction starts: on PostgreSQL a busy pool can start it after the release,
  // and a gate opened early lets it end at once instead of holding its connection for good.
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = api.server.ctx.db.transaction(() => gate);
  const pending = requests();
  // Awaited below; this only keeps an early failure from being reported as unhandled meanwhile.
  pending.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await held;
  return pending;
}

/**
 * Sends bodies that are not JSON to each target and lists every answer that is not a 400 in the
 * documented shape (collected rather than thrown, so one report shows all of them).
 */
export async function invalidJsonProblems(api: Api, targets: [Method, string, string][]): Promise<string[]> {
  const problems: string[] = [];
  for (const [method, url, token] of targets) {
    for (const rawJson of ['{"quantity": 1, ', 'quantity=1', '[1, 2']) {
      try {
        const res = await api.call(method, url, { token, rawJson });
        if (res.status !== 400) problems.push(`${method} ${url} ${JSON.stringify(rawJson)}: ${res.status} ${res.text}`);
      } catch (error) {
        problems.push(`${method} ${url} ${JSON.stringify(rawJson)}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
  return problems;
}
