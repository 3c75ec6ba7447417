/**
 * The seller's own offers: the Manage Offers list (Published and Unpublished tabs), publishing and
 * withdrawing, and the table's bulk edit. Offers of storefronts the caller does not own answer 404.
 * Every write of an offer bumps its `version`; an edit that names an older one answers 409.
 */
import { and, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { maximumAmountMessage } from '../../openapi/rules/bounds';
import { centsOf, MAX_UNIT_PRICE_CENTS } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import type { Database } from '../db/client';
import { inChunks, statementChunks } from '../db/paced';
import { offers, productContains, publishers, regions, sellers } from '../db/schema';
import { requireSeller } from '../http/auth';
import { readJson } from '../http/body';
import { badRequest, type FieldErrors, HttpError, notFound } from '../http/errors';
import { page, pageWindow } from '../http/pagination';
import { dayStart } from '../lib/days';
import { loadOffers, offerOrderBy, selectOffers, serializeOffer, validityOverlaps } from '../queries/offers';
import { storefrontsOf } from '../queries/orders';

const ownedBy = (userId: number): SQL => sql`${offers.sellerId} in ${storefrontsOf(userId)}`;

/** Every write of an offer goes with this (the contract's `Offer.version`), in the same statement. */
const nextVersion = sql`${offers.version} + 1`;

/** The columns a bulk update may set, with the SQL type each value is read as. */
const CHANGEABLE = {
  product: [offers.product, 'text'],
  publisherId: [offers.publisherId, 'integer'],
  sellerId: [offers.sellerId, 'integer'],
  regionId: [offers.regionId, 'integer'],
  type: [offers.type, 'text'],
  isHot: [offers.isHot, 'boolean'],
  unitPriceCents: [offers.unitPriceCents, 'integer'],
  startAt: [offers.startAt, 'timestamptz'],
  endAt: [offers.endAt, 'timestamptz'],
} as const;
type Change = { id: number; set: { -readonly [K in keyof typeof CHANGEABLE]?: (typeof offers.$inferInsert)[K] } };
/**
 * Writes `changes` (each offer's new values; offers that set the same columns share statements)
 * as `UPDATE … FROM (VALUES …)`, each offer's `version` one up and `updated_at` at `now`. One
 * statement per offer made a 500-offer update 500 statements; one for all of them held the event
 * loop for one long statement: chunks keep both short (behaviour §8).
 */
async function writeChanges(tx: Database, changes: Change[], now: Date) {
  const byColumns = new Map<string, Change[]>();
  for (const change of changes) {
    const key = Object.keys(change.set).sort().join(',');
    const group = byColumns.get(key);
    if (group) group.push(change);
    else byColumns.set(key, [change]);
  }
  for (const [key, group] of byColumns) {
    const columns = (key ? key.split(',') : []) as (keyof typeof CHANGEABLE)[];
    for (const chunk of statementChunks(group)) {
      const rows = chunk.map((change) => {
        const values = columns.map((column) => {
          const value = change.set[column];
          return sql`${value instanceof Date ? value.toISOString() : value}::${sql.raw(CHANGEABLE[column][1])}`;
        });
        return sql`(${sql.join([sql`${change.id}::integer`, ...values], sql`, `)})`;
      });
      const names = columns.map((column) => sql.identifier(CHANGEABLE[column][0].name));
      const set = [
        ...names.map((name) => sql`${name} = v.${name}`),
        sql`${sql.identifier(offers.updatedAt.name)} = ${now.toISOString()}::timestamptz`,
        sql`${sql.identifier(offers.version.name)} = ${nextVersion}`,
      ];
      await tx.execute(sql`
        update ${offers} set ${sql.join(set, sql`, `)}
        from (values ${sql.join(rows, sql`, `)}) as v(${sql.join([sql`id`, ...names], sql`, `)})
        where ${offers.id} = v.id`);
    }
  }
}

/**
 * Locks the caller's offers among `ids`; the first id that is not one of them answers 404. The
 * chunks go in id order, so two requests naming the same offers take their locks in one order.
 */
async function lockOwnOffers(tx: Database, userId: number, ids: number[]) {
  const rows = await inChunks(
    [...ids].sort((a, b) => a - b),
    (chunk) =>
      tx
        .select({
          id: offers.id,
          isPublished: offers.isPublished,
          startAt: offers.startAt,
          endAt: offers.endAt,
          version: offers.version,
        })
        .from(offers)
        .where(and(inArray(offers.id, chunk), ownedBy(userId)))
        .for('update'),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Offer ${missing} not found.`);
  return byId;
}

/** Of `ids`, those present in `table`'s id column. */
async function existingIds(
  tx: Database,
  table: typeof publishers | typeof regions,
  ids: number[],
): Promise<Set<number>> {
  const distinct = [...new Set(ids)];
  const rows = await inChunks(distinct, (chunk) =>
    tx.select({ id: table.id }).from(table).where(inArray(table.id, chunk)),
  );
  return new Set(rows.map((row) => row.id));
}

/** The contract's date-time format lets a leap second (`23:59:60Z`) through; a Date cannot hold it. */
const NO_SUCH_TIME = 'This date or time does not exist.';
function readDateTime(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const doesNotExist = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** The 409 of an update whose changes started from versions that are no longer current. */
function staleVersions(current: components['schemas']['Offer'][]): HttpError {
  const ids = current.map((offer) => offer.id).join(', ');
  const detail =
    current.length === 1
      ? `Offer ${ids} has changed since you started editing it; nothing was saved.`
      : `Offers ${ids} have changed since you started editing them; nothing was saved.`;
  const body: components['schemas']['OfferConflict'] = { detail, code: 'stale_version', offers: current };
  return new HttpError(409, body);
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
        if (moment === null) throw badRequest({ valid_at: [NO_SUCH_TIME] });
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
        const changing = ids.filter((id) => current.get(id)?.isPublished !== publish);
        for (const chunk of statementChunks(changing)) {
          await tx
            .update(offers)
            .set({ isPublished: publish, publishedAt: publish ? now : null, updatedAt: now, version: nextVersion })
            .where(inArray(offers.id, chunk));
        }
        return changing.length;
      });
      return c.json({ count: written, offers: await loadOffers(ctx.db, ids) }, 200);
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
      await ctx.db.transaction(async (tx) => {
        const current = await lockOwnOffers(tx, user.id, ids);
        // Compared under the row locks: of two saves from one version, the second sees the first's.
        const staleIds = body.offers
          .filter((change) => change.version !== undefined && change.version !== current.get(change.id)?.version)
          .map((change) => change.id);
        if (staleIds.length > 0) throw staleVersions(await loadOffers(tx, staleIds));
        // One after the other: a transaction is one connection, which runs one query at a time.
        const publisherIds = await existingIds(
          tx,
          publishers,
          body.offers.flatMap((change) => change.publisher_id ?? []),
        );
        const regionIds = await existingIds(
          tx,
          regions,
          body.offers.flatMap((change) => change.region_id ?? []),
        );
        const storefrontRows = await tx.select({ id: sellers.id, ownerId: sellers.ownerId }).from(sellers);
        const storefrontOwner = new Map(storefrontRows.map((row) => [row.id, row.ownerId]));

        const errors: FieldErrors = {};
        const updates = body.offers.map((change, index): Change => {
          const fail = (field: string, message: string) => {
            errors[`offers.${index}.${field}`] = [message];
          };
          const set: Change['set'] = {};
          if (change.product !== undefined) {
            const product = change.product.trim();
            if (product === '') fail('product', 'This field may not be blank.');
            set.product = product;
          }
          if (change.publisher_id !== undefined) {
            if (!publisherIds.has(change.publisher_id)) fail('publisher_id', doesNotExist(change.publisher_id));
            set.publisherId = change.publisher_id;
          }
          if (change.region_id !== undefined) {
            if (!regionIds.has(change.region_id)) fail('region_id', doesNotExist(change.region_id));
            set.regionId = change.region_id;
          }
          if (change.seller_id !== undefined) {
            const owner = storefrontOwner.get(change.seller_id);
            if (owner === undefined) fail('seller_id', doesNotExist(change.seller_id));
            else if (owner !== user.id) fail('seller_id', 'Choose one of your own storefronts.');
            set.sellerId = change.seller_id;
          }
          if (change.type !== undefined) set.type = change.type;
          if (change.is_hot !== undefined) set.isHot = change.is_hot;
          if (change.unit_price !== undefined) {
            const cents = centsOf(change.unit_price);
            if (cents <= 0) fail('unit_price', 'Ensure this value is greater than 0.');
            else if (!(cents <= MAX_UNIT_PRICE_CENTS)) {
              fail('unit_price', maximumAmountMessage(MAX_UNIT_PRICE_CENTS));
            }
            set.unitPriceCents = cents;
          }
          if (change.start !== undefined || change.end !== undefined) {
            const offer = current.get(change.id);
            const startAt = change.start === undefined ? offer?.startAt : readDateTime(change.start);
            const endAt = change.end === undefined ? offer?.endAt : readDateTime(change.end);
            if (startAt === null) fail('start', NO_SUCH_TIME);
            if (endAt === null) fail('end', NO_SUCH_TIME);
            if (startAt && endAt && endAt.getTime() <= startAt.getTime()) {
              fail(change.end === undefined ? 'start' : 'end', 'End must be after start.');
            }
            if (change.start !== undefined && startAt) set.startAt = startAt;
            if (change.end !== undefined && endAt) set.endAt = endAt;
          }
          return { id: change.id, set };
        });
        if (Object.keys(errors).length > 0) throw badRequest(errors);

        await writeChanges(tx, updates, now);
      });
      return c.json({ count: ids.length, offers: await loadOffers(ctx.db, ids) }, 200);
    });
}
