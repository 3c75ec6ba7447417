/**
 * `npm run bench`: figures, not assertions. Prints each figure next to its target (PASS/MISS),
 * writes bench-results/bench.json and, after a full run, docs/performance.md (tests/perf/report.ts).
 *
 * Sections, in the order they run:
 * - `weights`: build time, the JS and CSS of index.html, and everything each route loads until the
 *   network is idle (raw and gzip, and the number of requests), in Chromium against the built app;
 * - `lighthouse`: scores and FCP/LCP/TBT/CLS per route, mobile and desktop (tests/perf/lighthouse.ts);
 * - `latency`: offers list p50/p95/p99, one request at a time, on 100,000 offers;
 * - `paint`: the offers page's data arriving → 100 rows painted, full speed and CPU 4× (grid-paint.ts);
 * - `editing`: inline editing on Manage Offers with 100 rows, against the targets in report.ts (interact.ts);
 * - `power`: the paste preview of 100 rows, applying it, and Ctrl+Enter over 100 selected rows (power-tools.ts);
 * - `renders`: what re-renders when focus moves, an offer is added, a row is edited
 *   (render-counts.bench.tsx, jsdom, counted by <Profiler id>);
 * - `load`: autocannon on the offers list, 32 connections, on the embedded database (plus fewer
 *   connections, for its ceiling) and on a throwaway PostgreSQL server (load.ts), with the CPU
 *   time per request of the API and of PostgreSQL (cpu-time.ts);
 * - `upload`: `GET /api/v1/profile` p95 while a 5,000-row CSV upload runs, on both databases;
 * - `requests`: for every JSON operation, its costliest valid and invalid bodies: answer time, the
 *   API's longest event-loop stall, another user's `GET /api/v1/profile` p95 meanwhile, and the
 *   API's RSS before and after (request-cost.ts), on the embedded database with 4,000 offers.
 *
 * `BENCH_ONLY=load,upload` runs only the named sections (faster while working on one figure); such
 * a run prints and writes bench.json but leaves docs/performance.md alone. Other settings:
 * BENCH_OFFERS (100000), BENCH_LOAD_REQUESTS (5000), BENCH_LOAD_CONNECTIONS (32), BENCH_REQUESTS
 * (500, the one-at-a-time latency), BENCH_EDIT_RUNS (7), BENCH_REQUEST_TIMEOUT (60 s, for one
 * request of `requests`), CHROMIUM_PATH. The API runs on ports 4640-4643 (the `requests` section's
 * probe on 4644) and PostgreSQL on 55440.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { tokensFor } from '../support/api-session';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { postgresAvailable, startPostgres } from '../support/postgres';
import { postmasterPid } from './cpu-time';
import { measureRowsPainted, type PaintFigures } from './grid-paint';
import { type EditingFigures, measureRowEditing } from './interact';
import { type LighthouseFigures, measureLighthouse } from './lighthouse';
import { type ApiServer, measureOffersLoad, measureUploadWhileReading, startApiServer } from './load';
import { measurePowerTools, type PowerToolFigures } from './power-tools';
import {
  type BenchReport,
  type DatabaseLoad,
  type LatencyFigures,
  type RenderCounts,
  type RouteWeight,
  reportLines,
  reportMarkdown,
  TARGETS,
} from './report';
import { measureRequestCosts } from './request-cost';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const LOAD_REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 5000);
const LOAD_CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
/** Fewer connections on the embedded database, to see where its p95 crosses the target. */
const CEILING_SWEEP = [1, 2, 4, 8, 16];
const CEILING_SWEEP_REQUESTS = 1000;
const UPLOAD_ROWS = 5000;
const DATA_DIR = join(ROOT, `.data-bench-${OFFERS}`);
const PORTS = { embedded: 4640, upload: 4641, postgres: 4642, requests: 4643, probe: 4644 };
/** Enough offers for 500 of the seller's own and 500 orderable ones of one storefront. */
const REQUEST_COST_OFFERS = 4000;
/** A request not answered in this time is recorded as such (BENCH_REQUEST_TIMEOUT, seconds). */
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT ?? 60) * 1000;
const POSTGRES_PORT = 55440;
const EDIT_RUNS = Number(process.env.BENCH_EDIT_RUNS ?? 7);

