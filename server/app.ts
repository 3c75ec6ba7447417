/** The Hono application: `/api/v1/*` from the route modules, the built app for everything else. */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, ServerContext } from './context';
import { isDatabaseUnavailable, unavailableReason } from './db/availability';
import { authenticate } from './http/auth';
import { bodyLimit } from './http/body-limit';
import { DATABASE_AWAY, HttpError, OUTCOME_UNKNOWN, serviceUnavailable } from './http/errors';
import { requestLogger, securityHeaders } from './http/headers';
import { mountStatic } from './http/static';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { healthRoutes } from './routes/health';
import { invoiceRoutes } from './routes/invoices';
import { manageOfferRoutes } from './routes/manage-offers';
import { offerAvailabilityRoutes } from './routes/offer-availability';
import { offerHistoryRoutes } from './routes/offer-history';
import { offerUploadRoutes } from './routes/offer-upload';
import { offerRoutes } from './routes/offers';
import { optionRoutes } from './routes/options';
import { orderRoutes } from './routes/orders';
import { profileRoutes } from './routes/profile';
import { schemaRoutes } from './routes/schema';

export const MAX_JSON_BYTES = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that are harmless to send again (sign-in, refresh, sign-out): their outcome needs no check. */
const REPEATABLE_PATHS = new Set(['/api/v1/token', '/api/v1/token/refresh', '/api/v1/token/blacklist']);

export function createApp(ctx: ServerContext, options: { distDir?: string; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(log));
  app.use('*', securityHeaders);

  const api = new Hono<AppEnv>();
  api.use(
    '*',
    bodyLimit((c) => (c.req.path.endsWith('/upload/') ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES)),
  );
  api.use('*', authenticate(ctx));
  // Past this point an operation may write: if the database goes away now, its outcome is unknown.
  api.use('*', async (c, next) => {
    c.set('handling', true);
    await next();
  });
  for (const routes of [
    authRoutes,
    profileRoutes,
    optionRoutes,
    offerRoutes,
    offerUploadRoutes,
    offerAvailabilityRoutes,
    manageOfferRoutes,
    offerHistoryRoutes,
    cartRoutes,
    orderRoutes,
    invoiceRoutes,
    schemaRoutes,
    healthRoutes,
  ]) {
    api.route('/', routes(ctx));
  }
  app.route('/api/v1', api);
  app.all('/api/*', (c) => c.json({ detail: 'Not found.' }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(error.body, error.status as ContentfulStatusCode, error.headers);
    }
    if (isDatabaseUnavailable(error)) {
      log(`database unavailable ${c.req.method} ${c.req.path}: ${unavailableReason(error)}`);
      const mayHaveWritten =
        !SAFE_METHODS.has(c.req.method) && !REPEATABLE_PATHS.has(c.req.path) && c.get('handling') === true;
      const away = serviceUnavailable(mayHaveWritten ? OUTCOME_UNKNOWN : DATABASE_AWAY);
      return c.json(away.body, 503, away.headers);
    }
    log(`error ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ detail: 'A server error occurred.' }, 500);
  });

  if (options.distDir) mountStatic(app, options.distDir);
  return app;
}
