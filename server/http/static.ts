/**
 * The built app from `dist/`: hashed assets cached for a year, `index.html` never cached and
 * served for every app route (not for `/api/*`), so deep links survive a reload.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../context';

export function mountStatic(app: Hono<AppEnv>, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  app.use(
    '/static/*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root: distDir, index: '__no_index__' }));
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
