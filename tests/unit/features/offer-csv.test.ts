import { CalendarDate } from '@internationalized/date';
import type { UploadOptions } from '@machines/offer-upload/offer-upload.types';
import { toCsv } from '@openapi/rules/csv';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@/api/models';
import {
  checkOfferCsv,
  offerCsvColumns,
  problemsCsv,
  refusalOf,
  templateCsv,
} from '@/features/seller-offers/offer-csv';
import { aReadOffer } from '../../support/fixtures';

const options: UploadOptions = {
  publishers: [
    { id: 3, name: 'Nebula Works' },
    { id: 4, name: 'Quartz Games' },
  ],
  regions: [
    { id: 1, code: 'NA', name: 'North America' },
    { id: 2, code: 'EU', name: 'Europe' },
    // A name that is another region's code: the code wins, as on the server.
    { id: 9, code: 'XX', name: 'eu' },
  ],
  sellers: [
    { id: 5, name: 'Pixel Traders', is_own: true },
    { id: 6, name: 'Other Shop', is_own: false },
  ],
};

const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
const GOOD =
  'Starfall Tactics,Nebula Works,Pixel Traders,EU,regular,false,12.50,2026-11-01T08:00:00Z,2026-12-31T22:00:00Z';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const check = (...lines: string[]) => checkOfferCsv(bytesOf(lines.join('\r\n')), options);
/** The file with GOOD's cell `column` replaced by `value`. */
const withCell = (column: string, value: string) => {
  const cells = GOOD.split(',');
  cells[HEADER.split(',').indexOf(column)] = value;
  return check(HEADER, cells.join(','));
};

/** An unpublished offer as the app holds it (its price in cents). */
const anOffer = (overrides: Partial<Offer> = {}): Offer => ({
  ...aReadOffer({ is_published: false, published_at: null }),
  ...overrides,
});

