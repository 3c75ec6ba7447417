/**
 * Offers as the contract shows them (`Offer`): the offer row with the names of its publisher,
 * storefront and region. Shared by the client list, the seller's manage list, upload, publish and
 * bulk update.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { moneyOf } from '../../openapi/rules/money';
import type { components, operations } from '../../openapi/schema';
import type { Database } from '../db/client';
import { inChunks } from '../db/paced';
import { containsPattern, offers, productMatches } from '../db/schema';
import { dayStart } from '../lib/days';

type OfferBody = components['schemas']['Offer'];
export type OfferOrdering = components['schemas']['OfferOrdering'];

/**
 * The columns `serializeOffer` needs; `updated_at` is not part of the contract. The names of the
 * publisher, storefront and region are looked up by id in their small tables for each row
 * returned: written as joins, PostgreSQL spent longer planning the four tables than running a
 * page of the list.
 */
const offerFields = {
  id: offers.id,
  product: offers.product,
  publisherId: offers.publisherId,
  // Written out and qualified: in a one-table select Drizzle leaves its column names bare.
  publisher: sql<string>`(SELECT publishers.name FROM publishers WHERE publishers.id = offers.publisher_id)`,
  sellerId: offers.sellerId,
  seller: sql<string>`(SELECT sellers.name FROM sellers WHERE sellers.id = offers.seller_id)`,
  regionId: offers.regionId,
  region: sql<string>`(SELECT regions.name FROM regions WHERE regions.id = offers.region_id)`,
  regionCode: sql<string>`(SELECT regions.code FROM regions WHERE regions.id = offers.region_id)`,
  type: offers.type,
  isHot: offers.isHot,
  unitPriceCents: offers.unitPriceCents,
  startAt: offers.startAt,
  endAt: offers.endAt,
  isPublished: offers.isPublished,
  createdAt: offers.createdAt,
  publishedAt: offers.publishedAt,
  imageUrl: offers.imageUrl,
  version: offers.version,
};

/** `select ... from offers`; callers add `where`, ordering and paging. */
export function selectOffers(db: Database) {
  return db.select(offerFields).from(offers);
}

/** The client list's query as the contract takes it (`listOffers`). */
type ListQuery = NonNullable<operations['listOffers']['parameters']['query']>;

/**
 * The client list's filters as values: every filter of the contract's query, with the search as
 * its LIKE pattern (`containsPattern`), the validity range as moments (`validityBounds`) and `now`
 * when there is none, since the list then keeps the offers that have not ended. A filter the
 * contract gains is a filter here at once, and `FILTERS` below must say how it filters.
 */
export type ListValues = Omit<
  ListQuery,
  'search' | 'start_date' | 'end_date' | 'is_published' | 'ordering' | 'limit' | 'offset'
> & {
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  now?: Date | undefined;
};

type Bound<K extends keyof ListValues> = NonNullable<ListValues[K]> | Placeholder;

/**
 * How each filter narrows the list, one entry per filter (a complete record: a filter without
 * its condition does not compile). Conditions are given what stands for the value: the value
 * itself or a placeholder of a prepared statement.
 */
const FILTERS: { [K in keyof Required<ListValues>]: (value: Bound<K>) => SQL } = {
  type: (type) => eq(offers.type, type),
  publisher: (publisher) => eq(offers.publisherId, publisher),
  region: (region) => eq(offers.regionId, region),
  is_hot: (isHot) => eq(offers.isHot, isHot),
  search: (pattern) => productMatches(pattern),
  // validityOverlaps, with its moments bound
  from: (from) => gte(offers.endAt, from),
  to: (to) => lt(offers.startAt, to),
  now: (now) => gt(offers.endAt, now),
};
const FILTER_NAMES = Object.keys(FILTERS) as (keyof ListValues)[];

/**
 * The client list's WHERE: published offers matching the filters set in `values`. `bind` gives
 * what stands for each value, the value itself or a placeholder of a prepared statement.
 */
export function listConditions(
  values: ListValues,
  bind: <K extends keyof ListValues>(name: K) => Bound<K> = (name) => values[name] as Bound<typeof name>,
): SQL | undefined {
  // A bare column (not `= true`) so the planner matches the partial indexes' `WHERE is_published`.
  const conditions: SQL[] = [sql`${offers.isPublished}`];
  for (const name of FILTER_NAMES) {
    if (values[name] === undefined) continue;
    const condition = FILTERS[name] as (value: Bound<typeof name>) => SQL;
    conditions.push(condition(bind(name)));
  }
  return and(...conditions);
}

/** The filters of the client list's query, as `listConditions` takes them. */
export function listValuesOf(query: ListQuery, now: Date): ListValues {
  const { search, start_date, end_date, is_published, ordering, limit, offset, ...filters } = query;
  const term = search?.trim() || undefined;
  const { from, to } = validityBounds({ start_date, end_date });
  return {
    ...filters,
    search: term === undefined ? undefined : containsPattern(term),
    from,
    to,
    now: from || to ? undefined : now,
  };
}

