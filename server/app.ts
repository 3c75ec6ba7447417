/** The Hono application: `/api/v1/*` from the route modules, the built app for everything else. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, ServerContext } from './context';
import { authenticate } from './http/auth';
import { HttpError } from './http/errors';
import { requestLogger, securityHeaders } from './http/headers';
import { mountStatic } from './http/static';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { invoiceRoutes } from './routes/invoices';
import { manageOfferRoutes } from './routes/manage-offers';
import { offerAvailabilityRoutes } from './routes/offer-availability';
import { offerRoutes } from './routes/offers';
import { optionRoutes } from './routes/options';
import { orderRoutes } from './routes/orders';
import { profileRoutes } from './routes/profile';
import { schemaRoutes } from './routes/schema';

export const MAX_JSON_BYTES = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export function createApp(ctx: ServerContext, options: { distDir?: string; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const app = new Hono<AppEnv>();
  app.use('*', requestLogger(log));
  app.use('*', securityHeaders);

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    const limit = c.req.path.endsWith('/upload/') ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES;
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        // The rest of the body is never read, and @hono/node-server destroys a socket whose body
        // it cannot drain within 500 ms: a kept-alive connection would break under the client's
        // next request. Saying so lets the client open a new one.
        throw new HttpError(
          413,
          { detail: `The request body is larger than ${limit / 1024 / 1024} MB.` },
          { Connection: 'close' },
        );
      },
    })(c, next);
  });
  api.use('*', authenticate(ctx));
  for (const routes of [
    authRoutes,
    profileRoutes,
    optionRoutes,
    offerRoutes,
    offerAvailabilityRoutes,
    manageOfferRoutes,
    cartRoutes,
    orderRoutes,
    invoiceRoutes,
    schemaRoutes,
  ]) {
    api.route('/', routes(ctx));
  }
  app.route('/api/v1', api);
  app.all('/api/*', (c) => c.json({ detail: 'Not found.' }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(error.body, error.status as ContentfulStatusCode, error.headers);
    }
    log(`error ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ detail: 'A server error occurred.' }, 500);
  });

  if (options.distDir) mountStatic(app, options.distDir);
  return app;
}
