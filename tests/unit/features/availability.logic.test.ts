import { describe, expect, it } from 'vitest';
import type { OfferAvailability } from '@/api/models';
import { NO_REVIEW, outcomeOf, sendableLines } from '@/features/basket/availability.logic';
import { aBasketItem } from '../../support/basket';
import { asRead } from '../../support/read';

const line = (offerId: number, price: number, quantity = 1) => aBasketItem(offerId, { price, quantity });

/** An answer's entry as the API client hands it over, its price as the server sent it. */
const offer = (offer_id: number, status: OfferAvailability['status'], unit_price: string | null) =>
  asRead({ offer_id, status, unit_price, product: unit_price === null ? null : `Game ${offer_id}` });

describe('an availability check', () => {
  it('finds nothing new when every offer is available at its basket price', () => {
    const outcome = outcomeOf(
      [line(1, 12.5), line(2, 8)],
      [offer(1, 'available', '12.50'), offer(2, 'available', '8.00')],
      NO_REVIEW,
    );
    expect(outcome.hasNews).toBe(false);
    expect(outcome.review.unavailable.size).toBe(0);
    expect(outcome.review.priceChanges.size).toBe(0);
    expect(outcome.newPrices.size).toBe(0);
  });

  it('marks offers that are gone and keeps them out of the order', () => {
    const lines = [line(1, 10), line(2, 10), line(3, 10), line(4, 10, 3)];
    const { review, hasNews } = outcomeOf(
      lines,
      [
        offer(1, 'withdrawn', '10.00'),
        offer(2, 'ended', '10.00'),
        offer(3, 'not_found', null),
        offer(4, 'available', '10.00'),
      ],
      NO_REVIEW,
    );
    expect(hasNews).toBe(true);
    expect([...review.unavailable]).toEqual([
      ['1', 'withdrawn'],
      ['2', 'ended'],
      ['3', 'not_found'],
    ]);
    expect(sendableLines(lines, review)).toEqual([{ id: '4', offer_id: 4, name: 'Game 4', quantity: 3 }]);
  });

  it('reports a new price once, and keeps showing the old one after the basket took the new', () => {
    const first = outcomeOf([line(1, 8)], [offer(1, 'available', '9.50')], NO_REVIEW);
    expect(first.hasNews).toBe(true);
    expect(first.newPrices.get('1')).toBe(9.5);
    expect(first.review.priceChanges.get('1')).toEqual({ fromCents: 800, toCents: 950 });

    const again = outcomeOf([line(1, 9.5)], [offer(1, 'available', '9.50')], first.review);
    expect(again.hasNews).toBe(false);
    expect(again.review.priceChanges.get('1')).toEqual({ fromCents: 800, toCents: 950 });

    const third = outcomeOf([line(1, 9.5)], [offer(1, 'available', '11.00')], again.review);
    expect(third.hasNews).toBe(true);
    expect(third.review.priceChanges.get('1')).toEqual({ fromCents: 800, toCents: 1100 });
  });

  it('counts an unavailable line as news only the first time', () => {
    const first = outcomeOf([line(1, 8)], [offer(1, 'ended', '8.00')], NO_REVIEW);
    expect(outcomeOf([line(1, 8)], [offer(1, 'ended', '8.00')], first.review).hasNews).toBe(false);
  });

  it('treats a line the answer does not cover (added meanwhile) as news', () => {
    expect(outcomeOf([line(1, 8), line(2, 8)], [offer(1, 'available', '8.00')], NO_REVIEW).hasNews).toBe(true);
  });
});
