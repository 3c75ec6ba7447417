/**
 * Load figures for `npm run bench` (the bench calls these; nothing here runs on import):
 * - `startApiServer`: the API as `npm start` runs it, in a process of its own, so the load tool
 *   never shares the server's event loop;
 * - `measureOffersLoad`: autocannon against `GET /api/v1/offers/` with the queries the Offers page
 *   sends (tab, ordering, page size and page, publisher, region, search, validity range), signed in
 *   as the client, for a fixed number of requests: requests/s from the first request sent to the
 *   last response received, p50/p95/p99, errors and non-2xx, and the CPU time per request of the
 *   API, of PostgreSQL and of the load tool;
 * - `measureUploadWhileReading`: `GET /api/v1/profile` back to back on one connection, first idle,
 *   then while a seller's 5,000-row CSV upload runs on another.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiWithToken, type Options, optionsOf, tokensFor } from '../support/api-session';
import { clusterCpuMs, processCpuMs } from './cpu-time';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiServer {
  baseUrl: string;
  /** The API process, for its CPU time. */
  pid: number;
  /** From spawn to listening: migrations, and the seed when the database was empty. */
  startSeconds: number;
  stop(): Promise<void>;
}

/**
 * `node --import tsx server/start.ts` with `env` on 127.0.0.1:`port`, without building the app and
 * without the request log. DATABASE_URL is taken only from `env`, so a shell that exports one does
 * not turn an embedded-database run into a PostgreSQL one.
 */
export async function startApiServer(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ApiServer> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...inherited, SKIP_BUILD: '1', LOG: 'off', HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the API server did not start within ${(options.timeoutMs ?? 600_000) / 1000} s`)),
        options.timeoutMs ?? 600_000,
      );
      const onData = () => {
        if (output.includes('Marketplace running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the API server exited with ${code} before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${options.port}`,
    pid: child.pid as number,
    startSeconds: (performance.now() - started) / 1000,
    stop: () => stopChild(child),
  };
}

/** SIGTERM (the server closes its database cleanly), SIGKILL if it has not exited in 30 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The signed-in caller's options (publishers, regions, storefronts), for queries and uploads. */
const options = async (baseUrl: string, access: string): Promise<Options> =>
  optionsOf(apiWithToken({ baseUrl }, access));

/** mulberry32: the same mix on every run, so two runs (or two databases) answer the same queries. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ORDERINGS = ['product', '-product', 'start_date', 'end_date', '-end_date', 'unit_price', '-unit_price'];
/** Words of the seeded titles, editions and platforms (server/db/seed/catalogue.ts), as people type them. */
const SEARCHES = ['shadow', 'neon drift', 'deluxe', 'season pass', 'switch', 'credits', 'iron', 'gold edition', 'xbox'];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Query strings as the Offers page builds them (src/features/offers/pages/offers-page.tsx): always
 * a type (the Regular tab mostly), an ordering (the default -start_date mostly), a page size of
 * 10, 25, 50 or 100 (10 is the default preference) and the page's offset, plus filters some of the
 * time. Each filter's share is a guess at how people browse; the mix is printed with the figures.
 */
export function offerQueries(
  count: number,
  choices: Pick<Options, 'publishers' | 'regions'>,
  seed = 10_2026,
): string[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const today = Date.now();
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams();
    params.set('type', random() < 0.8 ? 'regular' : 'promo');
    params.set('ordering', random() < 0.6 ? '-start_date' : pick(ORDERINGS));
    const roll = random();
    const limit = roll < 0.5 ? 10 : roll < 0.75 ? 25 : roll < 0.9 ? 50 : 100;
    const pageRoll = random();
    const page = pageRoll < 0.7 ? 1 : pageRoll < 0.95 ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 45);
    params.set('limit', String(limit));
    params.set('offset', String((page - 1) * limit));
    if (random() < 0.25) params.set('publisher', String(pick(choices.publishers).id));
    if (random() < 0.2) params.set('region', String(pick(choices.regions).id));
    if (random() < 0.15) params.set('search', pick(SEARCHES));
    if (random() < 0.1) {
      const from = today + Math.floor(random() * 60 - 30) * 86_400_000;
      params.set('start_date', isoDay(from));
      params.set('end_date', isoDay(from + (1 + Math.floor(random() * 60)) * 86_400_000));
    }
    queries.push(`/api/v1/offers/?${params}`);
  }
  return queries;
}

