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
