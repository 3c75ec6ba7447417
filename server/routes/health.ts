/**
 * `GET /api/v1/health/` for load balancers and process managers (behaviour §7, when the database
 * is away): 200 while the database answers a trivial query in time, 503 otherwise. Anonymous, and
 * it says nothing about the deployment.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { DATABASE_AWAY, serviceUnavailable } from '../http/errors';

/** A database slower than this to answer `select 1` counts as away. */
const HEALTH_TIMEOUT_MS = 1000;

export function healthRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/health/', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), HEALTH_TIMEOUT_MS);
    });
    const answered = await Promise.race([ctx.db.execute(sql`select 1`).then(() => 'ok' as const), late]).finally(() =>
      clearTimeout(timer),
    );
    // A failed `select 1` reaches app.onError, which answers 503 for a database that is away.
    if (answered === 'late') throw serviceUnavailable(DATABASE_AWAY);
    return c.json({ status: answered });
  });
}
