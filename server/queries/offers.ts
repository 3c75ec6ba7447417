/**
 * Offers as the contract shows them (`Offer`): the offer row joined with its publisher, storefront
 * and region. Shared by the client list, the seller's manage list, upload, publish and bulk update.
 */
import { asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Database } from '../db/client';
import { offers, publishers, regions, sellers } from '../db/schema';
import { toMoney } from '../http/money';
import { dayStart } from '../lib/days';

type OfferBody = components['schemas']['Offer'];
export type OfferOrdering = components['schemas']['OfferOrdering'];

/** The columns `serializeOffer` needs; `updated_at` is not part of the contract. */
const offerFields = {
  id: offers.id,
  product: offers.product,
  publisherId: offers.publisherId,
  publisher: publishers.name,
  sellerId: offers.sellerId,
  seller: sellers.name,
  regionId: offers.regionId,
  region: regions.name,
  regionCode: regions.code,
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

/** `select ... from offers` with the three joins; callers add `where`, ordering and paging. */
export function selectOffers(db: Database) {
  return db
    .select(offerFields)
    .from(offers)
    .innerJoin(publishers, eq(publishers.id, offers.publisherId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .innerJoin(regions, eq(regions.id, offers.regionId));
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
    unit_price: toMoney(row.unitPriceCents),
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
  if (ids.length === 0) return [];
  const rows = await selectOffers(db).where(inArray(offers.id, ids));
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
  const conditions: SQL[] = [];
  if (query.start_date) conditions.push(gte(offers.endAt, dayStart(query.start_date)));
  if (query.end_date) conditions.push(lt(offers.startAt, dayStart(query.end_date, 1)));
  return conditions;
}
