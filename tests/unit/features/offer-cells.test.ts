import { describe, expect, it } from 'vitest';
import { offerText, parseTsv, readCell, toTsv } from '@/features/seller-offers/offer-cells';
import { parseGridDateTime, toLocalIso } from '@/lib/dates';
import { aReadOffer, someOptions } from '../../support/fixtures';

describe('parseTsv', () => {
  it('reads rows and columns as spreadsheets copy them, without the last line break', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('12.50\n\n13.00\n')).toEqual([['12.50'], [''], ['13.00']]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes', () => {
    expect(parseTsv('"Two\nlines"\t"say ""hi"""\tplain')).toEqual([['Two\nlines', 'say "hi"', 'plain']]);
  });

  it('keeps a quote that opens no quoted cell as a character', () => {
    expect(parseTsv('12" figure\t"open')).toEqual([['12" figure', '"open']]);
    expect(parseTsv('"Deluxe" edition\tx')).toEqual([['"Deluxe" edition', 'x']]);
  });

  it('reads back what toTsv writes', () => {
    const rows = [
      ['Starfall', '€1,234.56', 'tab\there'],
      ['"quoted"', 'two\nlines', ''],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
});

describe('readCell', () => {
  it('reads prices with a currency sign and thousands commas, or plain', () => {
    expect(readCell('unit_price', '€1,234.56', null)).toEqual({ patch: { unit_price: '1234.56' }, unreadable: null });
    expect(readCell('unit_price', '1234.56', null)).toEqual({ patch: { unit_price: '1234.56' }, unreadable: null });
    expect(readCell('unit_price', '12,50', null).unreadable).toBe('Write the price like 1,234.50 or 1234.50.');
  });

  it('reads dates in the grid format, day first, and in ISO 8601', () => {
    expect(readCell('start', '24/11/26 at 13:05', null).patch).toEqual({ start: '2026-11-24T13:05:00' });
    expect(readCell('end', '24/11/2026 1:05 PM', null).patch).toEqual({ end: '2026-11-24T13:05:00' });
    expect(readCell('start', '2026-11-24T12:05:00Z', null).patch).toEqual({
      start: toLocalIso('2026-11-24T12:05:00Z'),
    });
    expect(readCell('start', '31/02/26 at 10:00', null).unreadable).toMatch(/^Write the start like/);
  });

  it('reads what the grid shows back to the same value', () => {
    const offer = aReadOffer({ start: '2026-03-09T08:30:00Z', unit_price: '1234.56' });
    expect(parseGridDateTime(offerText(offer, 'start'))).toBe(readCell('start', offer.start, null).patch.start ?? null);
    expect(readCell('unit_price', offerText(offer, 'unit_price'), null).patch).toEqual({ unit_price: '1234.56' });
  });

  it('reads options by name or a region by code, and names what it cannot find', () => {
    const region = someOptions.regions[0];
    if (!region) throw new Error('no region');
    expect(readCell('region_id', region.name.toUpperCase(), someOptions).patch).toEqual({ region_id: region.id });
    expect(readCell('region_id', region.code, someOptions).patch).toEqual({ region_id: region.id });
    expect(readCell('publisher_id', 'Nobody', someOptions).unreadable).toBe('There is no publisher named “Nobody”.');
  });
});
