/** An offer can be ordered while it is published and has not ended (the contract's `CartItem.available`). */
export function isOrderable(offer: { isPublished: boolean; endAt: Date }, now: Date): boolean {
  return offer.isPublished && offer.endAt.getTime() > now.getTime();
}
