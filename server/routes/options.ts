/** `GET /api/v1/options/`: choices for the selects and filters, each list ordered by name. */
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import { publishers, regions, sellers } from '../db/schema';

type OptionsBody = components['schemas']['Options'];

export function optionRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/options/', async (c) => {
    const userId = c.get('user').id;
    const [publisherRows, regionRows, sellerRows] = await Promise.all([
      ctx.db.select().from(publishers).orderBy(asc(publishers.name), asc(publishers.id)),
      ctx.db.select().from(regions).orderBy(asc(regions.name), asc(regions.id)),
      ctx.db.select().from(sellers).orderBy(asc(sellers.name), asc(sellers.id)),
    ]);
    const body: OptionsBody = {
      publishers: publisherRows.map((row) => ({ id: row.id, name: row.name })),
      regions: regionRows.map((row) => ({ id: row.id, code: row.code, name: row.name })),
      sellers: sellerRows.map((row) => ({ id: row.id, name: row.name, is_own: row.ownerId === userId })),
    };
    return c.json(body, 200);
  });
}
