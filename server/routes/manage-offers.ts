/**
 * The seller's own offers: the Manage Offers list (Published and Unpublished tabs), publishing and
 * withdrawing, and the table's bulk edit. Offers of storefronts the caller does not own answer 404.
 * Every write of an offer bumps its `version`; an edit that names an older one answers 409. Each
 * write is recorded in the offers' history in its own transaction (queries/offer-history.ts).
 */
import { and, count, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { NO_SUCH_DATE_TIME } from '../../openapi/rules/date-time';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import { statementChunks } from '../db/paced';
import { offers, productContains } from '../db/schema';
import { requireSeller } from '../http/auth';
import { readJson } from '../http/body';
import { badRequest, type FieldErrors, type HttpError } from '../http/errors';
import { page, pageWindow } from '../http/pagination';
import { dayStart } from '../lib/days';
import {
  lockOwnOffers,
  nextVersion,
  offerConflict,
  ownedBy,
  readChangeFacts,
  readDateTime,
  readOfferChange,
  writeChanges,
} from '../queries/offer-changes';
import { batchResult, recordBatch } from '../queries/offer-history';
import { loadOffers, offerOrderBy, selectOffers, serializeOffer, validityOverlaps } from '../queries/offers';

/** The 409 of an update whose changes started from versions that are no longer current. */
function staleVersions(current: components['schemas']['Offer'][]): HttpError {
  const ids = current.map((offer) => offer.id).join(', ');
  const detail =
    current.length === 1
      ? `Offer ${ids} has changed since you started editing it; nothing was saved.`
      : `Offers ${ids} have changed since you started editing them; nothing was saved.`;
  return offerConflict(detail, current);
}

export function manageOfferRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/manage-offers/', async (c) => {
      const user = requireSeller(c);
      const query = ctx.contract.query('listManageOffers', c.req.query());
      const window = pageWindow(query);

      const conditions: SQL[] = [ownedBy(user.id)];
      if (query.publisher) conditions.push(eq(offers.publisherId, query.publisher));
      if (query.region) conditions.push(eq(offers.regionId, query.region));
      const search = query.search?.trim();
      if (search) conditions.push(productContains(search));
      conditions.push(...validityOverlaps(query));
      if (query.is_published !== undefined) conditions.push(eq(offers.isPublished, query.is_published));
      if (query.publishType) conditions.push(eq(offers.isPublished, query.publishType === 'published'));
      if (query.publishedDate) {
        conditions.push(
          gte(offers.publishedAt, dayStart(query.publishedDate)),
          lt(offers.publishedAt, dayStart(query.publishedDate, 1)),
        );
      }
      if (query.valid_at !== undefined) {
        const moment = readDateTime(query.valid_at);
        if (moment === null) throw badRequest({ valid_at: [NO_SUCH_DATE_TIME] });
        conditions.push(lte(offers.startAt, moment), gte(offers.endAt, moment));
      }
      const where = and(...conditions);

      const unpublishedOnly = query.publishType === 'unpublished' || query.is_published === false;
      const publishedOnly =
        query.publishType === 'published' || query.is_published === true || query.publishedDate !== undefined;
      const ordering = query.ordering ?? (unpublishedOnly ? '-created_at' : '-publish_date');

      const [total, rows] = await Promise.all([
        ctx.db.select({ n: count() }).from(offers).where(where),
        selectOffers(ctx.db)
          .where(where)
          .orderBy(...offerOrderBy(ordering, { publishedOnly }))
          .limit(window.limit)
          .offset(window.offset),
      ]);
      return c.json(page(c.req.url, window, total[0]?.n ?? 0, rows.map(serializeOffer)), 200);
    })
    .post('/manage-offers/publish/', async (c) => {
      const user = requireSeller(c);
      const body = ctx.contract.body('publishOffers', await readJson(c));
      const publish = body.publish ?? true;
      const ids = [...new Set(body.offer_ids)];
      const now = ctx.now();

      const written = await ctx.db.transaction(async (tx) => {
        const current = await lockOwnOffers(tx, user.id, ids);
        // Only offers whose state changes are written: publishing again keeps the first published_at.
        const changing = [...current.values()].filter((offer) => offer.isPublished !== publish);
        for (const chunk of statementChunks(changing.map((offer) => offer.id))) {
          await tx
            .update(offers)
            .set({ isPublished: publish, publishedAt: publish ? now : null, updatedAt: now, version: nextVersion })
            .where(inArray(offers.id, chunk));
        }
        const batch = { userId: user.id, source: publish ? 'publish' : 'withdraw', at: now } as const;
        const writes = changing.map((offer) => ({
          id: offer.id,
          before: offer,
          after: { ...offer, isPublished: publish },
        }));
        return { count: changing.length, batchId: await recordBatch(tx, batch, writes) };
      });
      return c.json(batchResult(await loadOffers(ctx.db, ids), written.count, written.batchId), 200);
    })
    .post('/manage-offers/update/', async (c) => {
      const user = requireSeller(c);
      const body = ctx.contract.body('bulkUpdateOffers', await readJson(c));

      const seen = new Set<number>();
      const duplicates: FieldErrors = {};
      body.offers.forEach((change, index) => {
        if (seen.has(change.id)) duplicates[`offers.${index}.id`] = [`Offer ${change.id} is listed more than once.`];
        seen.add(change.id);
      });
      if (Object.keys(duplicates).length > 0) throw badRequest(duplicates);

      const ids = body.offers.map((change) => change.id);
      const now = ctx.now();
      const batchId = await ctx.db.transaction(async (tx) => {
        const current = await lockOwnOffers(tx, user.id, ids);
        // Compared under the row locks: of two saves from one version, the second sees the first's.
        const staleIds = body.offers
          .filter((change) => change.version !== undefined && change.version !== current.get(change.id)?.version)
          .map((change) => change.id);
        if (staleIds.length > 0) throw staleVersions(await loadOffers(tx, staleIds));
        const facts = await readChangeFacts(tx, user.id, body.offers);
        const errors: FieldErrors = {};
        const updates = body.offers.map((change, index) =>
          readOfferChange(change, { ...facts, current: current.get(change.id) }, (field, message) => {
            errors[`offers.${index}.${field}`] = [message];
          }),
        );
        if (Object.keys(errors).length > 0) throw badRequest(errors);

        await writeChanges(tx, updates, now);
        const writes = updates.flatMap(({ id, set }) => {
          const before = current.get(id);
          return before ? [{ id, before, after: { ...before, ...set } }] : [];
        });
        return recordBatch(tx, { userId: user.id, source: body.source ?? 'bulk_update', at: now }, writes);
      });
      return c.json(batchResult(await loadOffers(ctx.db, ids), ids.length, batchId), 200);
    });
}
