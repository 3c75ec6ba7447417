/**
 * How much a large CSV upload slows everyone else: p50/p95/max of `GET /api/v1/profile` (another
 * user, over HTTP on loopback) with no upload running, then while a seller uploads a valid
 * 5,000-row file. Prints figures, asserts nothing. Run with
 * `node --import tsx tests/perf/upload-stall.ts` (UPLOAD_ROWS, UPLOAD_RUNS to change the load).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from '../../server/config';
import { createServer } from '../../server/server';

const ROWS = Number(process.env.UPLOAD_ROWS ?? 5000);
const RUNS = Number(process.env.UPLOAD_RUNS ?? 3);
const PASSWORD = 'Demo-pass-2026';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return `n=${sorted.length} p50=${ms(quantile(sorted, 0.5))} p95=${ms(quantile(sorted, 0.95))} max=${ms(sorted.at(-1) ?? 0)}`;
}

const dataDir = await mkdtemp(join(tmpdir(), 'upload-stall-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG: 'off', SEED_OFFERS: '200' });
const server = await createServer(config, { distDir: null });
const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => listener.once('listening', resolve));
const base = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;

try {
  const signIn = async (email: string) => {
    const response = await fetch(`${base}/api/v1/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return ((await response.json()) as { access: string }).access;
  };
  const client = await signIn('client@example.com');
  const seller = await signIn('seller@example.com');
  const options = (await (
    await fetch(`${base}/api/v1/options/`, { headers: { Authorization: `Bearer ${seller}` } })
  ).json()) as {
    publishers: { name: string }[];
    regions: { code: string }[];
    sellers: { name: string; is_own: boolean }[];
  };
  const store = options.sellers.find((s) => s.is_own)?.name ?? '';
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const csv = (run: number) =>
    [
      'product,publisher,seller,region,type,hot,unit_price,start,end',
      ...Array.from({ length: ROWS }, (_, i) => {
        const publisher = options.publishers[i % options.publishers.length]?.name;
        const region = options.regions[i % options.regions.length]?.code;
        return `Stall ${run} offer ${i},${publisher},${store},${region},regular,false,${(i % 90) + 10}.50,${start},${end}`;
      }),
    ].join('\n');

  const profile = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/profile`, { headers: { Authorization: `Bearer ${client}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
    return performance.now() - started;
  };

  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await profile());

  const during: number[] = [];
  const uploads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const form = new FormData();
    form.append('file', new Blob([csv(run)], { type: 'text/csv' }), 'offers.csv');
    let done = false;
    const started = performance.now();
    const upload = fetch(`${base}/api/v1/offers/upload/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller}` },
      body: form,
    }).then(async (response) => {
      await response.arrayBuffer();
      uploads.push(performance.now() - started);
      done = true;
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
    });
    while (!done) during.push(await profile());
    await upload;
  }

  process.stdout.write(
    [
      `GET /api/v1/profile, no upload:            ${summary(idle)}`,
      `GET /api/v1/profile, during ${ROWS}-row upload: ${summary(during)}`,
      `upload of ${ROWS} rows (${RUNS} runs):         ${summary(uploads)}`,
      '',
    ].join('\n'),
  );
} finally {
  listener.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
