/**
 * `GET /api/v1/offers/`, the published offers clients browse. A seller's CSV import has a module
 * of its own (./offer-upload.ts).
 */
import { count } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context';
import { offers } from '../db/schema';
import { page, pageWindow } from '../http/pagination';
import { offerAnswers } from '../queries/offer-answers';
import { offerCounts } from '../queries/offer-counts';
import { clientOfferPages, listConditions, listValuesOf, serializeOffer } from '../queries/offers';

const JSON_TYPE = { 'Content-Type': 'application/json' };

export function offerRoutes(ctx: ServerContext) {
  const countOffers = offerCounts(ctx.db);
  const listPage = clientOfferPages(ctx.db);
  const answers = offerAnswers();
  return new Hono<AppEnv>().get('/offers/', async (c) => {
    const query = ctx.contract.query('listOffers', c.req.query());
    const window = pageWindow(query);
    // Clients see published offers only, so asking for unpublished ones lists nothing.
    if (query.is_published === false) return c.json(page(c.req.url, window, 0, []), 200);

    const values = listValuesOf(query, ctx.now());
    const kept = answers.find(c.req.url, c.get('stamps').offers, values.now?.getTime() ?? null);
    if (kept !== undefined) return c.body(kept, 200, JSON_TYPE);

    const listing = listPage(values, query.ordering ?? '-start_date', window);
    // The Offers page always names a tab; a count without a type is not worth keeping.
    const counting = values.type ? countOffers(values, async () => (await listing)[0]?.stamp ?? null) : null;
    const total =
      counting?.then((counted) => counted.count) ??
      ctx.db
        .select({ n: count() })
        .from(offers)
        .where(listConditions(values))
        .then((result) => result[0]?.n ?? 0);

    const [n, rows] = await Promise.all([total, listing]);
    const body = JSON.stringify(page(c.req.url, window, n, rows.map(serializeOffer)));
    // An empty page carries no stamp of its own to match its count with.
    if (counting && rows[0]) answers.keep(c.req.url, body, rows[0].stamp, await counting);
    return c.body(body, 200, JSON_TYPE);
  });
}