/** The share of queries in `queries` with each filter, for the report. */
export function describeMix(queries: string[]) {
  const share = (test: (params: URLSearchParams) => boolean) =>
    Math.round((100 * queries.filter((q) => test(new URLSearchParams(q.split('?')[1]))).length) / queries.length);
  return {
    promo: share((p) => p.get('type') === 'promo'),
    notDefaultOrdering: share((p) => p.get('ordering') !== '-start_date'),
    beyondFirstPage: share((p) => p.get('offset') !== '0'),
    publisher: share((p) => p.has('publisher')),
    region: share((p) => p.has('region')),
    search: share((p) => p.has('search')),
    validityRange: share((p) => p.has('start_date')),
  };
}

export interface LoadFigures {
  connections: number;
  requests: number;
  /** From the first request sent to the last response received. */
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /**
   * CPU time per request in ms: the API process (with the embedded database inside it), the
   * PostgreSQL cluster's processes, and the load tool; null where it could not be read.
   */
  cpuMsPerRequest: { api: number | null; postgres: number | null; loadTool: number };
}

/** Whose CPU time a run reports: the API process and, on PostgreSQL, its cluster's postmaster. */
export interface CpuSources {
  apiPid: number;
  postmasterPid: number | null;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** CPU time so far in ms; this process is the load tool. */
function readCpu(sources: CpuSources | null) {
  const tool = process.cpuUsage();
  return {
    api: sources ? processCpuMs(sources.apiPid) : null,
    postgres: sources?.postmasterPid ? clusterCpuMs(sources.postmasterPid) : null,
    loadTool: (tool.user + tool.system) / 1000,
  };
}

/**
 * `amount` requests over `connections` kept-alive connections, each taking the next query of
 * `paths` in turn. The time runs from the first request built to the last response received:
 * autocannon's own duration (and its callback) ends on its next whole-second sampling tick, which
 * would add up to a second to a run of a few. The percentiles are over every response's time as
 * autocannon measured it (its own summary has p97.5, not p95).
 */
async function cannon(
  baseUrl: string,
  access: string,
  paths: string[],
  connections: number,
  amount: number,
  cpuSources: CpuSources | null,
): Promise<LoadFigures> {
  let next = 0;
  const times: number[] = [];
  let firstSent = 0;
  let lastReceived = 0;
  const cpuBefore = readCpu(cpuSources);
  let cpuAfter = cpuBefore;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        amount,
        timeout: 30,
        headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              if (next === 0) firstSent = performance.now();
              const path = paths[next % paths.length] as string;
              next++;
              return { ...request, path };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      lastReceived = performance.now();
      times.push(responseTime);
      // Read at the last answer, before autocannon idles until its tick.
      if (times.length === amount) cpuAfter = readCpu(cpuSources);
    });
  });
  if (cpuAfter === cpuBefore) cpuAfter = readCpu(cpuSources);
  const seconds = (lastReceived - firstSent) / 1000;
  times.sort((a, b) => a - b);
  const perRequest = (before: number | null, after: number | null) =>
    before === null || after === null || times.length === 0 ? null : (after - before) / times.length;
  return {
    connections,
    requests: times.length,
    seconds,
    requestsPerSecond: seconds > 0 ? times.length / seconds : 0,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    max: times.at(-1) ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuMsPerRequest: {
      api: perRequest(cpuBefore.api, cpuAfter.api),
      postgres: perRequest(cpuBefore.postgres, cpuAfter.postgres),
      loadTool: perRequest(cpuBefore.loadTool, cpuAfter.loadTool) ?? 0,
    },
  };
}

export interface OffersLoad {
  offers: number;
  /** Percent of queries with each filter or choice. */
  mix: ReturnType<typeof describeMix>;
  /** Distinct queries among the mix's 2,000. */
  distinct: number;
  /** The run at the target's concurrency, browsing: the mix's queries, each asked before. */
  main: LoadFigures;
  /** At the same concurrency, queries of another mix none of which was asked before. */
  firstSight: LoadFigures;
  /** Fewer connections, for where p95 crosses the target (empty unless asked for). */
  sweep: LoadFigures[];
}

/** Queries of the first-sight run: drawn like the mix, from another seed. */
const FIRST_SIGHT_QUERIES = 1000;

/**
 * Warms up by asking each distinct query of the mix once (plans, JIT, and the answers and counts
 * the server keeps, as on a server that has been up a while), then `amount` requests of the mix
 * at `connections` ("browsing"), then up to 1,000 queries of another mix that were never asked
 * ("first sight": every answer computed), then optionally each of `sweep`'s connection counts with
 * `sweepAmount` requests of the mix.
 */
