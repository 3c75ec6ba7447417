/**
 * Lighthouse (the `lighthouse` package, Debian's Chromium) on /signin signed out, /offers as a
 * client and /seller/manage-offers as a seller, with the mobile and desktop presets: the scores
 * and FCP, LCP, TBT, CLS, requests and bytes on the wire of a cold load.
 *
 * A signed-in page is measured signed in: the tokens go into localStorage of the browser's
 * default profile before Lighthouse navigates (its storage reset clears caches, not
 * localStorage), and a run counts only when the page stayed where it was sent and its list
 * request was answered 200; anything else (say a redirect to /signin) throws.
 *
 * Each route and preset runs `runs` times (LIGHTHOUSE_RUNS, 3 by default) in a fresh browser;
 * the figures are those of the run with the median performance score.
 *
 * Standalone: `node --import tsx tests/perf/lighthouse.ts [baseUrl]` against a running server
 * with the demo accounts (`npm start`); prints a table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { anonymousApi, type Tokens, tokensFor } from '../support/api-session';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

export interface LighthouseFigures {
  route: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  transferKb: number;
}

const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const PRESETS = ['mobile', 'desktop'] as const;

/** What each route is measured as, and the API call that proves the page is the signed-in one. */
const ROUTES: { route: string; as: 'client' | 'seller' | null; listCall?: string }[] = [
  { route: '/signin', as: null },
  { route: '/offers', as: 'client', listCall: '/api/v1/offers/' },
  { route: '/seller/manage-offers', as: 'seller', listCall: '/api/v1/manage-offers/' },
];

interface Browser {
  port: number;
  stop(): Promise<void>;
}

/** Chromium with the agreed flags and a throwaway profile; DevTools on a port it picks. */
async function startChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so stopping it stops its helper processes too.
    { stdio: 'ignore', detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    // A helper process can still be writing the profile for a moment after the browser exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  // Chromium writes the port it listens on into the profile once DevTools is up.
  for (let waited = 0; waited < 15_000; waited += 100) {
    try {
      const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0) return { port, stop };
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium at ${CHROMIUM_PATH} did not open its DevTools port`);
}

/** A fresh access token for the session, so a long series of runs never meets an expired one. */
async function freshTokens(baseUrl: string, tokens: Tokens): Promise<Tokens> {
  const { data, response } = await anonymousApi({ baseUrl }).POST('/api/v1/token/refresh', {
    body: { refresh: tokens.refresh },
  });
  if (!response.ok || !data) throw new Error(`Refreshing the session failed: HTTP ${response.status}`);
  // A server that rotates refresh tokens answers a new one and no longer takes the one sent.
  return { access: data.access, refresh: data.refresh ?? tokens.refresh };
}

/** Puts the tokens where the app reads them, from a same-origin page that loads none of the app. */
async function storeTokens(port: number, baseUrl: string, tokens: Tokens) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default profile');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/v1/`);
    await page.evaluate((t) => {
      localStorage.setItem('marketplace:access-token', JSON.stringify(t.access));
      localStorage.setItem('marketplace:refresh-token', JSON.stringify(t.refresh));
    }, tokens);
    await page.close();
  } finally {
    await browser.close();
  }
}

type NetworkItem = { url: string; statusCode: number; transferSize?: number };

function figuresOf(lhr: Result, route: string, preset: LighthouseFigures['preset']): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  return {
    route,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    requests: requests.length,
    transferKb: Number((requests.reduce((total, item) => total + (item.transferSize ?? 0), 0) / 1024).toFixed(1)),
  };
}

/** Throws unless the run measured the page it was sent to, signed in where it should be. */
function checkMeasuredPage(lhr: Result, baseUrl: string, route: string, listCall: string | undefined) {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.message}`);
  const shown = new URL(lhr.finalDisplayedUrl).pathname;
  if (shown !== route) throw new Error(`Lighthouse on ${route} ended on ${shown}: not the page asked for`);
  if (!listCall) return;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const listed = items.some((item) => item.url.startsWith(`${baseUrl}${listCall}`) && item.statusCode === 200);
  if (!listed) throw new Error(`Lighthouse on ${route}: no ${listCall} answered 200, so the page was not signed in`);
}

async function runOnce(
  baseUrl: string,
  route: string,
  preset: LighthouseFigures['preset'],
  tokens: Tokens | null,
  listCall: string | undefined,
): Promise<LighthouseFigures> {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART and the like) and says to run
  // it again: a fresh browser gets two more tries. A page that is not the one asked for fails at once.
  for (let attempt = 1; ; attempt += 1) {
    const browser = await startChromium();
    try {
      if (tokens) await storeTokens(browser.port, baseUrl, tokens);
      const result = await lighthouse(
        `${baseUrl}${route}`,
        {
          port: browser.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse on ${route} gave no result`);
      if (result.lhr.runtimeError && attempt < 3) continue;
      checkMeasuredPage(result.lhr, baseUrl, route, listCall);
      return figuresOf(result.lhr, route, preset);
    } finally {
      await browser.stop();
    }
  }
}

const median = (runs: LighthouseFigures[]) => {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseFigures;
};

export async function measureLighthouse(
  baseUrl: string,
  sessions: { client: Tokens; seller: Tokens },
  options: { runs?: number; onRun?: (figures: LighthouseFigures) => void } = {},
): Promise<LighthouseFigures[]> {
  const runs = Math.max(1, options.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const figures: LighthouseFigures[] = [];
  for (const { route, as, listCall } of ROUTES) {
    for (const preset of PRESETS) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        const tokens = as ? await freshTokens(baseUrl, sessions[as]) : null;
        // Kept for the next run: with rotation, the refresh token just sent is spent.
        if (as && tokens) sessions[as] = tokens;
        const result = await runOnce(baseUrl, route, preset, tokens, listCall);
        options.onRun?.(result);
        results.push(result);
      }
      figures.push(median(results));
    }
  }
  return figures;
}

const row = (f: LighthouseFigures) =>
  `${f.route.padEnd(22)} ${f.preset.padEnd(8)} ${String(f.performance).padStart(4)} ${String(f.accessibility).padStart(5)} ${String(f.bestPractices).padStart(4)} ${String(f.fcpMs).padStart(6)} ${String(f.lcpMs).padStart(6)} ${String(f.tbtMs).padStart(5)} ${f.cls.toFixed(3).padStart(6)} ${String(f.requests).padStart(5)} ${f.transferKb.toFixed(1).padStart(8)}`;
const HEADER = `${'route'.padEnd(22)} ${'preset'.padEnd(8)} perf  a11y   bp  FCPms  LCPms TBTms    CLS  reqs  wire KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const sessions = {
    client: await tokensFor({ baseUrl }, 'client'),
    seller: await tokensFor({ baseUrl }, 'seller'),
  };
  process.stdout.write(`Each run:\n${HEADER}\n`);
  const figures = await measureLighthouse(baseUrl, sessions, {
    onRun: (f) => process.stdout.write(`${row(f)}\n`),
  });
  process.stdout.write(`\nMedian by performance score:\n${HEADER}\n${figures.map(row).join('\n')}\n`);
}
