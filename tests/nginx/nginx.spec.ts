/**
 * What deploy/nginx.conf promises, checked over plain HTTP (no decompression, so the bytes on the
 * wire can be compared with the files in dist/): caching, the app-route fallback, 404s for missing
 * assets, precompressed files, the /api/ proxy, and the Node server's security headers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../server/http/headers';

const NGINX_URL = process.env.NGINX_URL ?? '';
const API_URL = process.env.API_URL ?? '';
const BROTLI = process.env.NGINX_BROTLI === '1';
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const INDEX = readFileSync(join(DIST, 'index.html'));
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request as sent, the answer's bytes as received (Node's http decodes nothing). */
function fetchRaw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The entry script, e.g. static/js/index.8ac88c2b38.js: hashed, and large enough to compress. */
function entryScript(): string {
  const name = readdirSync(join(DIST, 'static/js')).find((file) => /^index\.[0-9a-f]+\.js$/.test(file));
  if (!name) throw new Error(`No static/js/index.<hash>.js in ${DIST}`);
  return `static/js/${name}`;
}

function expectSecurityHeaders(answer: Answer, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    // Node's http joins a repeated header with ", ": equality also proves it came once.
    expect(answer.headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  }
}

test('index.html is checked on every visit and every app route answers with it', async () => {
  for (const path of ['/', '/index.html', '/signin', '/offers?publisher=3', '/seller/manage-offers', '/orders/x/y']) {
    const answer = await fetchRaw(`${NGINX_URL}${path}`);
    expect(answer.status, path).toBe(200);
    expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
    expect(answer.headers['cache-control'], path).toBe('no-cache');
    expect(answer.body.equals(INDEX), `${path} is dist/index.html`).toBe(true);
  }
});

test('hashed assets are kept for a year; a missing one is a 404, not the app', async () => {
  const asset = await fetchRaw(`${NGINX_URL}/${entryScript()}`);
  expect(asset.status).toBe(200);
  expect(asset.headers['content-type']).toMatch(/javascript/);
  expect(asset.headers['cache-control']).toBe(IMMUTABLE);
  expect(asset.body.equals(readFileSync(join(DIST, entryScript())))).toBe(true);

  for (const path of ['/static/js/index.0123456789.js', '/static/css/async/gone.css']) {
    const missing = await fetchRaw(`${NGINX_URL}${path}`);
    expect(missing.status, path).toBe(404);
    expect(missing.headers['cache-control'], path).toBe('no-cache');
    expect(missing.body.includes(INDEX), path).toBe(false);
  }
});

test('assets go out compressed as the browser asks, precompressed files as they are', async () => {
  const path = entryScript();
  const file = readFileSync(join(DIST, path));

  const gzip = await fetchRaw(`${NGINX_URL}/${path}`, { 'Accept-Encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
  expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
  expect(gunzipSync(gzip.body).equals(file)).toBe(true);
  if (existsSync(join(DIST, `${path}.gz`))) {
    expect(gzip.body.equals(readFileSync(join(DIST, `${path}.gz`))), 'the .gz file from the build').toBe(true);
  }

  const brotliFile = join(DIST, `${path}.br`);
  const br = await fetchRaw(`${NGINX_URL}/${path}`, { 'Accept-Encoding': 'br, gzip' });
  if (BROTLI && existsSync(brotliFile)) {
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(brotliFile)), 'the .br file from the build').toBe(true);
  } else {
    test.info().annotations.push({
      type: 'note',
      description: BROTLI ? `no ${path}.br in dist/: gzip only` : 'brotli_static module not loaded: gzip only',
    });
    expect(br.headers['content-encoding']).toBe('gzip');
  }

  const plain = await fetchRaw(`${NGINX_URL}/${path}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(file)).toBe(true);
});

test('/api/ reaches the API server, its answers unchanged, its errors its own', async () => {
  const [proxied, direct] = await Promise.all([
    fetchRaw(`${NGINX_URL}/api/v1/schema/?format=json`),
    fetchRaw(`${API_URL}/api/v1/schema/?format=json`),
  ]);
  expect(proxied.status).toBe(200);
  expect(proxied.headers['content-type']).toMatch(/application\/json/);
  expect(proxied.headers['cache-control']).toBe('no-store');
  expect(proxied.body.equals(direct.body)).toBe(true);

  // Errors are the API's JSON, never the app's index.html: signed out (401) and unknown (404).
  for (const path of ['/api/v1/profile', '/api/v2/no-such-thing/']) {
    const [viaNginx, fromApi] = await Promise.all([fetchRaw(`${NGINX_URL}${path}`), fetchRaw(`${API_URL}${path}`)]);
    expect(viaNginx.status, path).toBe(fromApi.status);
    expect(viaNginx.status, path).toBeGreaterThanOrEqual(400);
    expect(viaNginx.headers['content-type'], path).toMatch(/application\/json/);
    expect(JSON.parse(viaNginx.body.toString()), path).toEqual(JSON.parse(fromApi.body.toString()));
  }

  // Above the API's 5 MB upload limit and below nginx's: the API's own answer, which the app shows.
  const upload = await fetchRaw(
    `${NGINX_URL}/api/v1/offers/upload/`,
    { 'Content-Type': 'text/csv' },
    'POST',
    Buffer.alloc(5 * 1024 * 1024 + 1024, 'a'),
  );
  expect(upload.status).toBe(413);
  expect(JSON.parse(upload.body.toString())).toEqual({ detail: 'The request body is larger than 5 MB.' });
});

test('every answer carries the security headers and CSP the Node server sends', async () => {
  // The constants are what the Node server sends: check that first, on its own answers.
  expectSecurityHeaders(await fetchRaw(`${API_URL}/`), 'the Node server’s index.html');
  expectSecurityHeaders(await fetchRaw(`${API_URL}/api/v1/schema/`), 'the Node server’s API');
  for (const path of [
    '/',
    '/offers',
    `/${entryScript()}`,
    '/theme-init.js',
    '/static/js/missing.0123456789.js',
    '/api/v1/schema/',
    '/api/v2/no-such-thing/',
  ]) {
    expectSecurityHeaders(await fetchRaw(`${NGINX_URL}${path}`), path);
  }
});
