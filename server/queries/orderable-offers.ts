/**
 * The one reading of offers for ordering them: the cart, its checkout, the special-price request
 * and the availability check all ask here whether an offer can be ordered and on what terms.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inChunks } from '../db/paced';
import { offers, publishers, regions, sellers } from '../db/schema';

/** An offer can be ordered while it is published and has not ended (the contract's `CartItem.available`). */
export function isOrderable(offer: { isPublished: boolean; endAt: Date }, now: Date): boolean {
  return offer.isPublished && offer.endAt.getTime() > now.getTime();
}

/**
 * Whether `userId` may not see a withdrawn offer's product and price (behaviour §6): they changed
 * since clients last saw them published (`public_version`, migration 0009), so they are its
 * seller's draft, and `userId` is not that seller.
 */
export function isPrivateDraft(
  offer: { isPublished: boolean; version: number; publicVersion: number | null; ownerId: number },
  userId: number,
): boolean {
  return !offer.isPublished && offer.ownerId !== userId && offer.publicVersion !== offer.version;
}

/**
 * Each offer of `offerIds` that exists, by id: what a cart line shows and an order line snapshots
 * of it, its storefront and that storefront's owner, and whether it can be ordered at `now`.
 * Read by offer id in chunks: as one join with the cart lines, the planner walked every offer to
 * meet a few of them, once per statement.
 */
export async function offersToOrder(db: Database, offerIds: number[], now: Date) {
  const rows = await inChunks(offerIds, (chunk) =>
    db
      .select({
        offerId: offers.id,
        product: offers.product,
        imageUrl: offers.imageUrl,
        isHot: offers.isHot,
        unitPriceCents: offers.unitPriceCents,
        isPublished: offers.isPublished,
        endAt: offers.endAt,
        version: offers.version,
        publicVersion: offers.publicVersion,
        sellerId: offers.sellerId,
        storefront: sellers.name,
        ownerId: sellers.ownerId,
        publisher: publishers.name,
        region: regions.name,
      })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .innerJoin(publishers, eq(publishers.id, offers.publisherId))
      .innerJoin(regions, eq(regions.id, offers.regionId))
      .where(inArray(offers.id, chunk)),
  );
  return new Map(rows.map((offer) => [offer.offerId, { ...offer, isOrderable: isOrderable(offer, now) }]));
}