export async function measureOffersLoad(
  baseUrl: string,
  settings: {
    connections: number;
    amount: number;
    sweep?: number[];
    sweepAmount?: number;
    /** Where to read CPU time; without it the figures carry none. */
    cpu?: CpuSources;
  },
): Promise<OffersLoad> {
  const cpu = settings.cpu ?? null;
  // A fresh token for each run: the access token lives five minutes.
  const token = async () => (await tokensFor({ baseUrl }, 'client')).access;
  const first = await token();
  const choices = await options(baseUrl, first);
  const paths = offerQueries(2000, choices);
  const asked = new Set(paths);
  const probe = await fetch(`${baseUrl}/api/v1/offers/?type=regular&limit=1`, {
    headers: { Authorization: `Bearer ${first}` },
  });
  const offers = ((await probe.json()) as { count: number }).count;
  await cannon(baseUrl, first, [...asked], settings.connections, asked.size, null);
  const main = await cannon(baseUrl, await token(), paths, settings.connections, settings.amount, cpu);
  const unseen = [...new Set(offerQueries(FIRST_SIGHT_QUERIES, choices, 27_11_2026))].filter(
    (path) => !asked.has(path),
  );
  const firstSight = await cannon(baseUrl, await token(), unseen, settings.connections, unseen.length, cpu);
  const sweep: LoadFigures[] = [];
  for (const connections of settings.sweep ?? []) {
    sweep.push(await cannon(baseUrl, await token(), paths, connections, settings.sweepAmount ?? settings.amount, cpu));
  }
  return { offers, mix: describeMix(paths), distinct: asked.size, main, firstSight, sweep };
}

export interface UploadFigures {
  rows: number;
  uploadSeconds: number;
  uploadStatus: number;
  idle: { requests: number; p50: number; p95: number; max: number };
  during: { requests: number; p50: number; p95: number; max: number };
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { requests: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
};

/**
 * A valid CSV of `rows` offers of the seller's first own storefront, each product tagged with `tag`
 * so the file's bytes are new and the duplicate-file guard does not refuse it.
 */
function uploadCsv(choices: Options, rows: number, tag: string): string {
  const store = choices.sellers.find((s) => s.is_own)?.name;
  if (!store) throw new Error('the seller has no storefront of their own');
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const lines = ['product,publisher,seller,region,type,hot,unit_price,start,end'];
  for (let i = 0; i < rows; i++) {
    const publisher = choices.publishers[i % choices.publishers.length]?.name;
    const region = choices.regions[i % choices.regions.length]?.code;
    const type = i % 4 === 0 ? 'promo' : 'regular';
    lines.push(
      `"Load ${tag} offer ${i}, Deluxe Edition",${publisher},${store},${region},${type},${i % 7 === 0},${(i % 90) + 10}.50,${start},${end}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `GET /api/v1/profile` as the client, one request after the other on one connection: `idleCount`
 * times with nothing else running, then for as long as the seller's upload of `rows` rows takes.
 */
export async function measureUploadWhileReading(
  baseUrl: string,
  settings: { rows: number; idleCount?: number },
): Promise<UploadFigures> {
  const client = (await tokensFor({ baseUrl }, 'client')).access;
  const seller = (await tokensFor({ baseUrl }, 'seller')).access;
  const csv = uploadCsv(await options(baseUrl, seller), settings.rows, `${Date.now()}`);
  const profile = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/profile`, { headers: { Authorization: `Bearer ${client}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /api/v1/profile answered ${response.status}`);
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < (settings.idleCount ?? 300); i++) idle.push(await profile());

  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'offers.csv');
  let done = false;
  let uploadStatus = 0;
  const started = performance.now();
  const upload = fetch(`${baseUrl}/api/v1/offers/upload/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seller}` },
    body: form,
  }).then(async (response) => {
    await response.arrayBuffer();
    uploadStatus = response.status;
    return performance.now() - started;
  });
  const finished = () => {
    done = true;
  };
  upload.then(finished, finished);
  const during: number[] = [];
  while (!done) during.push(await profile());
  const uploadMs = await upload;
  if (uploadStatus !== 201) throw new Error(`the upload answered ${uploadStatus}`);
  return {
    rows: settings.rows,
    uploadSeconds: uploadMs / 1000,
    uploadStatus,
    idle: summary(idle),
    during: summary(during),
  };
}
