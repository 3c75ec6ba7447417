// @vitest-environment jsdom
/**
 * DRF's data shapes under the settings the README supports, replayed through the API client:
 * decimals as JSON numbers (`COERCE_DECIMAL_TO_STRING = False`) read once into cents, and the
 * nested validation errors of list and nested serializers read onto the same dotted fields as the
 * contract's dotted keys.
 */
import { fieldErrorsOf } from '@machines/shared/message-of';
import { centsOf, formatCents } from '@openapi/rules/money';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type ApiError, fieldMessagesOf } from '@/api/api-error';
import { createApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import {
  DECIMAL_PLACES,
  MIN_ONE,
  nestedLineErrors,
  nestedOfferErrors,
  offerWithNumbers,
  pageOf,
  TOKENS,
} from '../../support/drf-answers';

function clientAnswering(status: number, body: unknown) {
  tokenStore.save({ access: TOKENS.access, refresh: TOKENS.refresh });
  const fetch = (async () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })) as typeof globalThis.fetch;
  return createApiClients({ baseUrl: 'http://test', fetch }).api;
}

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => Promise.reject(new Error('expected a failure')),
    (e) => e as ApiError,
  );

afterEach(() => localStorage.clear());

describe('COERCE_DECIMAL_TO_STRING = False: amounts as JSON numbers', () => {
  it('reads numbers and decimal strings alike into integer cents, once, as the list arrives', async () => {
    const api = clientAnswering(
      200,
      pageOf([
        offerWithNumbers({ id: 1, unit_price: 12.5 }),
        offerWithNumbers({ id: 2, unit_price: 20 }),
        offerWithNumbers({ id: 3, unit_price: 19.99 }),
        offerWithNumbers({ id: 4, unit_price: '7.10' }),
        offerWithNumbers({ id: 5, unit_price: 0.1 + 0.2 }),
      ]),
    );
    const page = await unwrap(api.GET('/api/v1/offers/'));
    expect(page.results.map((offer) => offer.unit_price)).toEqual([1250, 2000, 1999, 710, 30]);
    expect(page.results.map((offer) => formatCents(offer.unit_price))).toEqual([
      '€12.50',
      '€20.00',
      '€19.99',
      '€7.10',
      '€0.30',
    ]);
  });

  it('reads the amounts of orders, invoices and the cart, nested or null, the same way', async () => {
    const order = {
      id: 1,
      total: 125,
      lines: [{ id: 2, unit_price: 12.5, list_unit_price: '12.50', counter_unit_price: null, total: 125 }],
    };
    const api = clientAnswering(200, pageOf([order]));
    const [read] = (await unwrap(api.GET('/api/v1/orders/'))).results;
    expect(read).toMatchObject({
      total: 12_500,
      lines: [{ unit_price: 1250, list_unit_price: 1250, counter_unit_price: null }],
    });
  });

  it('shows a dash for an amount it cannot read, and reports it once however often it arrives', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => report.mockRestore());
    const api = clientAnswering(
      200,
      pageOf([offerWithNumbers({ unit_price: '12,50' }), offerWithNumbers({ unit_price: true })]),
    );
    const first = await unwrap(api.GET('/api/v1/offers/'));
    await unwrap(api.GET('/api/v1/offers/'));
    expect(first.results.map((offer) => formatCents(offer.unit_price))).toEqual(['—', '—']);
    expect(report).toHaveBeenCalledTimes(2);
    expect(report.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('"12,50"'),
      expect.stringContaining('true'),
    ]);
  });

  it('leaves the messages of a money field in a 400 as messages', async () => {
    const api = clientAnswering(400, { unit_price: ['A valid number is required.'] });
    const failure = await failureOf(
      unwrap(api.POST('/api/v1/manage-offers/update/', { body: { offers: [{ id: 1 }] } })),
    );
    expect(failure.fieldErrors).toEqual({ unit_price: 'A valid number is required.' });
  });

  it('reads the amounts of the offers a 409 carries back', async () => {
    const api = clientAnswering(409, {
      detail: 'Offer 11 has changed since you started editing it; nothing was saved.',
      code: 'stale_version',
      offers: [offerWithNumbers({ unit_price: 14 })],
    });
    const { error } = await api.POST('/api/v1/manage-offers/update/', { body: { offers: [{ id: 11, version: 2 }] } });
    expect(error && 'offers' in error && Array.isArray(error.offers) ? error.offers[0] : null).toMatchObject({
      unit_price: 1400,
    });
  });

  it('reads text the way a decimal is written, and nothing else', () => {
    expect(['12.50', '12.5', '12', ' 3.10 ', '-4.20', '0.125', '1.005'].map(centsOf)).toEqual([
      1250, 1250, 1200, 310, -420, 13, 101,
    ]);
    expect(['', '12,50', '€12.50', '1e3', '.5', 'NaN', '9'.repeat(20)].map(centsOf).every(Number.isNaN)).toBe(true);
    expect([Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, []].map(centsOf).every(Number.isNaN)).toBe(true);
  });
});

describe('nested validation errors', () => {
  it.each([
    [
      'a list serializer (bulk update, row edit)',
      nestedOfferErrors(1, 'unit_price', DECIMAL_PLACES),
      'offers.1.unit_price',
      DECIMAL_PLACES,
    ],
    ['a list serializer (counter-offer lines)', nestedLineErrors(0, 'quantity', MIN_ONE), 'lines.0.quantity', MIN_ONE],
    ['the contract’s dotted key', { 'offers.1.unit_price': [DECIMAL_PLACES] }, 'offers.1.unit_price', DECIMAL_PLACES],
    [
      'a nested serializer',
      { address: { city: ['This field is required.'] } },
      'address.city',
      'This field is required.',
    ],
    [
      'a list field',
      { offer_ids: { 0: ['A valid integer is required.'] } },
      'offer_ids.0',
      'A valid integer is required.',
    ],
    [
      'an item’s own errors',
      { lines: [{ non_field_errors: ['Change the price or the quantity.'] }] },
      'lines.0.non_field_errors',
      'Change the price or the quantity.',
    ],
  ])('reads %s onto its dotted field', async (_, body, field, message) => {
    const api = clientAnswering(400, body);
    const failure = await failureOf(
      unwrap(api.POST('/api/v1/manage-offers/update/', { body: { offers: [{ id: 1 }] } })),
    );
    expect(failure.fieldErrors).toEqual({ [field]: message });
    // Every form reads field errors through this one function.
    expect(fieldErrorsOf(failure)).toEqual({ [field]: message });
  });

  it('keeps every message in order, and the top level’s non_field_errors apart', () => {
    expect(
      fieldMessagesOf({
        non_field_errors: ['2 of 3 offers are invalid.'],
        offers: [{}, { unit_price: [DECIMAL_PLACES, 'Ensure this value is greater than 0.'] }],
      }),
    ).toEqual({
      non_field_errors: ['2 of 3 offers are invalid.'],
      'offers.1.unit_price': [DECIMAL_PLACES, 'Ensure this value is greater than 0.'],
    });
  });
});
