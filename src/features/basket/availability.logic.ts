/**
 * The basket checked against the current offers (behaviour §2, checking the basket): a line whose
 * offer was withdrawn, has ended or is gone is marked and not sent; a changed price is shown as
 * old → new and the basket takes the new one. A check right before sending that finds anything the
 * user has not seen yet stops the sending, so nothing goes out that the user did not see. A marked
 * line keeps the name and price it was added with: the answer may withhold them (behaviour §6).
 */
import type { Findings } from '@machines/basket-review/basket-review.types';
import type { OfferAvailability } from '@/api/models';
import type { BasketItem } from '@/core/domain/basket';
import { centsOfEuros } from '@/lib/money';

export type Unavailability = Exclude<OfferAvailability['status'], 'available'>;

export interface PriceChange {
  fromCents: number;
  toCents: number;
}

export interface BasketReview {
  /** Lines (by id) whose offer can no longer be ordered, and why. */
  unavailable: ReadonlyMap<string, Unavailability>;
  /** Lines (by id) whose unit price changed since they were put in the basket. */
  priceChanges: ReadonlyMap<string, PriceChange>;
}

export const NO_REVIEW: BasketReview = { unavailable: new Map(), priceChanges: new Map() };

export interface CheckOutcome {
  review: BasketReview;
  /** New unit prices in euros, by line id, for the basket to take. */
  newPrices: ReadonlyMap<string, number>;
  /** Something the user has not seen: a line newly unavailable, a new price, or a line not checked. */
  hasNews: boolean;
}

/** What one check says about `lines`, on top of what the previous check showed. */
export function outcomeOf(
  lines: readonly BasketItem[],
  answer: readonly OfferAvailability[],
  previous: BasketReview,
): CheckOutcome {
  const byOffer = new Map(answer.map((offer) => [offer.offer_id, offer]));
  const unavailable = new Map<string, Unavailability>();
  const priceChanges = new Map<string, PriceChange>();
  const newPrices = new Map<string, number>();
  let hasNews = false;
  for (const line of lines) {
    const offer = byOffer.get(line.offer_id);
    const shown = previous.priceChanges.get(line.id);
    if (!offer) {
      hasNews = true;
      if (shown) priceChanges.set(line.id, shown);
      continue;
    }
    if (offer.status !== 'available') {
      unavailable.set(line.id, offer.status);
      if (previous.unavailable.get(line.id) !== offer.status) hasNews = true;
      continue;
    }
    // No price (null) or one the app could not read (NaN) changes nothing.
    const price = offer.unit_price ?? Number.NaN;
    const had = centsOfEuros(line.price);
    if (Number.isFinite(price) && price !== had) {
      priceChanges.set(line.id, { fromCents: shown?.fromCents ?? had, toCents: price });
      newPrices.set(line.id, price / 100);
      hasNews = true;
    } else if (shown) {
      priceChanges.set(line.id, shown);
    }
  }
  return { review: { unavailable, priceChanges }, newPrices, hasNews };
}

/** The review as the basket review machine keeps it (plain JSON, by line id). */
export const findingsOf = (review: BasketReview): Findings => ({
  unavailable: Object.fromEntries(review.unavailable),
  priceChanges: Object.fromEntries(review.priceChanges),
});

const entriesOf = <T>(record: Partial<Record<string, T>>) =>
  Object.entries(record).filter((entry): entry is [string, T] => entry[1] !== undefined);

/** The machine's findings as the basket's views read them. */
export const reviewOf = (findings: Findings): BasketReview => ({
  unavailable: new Map(entriesOf(findings.unavailable)),
  priceChanges: new Map(entriesOf(findings.priceChanges)),
});

/** The lines an order may carry: every line whose offer the last check found available. */
export const sendableLines = (lines: readonly BasketItem[], review: BasketReview) =>
  lines
    .filter((line) => !review.unavailable.has(line.id))
    .map(({ id, offer_id, name, quantity }) => ({ id, offer_id, name, quantity }));

/** What the marker of an unavailable line says (text, next to an icon: never colour alone). */
export const UNAVAILABLE_TEXT: Record<Unavailability, string> = {
  withdrawn: 'No longer offered',
  ended: 'Offer has ended',
  not_found: 'Offer no longer exists',
};