/**
 * Pages of the client list in list order, each row with the offers' change stamp (migration 0007)
 * read by the same statement, so the stamp belongs to exactly the snapshot of the page. A page's
 * ids are found first, by walking the ordering's index and checking the filters on its entries
 * alone (migration 0011); only the offers of the page are then read in full.
 *
 * The statement is built once for each combination of filters set and ordering and prepared
 * with placeholders for the values, page size and offset: building it was a good part of the
 * server's work per request.
 */
export function clientOfferPages(db: Database) {
  const build = (values: ListValues, ordering: OfferOrdering, name: string) => {
    const where = listConditions(values, (key) => sql.placeholder(key));
    const orderBy = offerOrderBy(ordering, { publishedOnly: true });
    const ids = db
      .select({ id: offers.id })
      .from(offers)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return (
      db
        .select({ ...offerFields, stamp: sql<string>`(SELECT stamp::text FROM offer_changes)` })
        .from(offers)
        // An array of the page's ids, not `IN (subquery)`: the planner then has no join to weigh.
        .where(sql`${offers.id} = any(array(${ids}))`)
        .orderBy(...orderBy)
        .prepare(name)
    );
  };
  const prepared = new Map<string, ReturnType<typeof build>>();
  return (values: ListValues, ordering: OfferOrdering, window: { limit: number; offset: number }) => {
    // The name says what the text holds, so two servers sharing connections never give one name
    // two texts (node-postgres prepares each name once per connection).
    const shape = `offer_page:${ordering}:${FILTER_NAMES.map((key) => (values[key] === undefined ? 0 : 1)).join('')}`;
    let statement = prepared.get(shape);
    if (!statement) {
      statement = build(values, ordering, shape);
      prepared.set(shape, statement);
    }
    return statement.execute({
      ...values,
      // Placeholders bypass the columns' own conversion: moments go as ISO text.
      from: values.from?.toISOString(),
      to: values.to?.toISOString(),
      now: values.now?.toISOString(),
      limit: window.limit,
      offset: window.offset,
    });
  };
}

export type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

export function serializeOffer(row: OfferRow): OfferBody {
  return {
    id: row.id,
    product: row.product,
    publisher_id: row.publisherId,
    publisher: row.publisher,
    seller_id: row.sellerId,
    seller: row.seller,
    region_id: row.regionId,
    region: row.region,
    region_code: row.regionCode,
    type: row.type,
    is_hot: row.isHot,
    unit_price: moneyOf(row.unitPriceCents),
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    is_published: row.isPublished,
    uploaded_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    image: row.imageUrl,
    version: row.version,
  };
}

/** Offers by id, serialized, in the order of `ids`; unknown ids are skipped. */
export async function loadOffers(db: Database, ids: number[]): Promise<OfferBody[]> {
  const rows = await inChunks(ids, (chunk) => selectOffers(db).where(inArray(offers.id, chunk)));
  const byId = new Map(rows.map((row) => [row.id, serializeOffer(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const orderingColumns = {
  start_date: offers.startAt,
  end_date: offers.endAt,
  unit_price: offers.unitPriceCents,
  product: offers.product,
  publish_date: offers.publishedAt,
  created_at: offers.createdAt,
} as const;

/**
 * `ORDER BY` for an offer ordering, with the id in the same direction as the tie-breaker so pages
 * are stable and the list indexes (`(column, id)` pairs) serve it. `publish_date` is
 * `published_at`; when the list can hold unpublished offers their null dates sort last either way.
 */
export function offerOrderBy(ordering: OfferOrdering, options: { publishedOnly: boolean }): SQL[] {
  const descending = ordering.startsWith('-');
  const name = (descending ? ordering.slice(1) : ordering) as keyof typeof orderingColumns;
  const column = orderingColumns[name];
  const direction = descending ? desc : asc;
  if (name === 'publish_date' && !options.publishedOnly) {
    return [sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, direction(offers.id)];
  }
  return [direction(column), direction(offers.id)];
}

/**
 * The contract's date filters: `start_date` keeps offers ending on or after that day,
 * `end_date` offers starting on or before it; together, offers whose validity overlaps the days.
 */
export function validityOverlaps(query: { start_date?: string; end_date?: string }): SQL[] {
  const { from, to } = validityBounds(query);
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(offers.endAt, from));
  if (to) conditions.push(lt(offers.startAt, to));
  return conditions;
}

/** The moments of `validityOverlaps`: offers ending at or after `from`, starting before `to`. */
export function validityBounds(query: { start_date?: string | undefined; end_date?: string | undefined }) {
  return {
    from: query.start_date ? dayStart(query.start_date) : undefined,
    to: query.end_date ? dayStart(query.end_date, 1) : undefined,
  };
}
