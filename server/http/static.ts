/**
 * The built app from `dist/`: hashed assets cached for a year, `index.html` never cached and
 * served for every app route (not for `/api/*`), so deep links survive a reload. Text assets go
 * out as the `.br` or `.gz` file the build wrote beside them when the browser accepts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context';

/** The encodings the build writes, in the order the server prefers them. */
const VARIANTS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * The encodings a request accepts, read the way Hono's serveStatic reads them for the assets
 * (plain tokens, as browsers send them), so index.html and the assets agree.
 */
const acceptedEncodings = (header: string | undefined) =>
  new Set((header ?? '').split(',').map((token) => token.trim()));

/** Whether the build wrote compressed variants of this file (`path` may name one of them). */
const hasVariants = (path: string) => {
  const original = path.replace(/\.(?:br|gz)$/, '');
  return VARIANTS.some(([, suffix]) => existsSync(original + suffix));
};

export function mountStatic(app: Hono<AppEnv>, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  // The file each request was answered with. Headers go on after serveStatic returns, on the
  // response itself: set from its onFound they can miss the response it already built.
  const served = new WeakMap<Context, string>();
  const remember = (path: string, c: Context) => void served.set(c, path);
  app.use('*', async (c, next) => {
    await next();
    const path = served.get(c);
    if (!path) return;
    if (path.startsWith(join(distDir, 'static'))) {
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
    // Every answer for a file with variants differs by Accept-Encoding, whichever one this
    // request got: a shared cache must not hand brotli to a client that did not ask for it.
    if (hasVariants(path)) c.res.headers.set('Vary', 'Accept-Encoding');
  });
  app.use('*', serveStatic({ root: distDir, index: '__no_index__', precompressed: true, onFound: remember }));
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    const variant = VARIANTS.find(([encoding, suffix]) => accepted.has(encoding) && existsSync(indexPath + suffix));
    if (hasVariants(indexPath)) c.header('Vary', 'Accept-Encoding');
    if (!variant) return c.html(readFileSync(indexPath, 'utf8'));
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', variant[0]);
    return c.body(readFileSync(indexPath + variant[1]));
  });
}