const SECTIONS = [
  'weights',
  'lighthouse',
  'latency',
  'paint',
  'editing',
  'power',
  'renders',
  'load',
  'upload',
  'requests',
] as const;
type Section = (typeof SECTIONS)[number];
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !SECTIONS.includes(name as Section));
if (unknown.length > 0) {
  process.stderr.write(`BENCH_ONLY: unknown section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}\n`);
  process.exit(2);
}
const selected = new Set<Section>(only.length > 0 ? (only as Section[]) : SECTIONS);
const runs = (section: Section) => selected.has(section);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const note = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function buildApp(): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'build'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  if (result.status !== 0) throw new Error('rsbuild build failed');
  return (performance.now() - started) / 1000;
}

/** The render counts, or null with the reason on stderr; tried twice, as jsdom can time out on a busy machine. */
function countRenders(): RenderCounts | null {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const result = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/perf/vitest.config.ts', '--silent'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (result.status === 0) {
      return JSON.parse(readFileSync(join(ROOT, 'bench-results', 'render-counts.json'), 'utf8')) as RenderCounts;
    }
    note(`tests/perf/render-counts.bench.tsx failed (attempt ${attempt}):\n${result.stdout}${result.stderr}`);
  }
  return null;
}

/** The JS and CSS that index.html itself loads: what every route waits for before any lazy chunk. */
function weighEntry() {
  const html = readFileSync(join(ROOT, 'dist', 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.(js|css))"/g)];
  const sum = (type: string, gzip: boolean) =>
    assets
      .filter((match) => match[2] === type)
      .map((match) => readFileSync(join(ROOT, 'dist', match[1] ?? '')))
      .reduce((total, body) => total + (gzip ? gzipSync(body).length : body.length), 0);
  return { jsRaw: sum('js', false), jsGzip: sum('js', true), cssRaw: sum('css', false), cssGzip: sum('css', true) };
}

/** Routes to weigh, with the account to sign in as first (null: signed out). */
const ROUTES: { route: string; account: string | null }[] = [
  { route: '/signin', account: null },
  { route: '/signup', account: null },
  { route: '/offers', account: 'client@example.com' },
  { route: '/seller/manage-offers', account: 'seller@example.com' },
];

async function weighRoutes(baseUrl: string): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const weights: RouteWeight[] = [];
  try {
    for (const { route, account } of ROUTES) {
      const context = await browser.newContext({ baseURL: baseUrl });
      if (account) {
        const tokens = await tokensFor({ baseUrl }, account);
        await context.addInitScript((t) => {
          localStorage.setItem('marketplace:access-token', JSON.stringify(t.access));
          localStorage.setItem('marketplace:refresh-token', JSON.stringify(t.refresh));
        }, tokens);
      }
      const page = await context.newPage();
      const bodies: Promise<{ type: 'js' | 'css'; body: Buffer }>[] = [];
      let requests = 0;
      let apiRequests = 0;
      page.on('request', (request) => {
        requests++;
        if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests++;
      });
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') {
          bodies.push(response.body().then((body) => ({ type: type === 'script' ? 'js' : 'css', body })));
        }
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      const files = await Promise.all(bodies);
      const sum = (type: 'js' | 'css', gzip: boolean) =>
        files
          .filter((f) => f.type === type)
          .reduce((total, f) => total + (gzip ? gzipSync(f.body).length : f.body.length), 0);
      weights.push({
        route,
        jsRaw: sum('js', false),
        jsGzip: sum('js', true),
        cssRaw: sum('css', false),
        cssGzip: sum('css', true),
        files: files.length,
        requests,
        apiRequests,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

async function measurePaint(baseUrl: string): Promise<PaintFigures[]> {
  const tokens = await tokensFor({ baseUrl }, 'client');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return [
      await measureRowsPainted(browser, baseUrl, tokens, { cpu: 1 }),
      await measureRowsPainted(browser, baseUrl, tokens, { cpu: 4 }),
    ];
  } finally {
    await browser.close();
  }
}

/** The interaction yardstick's browser flags. */
const launchForInteraction = () =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** Inline editing on Manage Offers as seller@example.com. */
async function measureEditing(baseUrl: string): Promise<EditingFigures[]> {
  const tokens = await tokensFor({ baseUrl }, 'seller');
  const browser = await launchForInteraction();
  try {
    return [
      await measureRowEditing(browser, baseUrl, tokens, { cpu: 1, runs: EDIT_RUNS }),
      await measureRowEditing(browser, baseUrl, tokens, { cpu: 4, runs: EDIT_RUNS }),
    ];
  } finally {
    await browser.close();
  }
}

/** Paste, apply and Ctrl+Enter on Manage Offers as seller@example.com, full speed and CPU 4×. */
async function measurePower(baseUrl: string): Promise<PowerToolFigures[]> {
  const tokens = await tokensFor({ baseUrl }, 'seller');
  const browser = await launchForInteraction();
  try {
    return [
      await measurePowerTools(browser, baseUrl, tokens, { cpu: 1 }),
      await measurePowerTools(browser, baseUrl, tokens, { cpu: 4 }),
    ];
  } finally {
    await browser.close();
  }
}

async function measureLatency(baseUrl: string): Promise<LatencyFigures[]> {
  const { access } = await tokensFor({ baseUrl }, 'client');
  const scenarios = [10, 100].flatMap((limit) => [
    {
      name: `filter+search+ordering, ${limit}/page`,
      query: `type=regular&publisher=2&search=war&ordering=-unit_price&limit=${limit}`,
    },
    {
      name: `filter+ordering, ${limit}/page, offset 500`,
      query: `type=promo&region=1&ordering=-start_date&limit=${limit}&offset=500`,
    },
  ]);
  const results: LatencyFigures[] = [];
  for (const scenario of scenarios) {
    const url = `${baseUrl}/api/v1/offers/?${scenario.query}`;
    const headers = { Authorization: `Bearer ${access}` };
    for (let i = 0; i < 20; i += 1) await (await fetch(url, { headers })).arrayBuffer();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { count: number };
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      count = body.count;
    }
    times.sort((a, b) => a - b);
    results.push({
      scenario: scenario.name,
      matching: count,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      p99: quantile(times, 0.99),
    });
  }
  return results;
}

/** Lighthouse per route and preset (tests/perf/lighthouse.ts), with fresh sessions for both roles. */
async function measureLighthouseFigures(baseUrl: string): Promise<LighthouseFigures[]> {
  const sessions = {
    client: await tokensFor({ baseUrl }, 'client'),
    seller: await tokensFor({ baseUrl }, 'seller'),
  };
  return measureLighthouse(baseUrl, sessions);
}

function chromiumVersion(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The highest requests/s among the embedded database's runs whose p95 met the target. */
function embeddedCeiling(loads: DatabaseLoad[]): BenchReport['embeddedCeiling'] {
  const load = loads.find((entry) => entry.database === 'embedded')?.load;
  if (!load) return null;
  const within = [load.main, ...load.sweep].filter((run) => run.p95 <= TARGETS.p95Ms && run.errors + run.non2xx === 0);
  const best = within.sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
  return best ? { requestsPerSecond: best.requestsPerSecond, connections: best.connections } : null;
}

/** Runs `measure` against an API process started with `env`, and stops it whatever happens. */
async function withApi<T>(port: number, env: Record<string, string>, measure: (api: ApiServer) => Promise<T>) {
  const api = await startApiServer({ port, env });
  try {
    return await measure(api);
  } finally {
    await api.stop();
  }
}

const loadStart = os.loadavg()[0] ?? 0;
const browserSections = (['weights', 'lighthouse', 'paint', 'editing', 'power'] as const).filter(runs);
const hasChromium = existsSync(CHROMIUM_PATH);
if (browserSections.length > 0 && !hasChromium) {
  note(`Chromium not found at ${CHROMIUM_PATH}: ${browserSections.join(', ')} skipped (set CHROMIUM_PATH).`);
}
const inBrowser = (section: Section) => runs(section) && hasChromium;

let buildSeconds: number | null = null;
let entry: BenchReport['entry'] = null;
if (browserSections.some((section) => inBrowser(section))) {
  note('building the app');
  buildSeconds = buildApp();
  entry = weighEntry();
}
let renders: RenderCounts | null = null;
if (runs('renders')) {
  note('counting re-renders');
  renders = countRenders();
}

const report: BenchReport = {
  date: new Date().toISOString(),
  command: only.length > 0 ? `BENCH_ONLY=${only.join(',')} npm run bench` : 'npm run bench',
  sections: [...selected],
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    chromium: chromiumVersion(),
    os: `${os.type()} ${os.release()}`,
    loadAverage: { start: loadStart, end: loadStart },
  },
  buildSeconds,
  entry,
  offers: OFFERS,
  routes: [],
  lighthouse: { figures: [] },
  latency: [],
  load: [],
  embeddedCeiling: null,
  paint: [],
  editing: [],
  power: [],
  renders,
  requestCosts: [],
};

// The embedded database with OFFERS offers, in the API process every browser section and the load use.
const needsEmbedded =
  inBrowser('weights') || inBrowser('lighthouse') || inBrowser('paint') || inBrowser('editing') || inBrowser('power');
if (needsEmbedded || runs('latency') || runs('load')) {
  const seeded = !existsSync(join(DATA_DIR, 'pgdata'));
  note(`${seeded ? 'seeding' : 'opening'} the embedded database in ${DATA_DIR}`);
  await withApi(PORTS.embedded, { DATA_DIR, SEED_OFFERS: String(OFFERS) }, async (api) => {
    const embedded: DatabaseLoad = { database: 'embedded', startSeconds: api.startSeconds, seeded };
    if (inBrowser('weights')) {
      note('weighing routes');
      report.routes = await weighRoutes(api.baseUrl);
    }
    if (inBrowser('lighthouse')) {
      note('running Lighthouse');
      try {
        report.lighthouse = { figures: await measureLighthouseFigures(api.baseUrl) };
      } catch (error) {
        // One broken section should not cost the figures of all the others.
        report.lighthouse = { skipped: `failed: ${(error as Error).message}`, figures: [] };
        note(`Lighthouse failed: ${(error as Error).stack ?? error}`);
      }
    }
    if (runs('latency')) {
      note('offers list, one request at a time');
      report.latency = await measureLatency(api.baseUrl);
    }
    if (inBrowser('paint')) {
      note('rows painted');
      report.paint = await measurePaint(api.baseUrl);
    }
    if (inBrowser('editing')) {
      note('inline editing');
      report.editing = await measureEditing(api.baseUrl);
    }
    if (inBrowser('power')) {
      note('fill and paste');
      report.power = await measurePower(api.baseUrl);
    }
    if (runs('load')) {
      note(
        `load on the embedded database: ${LOAD_REQUESTS} requests at ${LOAD_CONNECTIONS} connections, then ${CEILING_SWEEP.join(', ')}`,
      );
      embedded.load = await measureOffersLoad(api.baseUrl, {
        connections: LOAD_CONNECTIONS,
        amount: LOAD_REQUESTS,
        sweep: CEILING_SWEEP,
        sweepAmount: CEILING_SWEEP_REQUESTS,
        cpu: { apiPid: api.pid, postmasterPid: null },
      });
      report.embeddedCeiling = embeddedCeiling([embedded]);
    }
    if (embedded.load) report.load.push(embedded);
  });
}

if (runs('upload')) {
  // A fresh data folder with the demo data: each upload adds 5,000 offers, which the bench
  // database must not collect run after run.
  const dataDir = await mkdtemp(join(os.tmpdir(), 'bench-upload-'));
  try {
    note('upload while reading, embedded database');
    const upload = await withApi(PORTS.upload, { DATA_DIR: dataDir }, (api) =>
      measureUploadWhileReading(api.baseUrl, { rows: UPLOAD_ROWS }),
    );
    const embedded = report.load.find((e) => e.database === 'embedded');
    if (embedded) embedded.upload = upload;
    else report.load.push({ database: 'embedded', upload });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (runs('load') || runs('upload')) {
  const missing = postgresAvailable();
  if (missing) {
    note(`PostgreSQL skipped: ${missing}`);
    report.load.push({ database: 'postgres', skipped: missing });
  } else {
    // Durable, like a real server: the upload's commits wait for the disk.
    const cluster = await startPostgres({ port: POSTGRES_PORT, durable: true });
    const dataDir = await mkdtemp(join(os.tmpdir(), 'bench-postgres-'));
    try {
      const url = await cluster.createDatabase('bench');
      note(`seeding ${OFFERS} offers into PostgreSQL`);
      const postgres = await withApi(
        PORTS.postgres,
        { DATABASE_URL: url, DATA_DIR: dataDir, SEED_OFFERS: String(OFFERS) },
        async (api) => {
          const result: DatabaseLoad = { database: 'postgres', startSeconds: api.startSeconds, seeded: true };
          if (runs('load')) {
            note(`load on PostgreSQL: ${LOAD_REQUESTS} requests at ${LOAD_CONNECTIONS} connections`);
            result.load = await measureOffersLoad(api.baseUrl, {
              connections: LOAD_CONNECTIONS,
              amount: LOAD_REQUESTS,
              cpu: { apiPid: api.pid, postmasterPid: await postmasterPid(url) },
            });
          }
          if (runs('upload')) {
            note('upload while reading, PostgreSQL');
            result.upload = await measureUploadWhileReading(api.baseUrl, { rows: UPLOAD_ROWS });
          }
          return result;
        },
      );
      report.load.push(postgres);
    } finally {
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (runs('requests')) {
  // A fresh data folder (and database) each time: the measures write (orders, an invoice, 500
  // offers edited) and must not find the writes of an earlier run. The probe is loaded into the
  // API process only.
  const probe = new URL('./loop-probe.ts', import.meta.url).href;
  const measureOn = async (database: 'embedded' | 'postgres', env: Record<string, string>) => {
    const dataDir = await mkdtemp(join(os.tmpdir(), 'bench-requests-'));
    try {
      note(
        `request costs on the ${database === 'postgres' ? 'PostgreSQL' : 'embedded'} database: seeding ${REQUEST_COST_OFFERS} offers`,
      );
      const costs = await withApi(
        PORTS.requests,
        {
          ...env,
          DATA_DIR: dataDir,
          SEED_OFFERS: String(REQUEST_COST_OFFERS),
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx --import ${probe}`.trim(),
          LOOP_PROBE_PORT: String(PORTS.probe),
        },
        (api) =>
          measureRequestCosts(api.baseUrl, `http://127.0.0.1:${PORTS.probe}`, { timeoutMs: REQUEST_TIMEOUT_MS, note }),
      );
      report.requestCosts.push({ database, costs });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await measureOn('embedded', {});
  const missing = postgresAvailable();
  if (missing) {
    note(`request costs on PostgreSQL skipped: ${missing}`);
  } else {
    const cluster = await startPostgres({ port: POSTGRES_PORT, durable: true });
    try {
      await measureOn('postgres', { DATABASE_URL: await cluster.createDatabase('requests') });
    } finally {
      await cluster.stop();
    }
  }
}

report.machine.loadAverage.end = os.loadavg()[0] ?? 0;
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results', 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
const written = ['bench-results/bench.json'];
if (only.length === 0) {
  writeFileSync(join(ROOT, 'docs', 'performance.md'), reportMarkdown(report));
  // Aligned the way `npm run lint` wants the project's Markdown, so a fresh report passes it.
  spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'format', '--write', 'docs/performance.md'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  written.push('docs/performance.md');
}
process.stdout.write(`${[...reportLines(report), `Written to ${written.join(' and ')}`].join('\n')}\n`);
