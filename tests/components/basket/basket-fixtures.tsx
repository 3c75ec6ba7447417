/** Basket lines and availability answers shared by the popover and My Cart tests. */
import type { components } from '@openapi/schema';
import { basket } from '@/core/domain/basket';
import { aBasketItem } from '../../support/basket';
import { anOrder } from '../../support/fixtures';
import type { Reply, Routes, SeenRequest } from '../../support/render';

/** An availability entry as the server sends it (the price as a decimal string). */
type OfferAvailability = components['schemas']['OfferAvailability'];

/** Two lines: 2 × €12.50 (hot) and 1 × €8.00, €33.00 in all. */
export function fillBasket() {
  basket.add(aBasketItem(101, { name: 'Starfall Odyssey', price: 12.5, quantity: 2, hot: true }));
  basket.add(
    aBasketItem(102, { name: 'Cave Runner', price: 8, publisher: 'Sega', seller: 'Game Vault', region: 'US' }),
  );
}

/** Answers the availability check: every asked offer available at its basket price unless `changes` says otherwise. */
export function answerAvailability(changes: Record<number, Partial<OfferAvailability>> = {}) {
  return ({ body }: SeenRequest): Reply => {
    const { offer_ids } = body as { offer_ids: number[] };
    const prices = new Map(basket.items().map((line) => [line.offer_id, line.price.toFixed(2)]));
    const offers = offer_ids.map((offer_id) => ({
      offer_id,
      status: 'available',
      unit_price: prices.get(offer_id) ?? '1.00',
      product: `Game ${offer_id}`,
      ...changes[offer_id],
    }));
    return { body: { offers } };
  };
}

export const availability = (changes: Record<number, Partial<OfferAvailability>> = {}): Routes => ({
  'POST /api/v1/offers/availability/': answerAvailability(changes),
});

/** A server cart that starts empty, takes adds and checks out into one order (id 42). */
export function serverCart(): Routes {
  const items: { id: number; offer_id: number; quantity: number }[] = [];
  const cart = () => ({
    items: items.map((item) => ({
      ...item,
      name: `Game ${item.offer_id}`,
      image: null,
      hot: false,
      publisher: 'Ubisoft',
      seller: 'Keys Direct',
      region: 'EU',
      price: '10.00',
      total: (10 * item.quantity).toFixed(2),
      available: true,
    })),
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
    total_positions: items.length,
    total_price: '0.00',
  });
  return {
    'GET /api/v1/cart/': () => ({ body: cart() }),
    'POST /api/v1/cart/add/': ({ body }: SeenRequest) => {
      const { offer_id, quantity } = body as { offer_id: number; quantity: number };
      items.push({ id: 500 + items.length, offer_id, quantity });
      return { status: 201, body: cart() };
    },
    'POST /api/v1/cart/checkout/': () => {
      items.splice(0);
      return { status: 201, body: { orders: [anOrder()] } };
    },
  };
}
