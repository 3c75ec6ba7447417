import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { AppEnv } from '../../../server/context';
import { mountStatic } from '../../../server/http/static';

const INDEX = '<!doctype html><title>Marketplace</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let dist: string;
let app: Hono<AppEnv>;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'static-test-'));
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  const write = (path: string, body: string, variants: boolean) => {
    writeFileSync(join(dist, path), body);
    if (!variants) return;
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(body));
  };
  write('index.html', INDEX, true);
  write('static/js/index.1234.js', SCRIPT, true);
  write('theme-init.js', SCRIPT, true);
  write('static/js/tiny.5678.js', '1', false);
  app = new Hono<AppEnv>();
  mountStatic(app, dist);
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, acceptEncoding === undefined ? {} : { headers: { 'Accept-Encoding': acceptEncoding } });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('static files from dist/', () => {
  it('sends the brotli variant of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/static/js/index.1234.js', 'gzip, deflate, br, zstd');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gzipped = await get('/theme-init.js', 'gzip, deflate');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzipped)).toString()).toBe(SCRIPT);

    const plain = await get('/theme-init.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    // The uncompressed answer varies too: a shared cache must not replay it to a brotli client.
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('sends a file without variants as it is', async () => {
    const response = await get('/static/js/tiny.5678.js', 'br');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBeNull();
    expect(await response.text()).toBe('1');
  });

  it('compresses index.html for an app route and never caches it', async () => {
    const response = await get('/seller/manage-offers', 'gzip, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(INDEX);

    const gzipped = await get('/signin', 'gzip');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzipped)).toString()).toBe(INDEX);

    const plain = await get('/signin', 'identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(INDEX);
  });
});
