/** The first client's cart: one line from the first storefront, one from another. */
import type { Database } from '../client';
import { cartItems } from '../schema';
import type { Accounts } from './accounts';
import { type Catalogue, runningAt } from './catalogue';
import { HOUR } from './time';

export async function insertCart(tx: Database, accounts: Accounts, catalogue: Catalogue, now: number): Promise<void> {
  const cartOffers = catalogue.offers.filter((o) => runningAt(o, now));
  const firstStorefront = catalogue.storefronts[0]?.id;
  const firstStore = cartOffers.find((o) => o.sellerId === firstStorefront);
  const otherStore = cartOffers.find((o) => o.sellerId !== firstStorefront);
  const cart = [firstStore, otherStore].filter((o) => o !== undefined);
  if (cart.length === 0) return;
  await tx.insert(cartItems).values(
    cart.map((offer, i) => ({
      userId: accounts.client,
      offerId: offer.id,
      quantity: i === 0 ? 3 : 10,
      createdAt: new Date(now - (2 - i) * HOUR),
    })),
  );
}
