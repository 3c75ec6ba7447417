/**
 * The history of the seller's offers: one offer's changes, the seller's own recent changes, and
 * the revert of a batch of changes (the table's Undo). Authorization is the offers': an offer, or
 * a batch with an offer, of a storefront the caller does not own answers 404.
 */
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { NO_SUCH_DATE_TIME } from '../../openapi/rules/date-time';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import type { Database } from '../db/client';
import { offerHistory, offers } from '../db/schema';
import { requireSeller } from '../http/auth';
import { badRequest, HttpError, notFound } from '../http/errors';
import { listPage } from '../http/pagination';
import {
  type Change,
  lockOwnOffers,
  offerConflict,
  ownedBy,
  type RecordedValues,
  readChangeFacts,
  readDateTime,
  readOfferChange,
  writeChanges,
} from '../queries/offer-changes';
import {
  batchOfferIds,
  batchResult,
  type HistoryRecord,
  loadRecords,
  lockBatch,
  markReverted,
  recordBatch,
  revertChangeOf,
  revertOf,
} from '../queries/offer-history';
import { loadOffers } from '../queries/offers';

const OFFER_ID = ':offerId{[1-9][0-9]{0,8}}';
const BATCH_ID = ':batchId{[1-9][0-9]{0,8}}';

/** Both lists show the newest change first; the id breaks ties between records of one moment. */
const NEWEST_FIRST = { newest: [desc(offerHistory.at), desc(offerHistory.id)] };

/** The 409 of a revert refused for the batch itself (the contract's `RevertRefused`). */
function revertRefused(code: components['schemas']['RevertRefused']['code'], detail: string): HttpError {
  const body: components['schemas']['RevertRefused'] = { detail, code };
  return new HttpError(409, body);
}

/**
 * What the edit rules refuse in the values a revert of `batch` would write back (a publisher or
 * region deleted since, a storefront no longer the caller's), one sentence per field, naming the
 * offer; none when the revert may go ahead.
 */
async function revertRefusals(
  tx: Database,
  userId: number,
  batch: HistoryRecord[],
  current: Map<number, RecordedValues>,
): Promise<string[]> {
  const changes = batch.map(revertChangeOf);
  const facts = await readChangeFacts(tx, userId, changes);
  const refusals: string[] = [];
  for (const change of changes) {
    const offer = current.get(change.id);
    readOfferChange(change, { ...facts, current: offer }, (_field, message) => {
      refusals.push(`${offer?.product ?? `Offer ${change.id}`}: ${message}`);
    });
  }
  return refusals;
}

export function offerHistoryRoutes(ctx: ServerContext) {
  const records = (c: { req: { url: string } }, query: { limit?: number; offset?: number }, conditions: SQL[]) =>
    listPage(ctx.db, c.req.url, query, {
      table: offerHistory,
      id: offerHistory.id,
      conditions,
      orderings: NEWEST_FIRST,
      ordering: 'newest',
      load: (ids) => loadRecords(ctx.db, ids),
    });

  return new Hono<AppEnv>()
    .get(`/manage-offers/${OFFER_ID}/history/`, async (c) => {
      const user = requireSeller(c);
      const query = ctx.contract.query('listOfferHistory', c.req.query());
      const offerId = Number(c.req.param('offerId'));
      const [own] = await ctx.db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.id, offerId), ownedBy(user.id)));
      if (!own) throw notFound();
      return c.json(await records(c, query, [eq(offerHistory.offerId, offerId)]), 200);
    })
    .get('/manage-offers/changes/', async (c) => {
      const user = requireSeller(c);
      const query = ctx.contract.query('listOfferChanges', c.req.query());
      const conditions: SQL[] = [eq(offerHistory.userId, user.id)];
      if (query.source) conditions.push(eq(offerHistory.source, query.source));
      if (query.offer) conditions.push(eq(offerHistory.offerId, query.offer));
      if (query.since !== undefined) {
        const since = readDateTime(query.since);
        if (since === null) throw badRequest({ since: [NO_SUCH_DATE_TIME] });
        conditions.push(gte(offerHistory.at, since));
      }
      return c.json(await records(c, query, conditions), 200);
    })
    .post(`/manage-offers/changes/${BATCH_ID}/revert/`, async (c) => {
      const user = requireSeller(c);
      const batchId = Number(c.req.param('batchId'));
      const now = ctx.now();
      const written = await ctx.db.transaction(async (tx) => {
        const ids = await batchOfferIds(tx, batchId);
        if (ids.length === 0) throw notFound();
        // Offers first, then the batch's records, as every writer of offers locks them first.
        const current = await lockOwnOffers(tx, user.id, ids, () => notFound());
        const batch = await lockBatch(tx, batchId);
        if (batch.some((record) => record.revertedBy !== null)) {
          throw revertRefused('already_reverted', 'These changes were already reverted.');
        }
        if (batch.some((record) => record.source === 'upload')) {
          throw revertRefused('not_revertible', 'An upload cannot be reverted: it created its offers.');
        }
        const reverts = batch.flatMap((record) => {
          const offer = current.get(record.offerId);
          return offer ? [{ id: record.offerId, before: offer, ...revertOf(record, offer, now) }] : [];
        });
        const stale = reverts.filter((revert) => revert.stale).map((revert) => revert.id);
        if (stale.length > 0) {
          const detail =
            stale.length === 1
              ? `Offer ${stale[0]} has changed since these changes; nothing was reverted.`
              : `Offers ${stale.join(', ')} have changed since these changes; nothing was reverted.`;
          throw offerConflict(detail, await loadOffers(tx, stale));
        }
        const refusals = await revertRefusals(tx, user.id, batch, current);
        if (refusals.length > 0) throw badRequest({ non_field_errors: refusals });
        const changes: Change[] = reverts.map(({ id, set }) => ({ id, set }));
        await writeChanges(tx, changes, now);
        const revertBatch = await recordBatch(tx, { userId: user.id, source: 'revert', at: now }, reverts);
        if (revertBatch !== undefined) await markReverted(tx, batchId, revertBatch);
        return { ids, batchId: revertBatch };
      });
      return c.json(batchResult(await loadOffers(ctx.db, written.ids), written.ids.length, written.batchId), 200);
    });
}
