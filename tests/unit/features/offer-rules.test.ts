import { MAX_UNIT_PRICE_CENTS } from '@openapi/rules/money';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { describe, expect, it } from 'vitest';
import { type OfferDraft, validateOfferDraft } from '@/features/seller-offers/offer-rules';

const aDraft = (patch: Partial<OfferDraft> = {}): OfferDraft => ({
  product: 'Elden Ring',
  unit_price: '12.50',
  publisher_id: 1,
  seller_id: 2,
  region_id: 3,
  start: '2026-11-24T13:05:00',
  end: '2026-12-24T13:05:00',
  ...patch,
});

describe('validateOfferDraft', () => {
  it('finds nothing wrong with a complete draft', () => {
    expect(validateOfferDraft(aDraft())).toEqual({});
  });

  it('accepts a price as the price field holds it: one decimal, none, a trailing or leading dot', () => {
    for (const unit_price of ['12.5', '12', '12.', '.5', '0.01', '1000000.00']) {
      expect(validateOfferDraft(aDraft({ unit_price }))).toEqual({});
    }
  });

  it('accepts start and end without seconds', () => {
    expect(validateOfferDraft(aDraft({ start: '2026-11-24T13:05', end: '2026-11-24T13:10' }))).toEqual({});
  });

  it.each([
    ['', 'Enter a product name.'],
    ['   ', 'Enter a product name.'],
    ['x'.repeat(201), 'Keep the product name to 200 characters or fewer.'],
    ['Bad\u0000name', 'Remove the control or invalid characters from this text.'],
    ['Lone \uD800 surrogate', 'Remove the control or invalid characters from this text.'],
  ])('refuses the product %j', (product, message) => {
    expect(validateOfferDraft(aDraft({ product }))).toEqual({ product: message });
  });

  it('counts the product length after trimming, as the server stores it', () => {
    expect(validateOfferDraft(aDraft({ product: `  ${'x'.repeat(200)}  ` }))).toEqual({});
  });

  it.each([
    ['', 'Enter a unit price.'],
    ['0', 'The unit price must be greater than 0.'],
    ['0.00', 'The unit price must be greater than 0.'],
    ['-5.00', 'The unit price must be greater than 0.'],
    ['12.505', 'Use at most 2 decimals in the unit price.'],
    ['€12.50', 'Enter the unit price as a number, like 12.50.'],
    ['1,234.50', 'Enter the unit price as a number, like 12.50.'],
    ['abc', 'Enter the unit price as a number, like 12.50.'],
    ['1000000.01', 'The unit price must be at most €1,000,000.00.'],
  ])('refuses the unit price %j', (unit_price, message) => {
    expect(validateOfferDraft(aDraft({ unit_price }))).toEqual({ unit_price: message });
  });

  it('uses the contract’s largest unit price, which the server applies too', () => {
    expect(MAX_UNIT_PRICE_CENTS).toBe(FIELD_LIMITS.OfferChange.unit_price.maximumCents);
  });

  it('asks for publisher, seller and region', () => {
    expect(validateOfferDraft(aDraft({ publisher_id: null, seller_id: null, region_id: null }))).toEqual({
      publisher_id: 'Choose a publisher.',
      seller_id: 'Choose a seller.',
      region_id: 'Choose a region.',
    });
  });

  it('asks for start and end', () => {
    expect(validateOfferDraft(aDraft({ start: '', end: '' }))).toEqual({
      start: 'Enter the start date and time.',
      end: 'Enter the end date and time.',
    });
  });

  it.each([
    ['2026-02-30T10:00:00'],
    ['2026-11-24T24:00:00'],
    ['2026-11-24'],
    ['24/11/26 at 13:05'],
    ['2026-11-24T13:05:00Z'],
  ])('refuses the date-time %j', (start) => {
    expect(validateOfferDraft(aDraft({ start }))).toEqual({ start: 'Enter a valid start date and time.' });
  });

  it('keeps start and end within the contract’s DateTime range', () => {
    const errors = validateOfferDraft(aDraft({ start: '1899-06-01T00:00:00', end: '9999-12-31T12:00:00' }));
    expect(errors).toEqual({
      start: 'Start must be between the years 1900 and 9999.',
      end: 'End must be between the years 1900 and 9999.',
    });
  });

  it('wants the end after the start', () => {
    expect(validateOfferDraft(aDraft({ end: '2026-11-24T13:05:00' }))).toEqual({ end: 'End must be after start.' });
    expect(validateOfferDraft(aDraft({ end: '2026-11-24T13:00:00' }))).toEqual({ end: 'End must be after start.' });
  });

  it('reports every field at once', () => {
    expect(Object.keys(validateOfferDraft(aDraft({ product: '', unit_price: '', region_id: null })))).toEqual([
      'product',
      'unit_price',
      'region_id',
    ]);
  });
});
