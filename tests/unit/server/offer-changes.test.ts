/** A seller's offer edit (`OfferChange`): every field reaches its column, or is refused by name. */
import type { components } from '../../../openapi/schema';
import { type ChangeFacts, readOfferChange } from '../../../server/queries/offer-changes';

type OfferChange = components['schemas']['OfferChange'];

const SELLER = 7;
const facts: ChangeFacts = {
  userId: SELLER,
  current: { startAt: new Date('2026-01-01T00:00:00Z'), endAt: new Date('2026-12-31T00:00:00Z') },
  publisherIds: new Set([3]),
  regionIds: new Set([4]),
  storefrontOwner: new Map([
    [5, SELLER],
    [6, SELLER + 1],
  ]),
};

/** Every field of the contract, required here too: a new field fails the build of this test. */
const everyField: Required<OfferChange> = {
  id: 101,
  version: 2,
  product: '  Shadow Frontier  ',
  publisher_id: 3,
  seller_id: 5,
  region_id: 4,
  type: 'promo',
  is_hot: true,
  unit_price: '12.50',
  start: '2026-02-01T10:00:00Z',
  end: '2026-03-01T10:00:00Z',
};

/** The columns each field sets; `id` names the offer and `version` is compared, so they set none. */
const COLUMNS: Record<keyof OfferChange, Record<string, unknown>> = {
  id: {},
  version: {},
  product: { product: 'Shadow Frontier' },
  publisher_id: { publisherId: 3 },
  seller_id: { sellerId: 5 },
  region_id: { regionId: 4 },
  type: { type: 'promo' },
  is_hot: { isHot: true },
  unit_price: { unitPriceCents: 1250 },
  start: { startAt: new Date('2026-02-01T10:00:00Z') },
  end: { endAt: new Date('2026-03-01T10:00:00Z') },
};

function read(change: OfferChange) {
  const failures: [string, string][] = [];
  const result = readOfferChange(change, facts, (field, message) => failures.push([field, message]));
  return { ...result, failures };
}

describe('readOfferChange', () => {
  it('applies every field of OfferChange at once', () => {
    expect(read(everyField)).toEqual({
      id: 101,
      set: Object.assign({}, ...Object.values(COLUMNS)),
      failures: [],
    });
  });

  it.each(Object.keys(COLUMNS) as (keyof OfferChange)[])('applies %s alone to its own columns', (field) => {
    const change = { id: everyField.id, [field]: everyField[field] };
    expect(read(change)).toEqual({ id: 101, set: COLUMNS[field], failures: [] });
  });

  it('refuses each field that fails its check, by name and in field order', () => {
    const change: OfferChange = {
      id: 101,
      product: '   ',
      publisher_id: 30,
      seller_id: 6,
      region_id: 40,
      unit_price: '0.00',
      start: '2026-06-30T23:59:60Z',
      end: '2026-06-30T23:59:60Z',
    };
    expect(read(change).failures).toEqual([
      ['product', 'This field may not be blank.'],
      ['publisher_id', 'Invalid pk "30" - object does not exist.'],
      ['region_id', 'Invalid pk "40" - object does not exist.'],
      ['seller_id', 'Choose one of your own storefronts.'],
      ['unit_price', 'Ensure this value is greater than 0.'],
      ['start', 'This date or time does not exist.'],
      ['end', 'This date or time does not exist.'],
    ]);
  });

  it('checks a moved end against the stored start, and a moved start against the stored end', () => {
    expect(read({ id: 101, end: '2025-12-01T00:00:00Z' }).failures).toEqual([['end', 'End must be after start.']]);
    expect(read({ id: 101, start: '2027-01-01T00:00:00Z' }).failures).toEqual([['start', 'End must be after start.']]);
  });
});
