/** Basket lines as `basket.add` receives them, for store, logic and component tests. */
import type { BasketItem } from '@/core/domain/basket';

/** A line of one unit of `Game <offerId>` at €10.00; `overrides` change any field. */
export function aBasketItem(offerId: number, overrides: Partial<BasketItem> = {}): BasketItem {
  return {
    id: String(offerId),
    offer_id: offerId,
    name: `Game ${offerId}`,
    price: 10,
    quantity: 1,
    hot: false,
    publisher: 'Ubisoft',
    seller: 'Keys Direct',
    region: 'EU',
    ...overrides,
  };
}
