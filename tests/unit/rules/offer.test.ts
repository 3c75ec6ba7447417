import { formatCents, MAX_UNIT_PRICE_CENTS } from '@openapi/rules/money';
import {
  momentProblem,
  offerProblems,
  productProblem,
  publisherProblem,
  regionProblem,
  sellerProblem,
  textProblem,
  unitPriceProblem,
  validityProblems,
} from '@openapi/rules/offer';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { describe, expect, it } from 'vitest';

const at = (iso: string) => ({ text: iso, instant: Date.parse(iso) });
const MAX_PRODUCT = FIELD_LIMITS.OfferChange.product.maxLength;

describe('one field at a time', () => {
  it('checks a product alone, trimmed, up to the contract’s length', () => {
    expect(productProblem(`  ${'x'.repeat(MAX_PRODUCT)}  `)).toBeUndefined();
    expect(productProblem('x'.repeat(MAX_PRODUCT + 1))).toBe(
      `Keep the product name to ${MAX_PRODUCT} characters or fewer.`,
    );
    expect(productProblem(' ')).toBe('Enter a product name.');
    expect(productProblem('bell\u0007')).toBe(textProblem('\u0007'));
  });

  it('checks a unit price alone, up to the contract’s largest', () => {
    expect(unitPriceProblem('12.5')).toBeUndefined();
    expect(unitPriceProblem('.5')).toBeUndefined();
    expect(unitPriceProblem('0')).toBe('The unit price must be greater than 0.');
    expect(unitPriceProblem((MAX_UNIT_PRICE_CENTS / 100).toFixed(2))).toBeUndefined();
    expect(unitPriceProblem(((MAX_UNIT_PRICE_CENTS + 1) / 100).toFixed(2))).toBe(
      `The unit price must be at most ${formatCents(MAX_UNIT_PRICE_CENTS)}.`,
    );
  });

  it('checks each choice alone', () => {
    expect(publisherProblem(null)).toBe('Choose a publisher.');
    expect(sellerProblem(null)).toBe('Choose a seller.');
    expect(regionProblem(null)).toBe('Choose a region.');
    expect(regionProblem(3)).toBeUndefined();
  });

  it('checks a start or an end alone, within the contract’s range', () => {
    expect(momentProblem('Start', at('1900-01-01T00:00:00Z'))).toBeUndefined();
    expect(momentProblem('End', at('9999-12-30T23:59:59Z'))).toBeUndefined();
    expect(momentProblem('End', at('9999-12-31T00:00:00Z'))).toBe('End must be between the years 1900 and 9999.');
    expect(momentProblem('Start', { text: '2026-02-30T10:00', instant: null })).toBe(
      'Enter a valid start date and time.',
    );
    expect(momentProblem('End', { text: ' ', instant: null })).toBe('Enter the end date and time.');
  });

  it('checks the date pair: the end after the start', () => {
    const start = at('2026-05-01T10:00:00Z');
    expect(validityProblems(start, at('2026-05-01T10:00:01Z'))).toEqual({});
    expect(validityProblems(start, start)).toEqual({ end: 'End must be after start.' });
    expect(validityProblems({ text: '', instant: null }, start)).toEqual({ start: 'Enter the start date and time.' });
  });
});

describe('offerProblems', () => {
  it('is the fields’ own messages together, nothing for a valid offer', () => {
    const offer = {
      product: 'Starfall Tactics',
      unit_price: '12.50',
      publisher_id: 1,
      seller_id: 2,
      region_id: 3,
      start: at('2026-05-01T10:00:00Z'),
      end: at('2026-06-01T10:00:00Z'),
    };
    expect(offerProblems(offer)).toEqual({});
    expect(offerProblems({ ...offer, product: '', region_id: null, end: offer.start })).toEqual({
      product: productProblem(''),
      region_id: regionProblem(null),
      end: 'End must be after start.',
    });
  });
});