describe('checkOfferCsv', () => {
  it('finds nothing wrong with a good file and counts its offers', () => {
    expect(check(HEADER, GOOD, '', GOOD.replace('EU', 'north america'))).toEqual({ rows: 2, problems: [] });
  });

  it('takes the columns in any order, names in any case, a byte order mark and LF line ends', () => {
    const text =
      '\uFEFFEnd,start,unit_price,hot,type,region,seller,publisher,product\n' +
      '2026-12-31T22:00:00Z,2026-11-01 08:00,"€1,234.50",YES,Promo,eu,pixel traders,NEBULA WORKS,"Keys, ""Deluxe"""\n';
    expect(checkOfferCsv(bytesOf(text), options)).toEqual({ rows: 1, problems: [] });
  });

  it('names each wrong cell by its line and column', () => {
    const result = check(
      HEADER,
      GOOD,
      ',Unknown Co,Other Shop,Atlantis,bundle,maybe,12,50,2026-02-30T10:00:00Z,soon',
      '"two',
      'lines",Nebula Works,Pixel Traders,EU,regular,false,0,2026-11-01T08:00:00Z,2026-11-01T08:00:00Z',
    );
    expect(result.rows).toBe(3);
    expect(result.problems).toEqual([
      { line: 3, column: null, message: 'This row has 10 fields; the header has 9.' },
      { line: 4, column: 'unit_price', message: 'The unit price must be greater than 0.' },
      { line: 4, column: 'end', message: 'End must be after start.' },
    ]);
  });

  it.each([
    ['product', '', 'Enter a product name.'],
    ['product', 'x'.repeat(201), 'Keep the product name to 200 characters or fewer.'],
    ['product', 'Bad\u0007bell', 'Remove the control or invalid characters from this text.'],
    ['publisher', '', 'Enter a publisher.'],
    ['publisher', 'Unknown Co', 'Unknown publisher "Unknown Co".'],
    ['seller', '', 'Enter one of your storefronts.'],
    ['seller', 'Nowhere', 'Unknown storefront "Nowhere".'],
    ['seller', 'Other Shop', '"Other Shop" is not one of your storefronts.'],
    ['region', 'Atlantis', 'Unknown region "Atlantis"; use a region code or name.'],
    ['type', '', 'Enter the type: regular or promo.'],
    ['type', 'bundle', 'Use regular or promo, not "bundle".'],
    ['hot', '', 'Enter hot: true or false.'],
    ['hot', 'maybe', 'Use true or false (also accepted: 1/0, yes/no).'],
    ['unit_price', '', 'Enter a unit price.'],
    ['unit_price', '"12,50"', 'Write the price like 1,234.50 or 1234.50.'],
    ['unit_price', '12.505', 'Use at most 2 decimals in the unit price.'],
    ['unit_price', '12.', 'Enter the unit price as a number, like 12.50.'],
    ['unit_price', '.5', 'Enter the unit price as a number, like 12.50.'],
    ['unit_price', '-3.00', 'The unit price must be greater than 0.'],
    ['unit_price', '1000000.01', 'The unit price must be at most €1,000,000.00.'],
    ['start', '', 'Enter the start date and time.'],
    ['start', '01/11/2026', 'Write the date and time in ISO 8601, like 2026-05-01T10:00:00Z.'],
    ['start', '2026-02-30T10:00:00Z', 'This date or time does not exist.'],
    ['start', '2026-11-01T08:00:00+24:00', 'The time zone offset is not valid.'],
    ['start', '1899-12-31T23:59:59Z', 'Start must be between the years 1900 and 9999.'],
    ['end', '2026-11-01T10:00:00+02:00', 'End must be after start.'],
  ])('refuses %s %j', (column, value, message) => {
    expect(withCell(column, value).problems).toEqual([{ line: 2, column, message }]);
  });

  it.each([
    ['unit_price', '$ 7'],
    ['unit_price', '"€1,234.50"'],
    ['hot', '1'],
    ['hot', 'No'],
    ['region', 'Europe'],
    ['region', 'eu'],
    ['start', '2026-11-01T08:00'],
    ['end', '9999-12-30T23:59:59Z'],
  ])('accepts %s %j', (column, value) => {
    expect(withCell(column, value).problems).toEqual([]);
  });

  it('reads a date-time without a zone as UTC, as the server does', () => {
    expect(withCell('end', '2026-11-01T08:00:01').problems).toEqual([]);
    expect(withCell('end', '2026-11-01T09:00:00+01:00').problems).toEqual([
      { line: 2, column: 'end', message: 'End must be after start.' },
    ]);
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['blank lines only', '\r\n\r\n', 'The file is empty.'],
    ['a header only', HEADER, 'The file has a header line but no offers.'],
    ['an open quote', `${HEADER}\r\n"open,`, 'Line 2: a quoted field is not closed.'],
  ])('refuses %s for the whole file', (_, text, message) => {
    expect(checkOfferCsv(bytesOf(text), options).problems).toEqual([{ line: null, column: null, message }]);
  });

  it('refuses a header that does not name the nine columns', () => {
    const { problems } = check('product,publisher,seller,region,type,hot,price,start,end,start', GOOD);
    expect(problems.map((problem) => problem.message)).toEqual([
      'Missing columns: unit_price.',
      'Unknown columns: price.',
      'Repeated columns: start.',
      'The header line must name the columns product, publisher, seller, region, type, hot, unit_price, start, end (in any order).',
    ]);
    expect(problems.every((problem) => problem.line === null)).toBe(true);
  });

  it('refuses a file that is not UTF-8', () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\r\nCaf`), 0xe9, 0x0d, 0x0a]);
    expect(checkOfferCsv(latin1.buffer, options).problems).toEqual([
      {
        line: null,
        column: null,
        message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
      },
    ]);
  });

  it('refuses more than 5,000 offers', () => {
    const { rows, problems } = check(HEADER, ...Array.from({ length: 5001 }, () => GOOD));
    expect(rows).toBe(5001);
    expect(problems).toEqual([
      {
        line: null,
        column: null,
        message: 'The file has 5001 offers; at most 5000 can be uploaded at once. Split it into smaller files.',
      },
    ]);
  });
});

describe('the upload format', () => {
  it('writes the template: the header and one valid example with the seller’s own names', () => {
    const template = templateCsv(options, new CalendarDate(2026, 11, 24));
    expect(template.split('\r\n')).toEqual([
      HEADER,
      'Example Game (Steam key),Nebula Works,Pixel Traders,NA,regular,false,12.50,2026-11-24T00:00:00Z,2026-12-24T00:00:00Z',
      '',
    ]);
    expect(checkOfferCsv(bytesOf(template), options)).toEqual({ rows: 1, problems: [] });
  });

  it('exports offers in a file that passes the check', () => {
    const offers = [
      anOffer(),
      anOffer({ id: 12, product: 'Keys, "Deluxe"\nEdition', type: 'promo', is_hot: true, region_code: 'NA' }),
    ];
    const text = toCsv(offerCsvColumns, offers);
    expect(text.split('\r\n')[1]).toBe(
      'Starfall Tactics,Nebula Works,Pixel Traders,EU,regular,false,12.50,2026-11-01T08:00:00Z,2026-12-31T22:00:00Z',
    );
    expect(checkOfferCsv(bytesOf(text), options)).toEqual({ rows: 2, problems: [] });
  });

  it('writes the problems as row, column and message', () => {
    const csv = problemsCsv([
      { line: null, column: null, message: 'The file is empty.' },
      { line: 4, column: 'unit_price', message: 'Use at most 2 decimals, like 12.50.' },
    ]);
    expect(csv).toBe(
      'row,column,message\r\nfile,,The file is empty.\r\n4,unit_price,"Use at most 2 decimals, like 12.50."\r\n',
    );
  });
});

describe('refusalOf', () => {
  it('reads the server’s 400 into problems by line, and its summary', () => {
    expect(
      refusalOf({
        non_field_errors: ['2 of 3 rows are invalid; nothing was imported.'],
        'rows.4.unit_price': ['Ensure that there are no more than 2 decimal places.'],
        'rows.2.non_field_errors': ['Expected 9 fields, found 10.'],
        'rows.4.region': ['Unknown region "Atlantis"; use a region code or name.'],
      }),
    ).toEqual({
      summary: '2 of 3 rows are invalid; nothing was imported.',
      problems: [
        { line: 2, column: null, message: 'Expected 9 fields, found 10.' },
        { line: 4, column: 'unit_price', message: 'Ensure that there are no more than 2 decimal places.' },
        { line: 4, column: 'region', message: 'Unknown region "Atlantis"; use a region code or name.' },
      ],
    });
  });

  it("reads DRF's nested shape the same way: a row's place in the list is the line after the header's", () => {
    expect(
      refusalOf({
        non_field_errors: ['2 of 3 rows are invalid; nothing was imported.'],
        rows: [{}, { unit_price: ['Ensure that there are no more than 2 decimal places.'] }, ['Expected 9 fields.']],
      }),
    ).toEqual({
      summary: '2 of 3 rows are invalid; nothing was imported.',
      problems: [
        { line: 3, column: 'unit_price', message: 'Ensure that there are no more than 2 decimal places.' },
        { line: 4, column: null, message: 'Expected 9 fields.' },
      ],
    });
  });

  it('leaves an amount it could not read empty in an export, so the upload refuses that row', () => {
    const text = toCsv(offerCsvColumns, [anOffer({ unit_price: Number.NaN })]);
    expect(text.split('\r\n')[1]).toBe(
      'Starfall Tactics,Nebula Works,Pixel Traders,EU,regular,false,,2026-11-01T08:00:00Z,2026-12-31T22:00:00Z',
    );
  });

  it('puts the file’s problems first, without a line', () => {
    expect(refusalOf({ file: ['Missing columns: end.', 'The header line must name…'] })).toEqual({
      summary: null,
      problems: [
        { line: null, column: null, message: 'Missing columns: end.' },
        { line: null, column: null, message: 'The header line must name…' },
      ],
    });
  });
});
