/**
 * The browser's check of an upload (offer-csv.ts) against the server's own (server/routes/offer-upload.ts):
 * the same files, sent to a real server on a fresh database, must be refused in the same cells, and
 * accepted alike. The messages may differ; where they point may not.
 */
import { describe, expect, it } from 'vitest';
import { checkOfferCsv } from '@/features/seller-offers/offer-csv';
import { demoAccounts } from '../../contract/support/demo';
import { HEADER, uniqueTag } from '../../contract/support/offers';
import { serverPerFile } from '../../contract/support/server';

const api = serverPerFile();
const demo = demoAccounts(api);

const COLUMNS = HEADER.split(',');

/** A valid row of the demo seller, with `cells` replacing some of its values. */
function rowWith(cells: Record<string, string>) {
  const store = demo.own[0];
  const publisher = demo.options.publishers[0];
  const region = demo.options.regions[0];
  if (!store || !publisher || !region) throw new Error('The demo seller needs a storefront, a publisher and a region');
  const values: Record<string, string> = {
    product: `${uniqueTag()} Parity`,
    publisher: publisher.name,
    seller: store.name,
    region: region.code,
    type: 'regular',
    hot: 'false',
    unit_price: '12.50',
    start: '2026-05-01T10:00:00Z',
    end: '2026-06-01T10:00:00Z',
    ...cells,
  };
  return COLUMNS.map((column) => values[column]).join(',');
}

/** Where the server refuses `text` ("rows.2.unit_price", "file"), or null when it imports it. */
async function serverVerdict(text: string): Promise<string[] | null> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'offers.csv');
  const response = await api.call('POST', '/api/v1/offers/upload/', { token: demo.seller, form });
  if (response.status === 201) return null;
  expect(response.status, response.text).toBe(400);
  return Object.keys(response.body)
    .filter((key) => key !== 'non_field_errors')
    .sort();
}

/** Where the browser's check refuses `text`, in the server's terms, or null when it finds nothing. */
function browserVerdict(text: string): string[] | null {
  const { problems } = checkOfferCsv(new TextEncoder().encode(text).buffer as ArrayBuffer, demo.options);
  if (problems.length === 0) return null;
  const keys = problems.map(({ line, column }) =>
    line === null ? 'file' : `rows.${line}.${column ?? 'non_field_errors'}`,
  );
  return [...new Set(keys)].sort();
}

const cases: [string, () => string[]][] = [
  ['a valid row', () => [HEADER, rowWith({})]],
  ['a blank product', () => [HEADER, rowWith({ product: ' ' })]],
  ['a product of 201 characters', () => [HEADER, rowWith({ product: 'x'.repeat(201) })]],
  ['a control character', () => [HEADER, rowWith({ product: `${uniqueTag()} bell\u0007` })]],
  ['an unknown publisher', () => [HEADER, rowWith({ publisher: 'Nobody Games' })]],
  [
    'a publisher in capitals',
    () => [HEADER, rowWith({ publisher: demo.options.publishers[0]?.name.toUpperCase() ?? '' })],
  ],
  ['an unknown storefront', () => [HEADER, rowWith({ seller: 'Nowhere' })]],
  ['another seller’s storefront', () => [HEADER, rowWith({ seller: demo.foreign[0]?.name ?? '' })]],
  ['a region by name', () => [HEADER, rowWith({ region: demo.options.regions[0]?.name ?? '' })]],
  ['an unknown region', () => [HEADER, rowWith({ region: 'Atlantis' })]],
  ['type Promo', () => [HEADER, rowWith({ type: 'Promo' })]],
  ['an unknown type', () => [HEADER, rowWith({ type: 'bundle' })]],
  ['hot yes', () => [HEADER, rowWith({ hot: 'yes' })]],
  ['hot maybe', () => [HEADER, rowWith({ hot: 'maybe' })]],
  ...[
    '12',
    '€12.50',
    '"$1,234.50"',
    '"12,50"',
    '12.505',
    '12.',
    '.5',
    '0',
    '-1',
    '1000000.00',
    '1000000.01',
    'abc',
    '',
  ].map((price): [string, () => string[]] => [
    `the price ${price || '(blank)'}`,
    () => [HEADER, rowWith({ unit_price: price })],
  ]),
  ...[
    '2026-05-01 10:00',
    '2026-05-01T12:00:00+02:00',
    '2026-02-30T10:00:00Z',
    '2026-05-01T24:00:00Z',
    '2026-05-01T10:00:60Z',
    '2026-05-01T10:00:00+24:00',
    '1899-12-31T23:59:59Z',
    '01/05/2026',
    '',
  ].map((start): [string, () => string[]] => [`the start ${start || '(blank)'}`, () => [HEADER, rowWith({ start })]]),
  ['the last end the contract allows', () => [HEADER, rowWith({ end: '9999-12-30T23:59:59Z' })]],
  ['an end past the contract’s range', () => [HEADER, rowWith({ end: '9999-12-31T00:00:00Z' })]],
  ['an end equal to the start', () => [HEADER, rowWith({ end: '2026-05-01T10:00:00Z' })]],
  ['a row with an extra field', () => [HEADER, `${rowWith({})},extra`]],
  ['a bad row among good ones', () => [HEADER, rowWith({}), '', rowWith({ region: 'Atlantis' }), rowWith({})]],
  ['a missing column', () => [HEADER.replace(',hot', ''), rowWith({}).replace(',false,', ',')]],
  ['a header only', () => [HEADER]],
];

describe('the browser’s upload check', () => {
  it.each(cases)('agrees with the server on %s', async (_, lines) => {
    const text = `${lines().join('\r\n')}\r\n`;
    expect(browserVerdict(text)).toEqual(await serverVerdict(text));
  });

  it('names the cell both refuse, by the line it is on', async () => {
    const text = [HEADER, rowWith({}), '', rowWith({ region: 'Atlantis' })].join('\r\n');
    expect(await serverVerdict(text)).toEqual(['rows.4.region']);
    expect(browserVerdict(text)).toEqual(['rows.4.region']);
  });
});
