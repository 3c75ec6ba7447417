import { describe, expect, it } from 'vitest';
import { CsvError, MAX_CSV_FIELDS, pacedCsv, parseCsv } from '../../../server/lib/csv';

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv', () => {
  it('splits records on LF, CRLF and lone CR, numbering the lines', () => {
    expect(parseCsv('a,b\nc,d\r\ne,f\rg,h')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 3, fields: ['e', 'f'] },
      { line: 4, fields: ['g', 'h'] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(fieldsOf('"War, Peace","Say ""hi""","two\r\nlines",""\n')).toEqual([
      ['War, Peace', 'Say "hi"', 'two\r\nlines', ''],
    ]);
  });

  it('numbers a record by the line it starts on when a field spans lines', () => {
    const records = parseCsv('header\n"one\ntwo\nthree",x\nlast');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(fieldsOf('a,,b,\n,')).toEqual([
      ['a', '', 'b', ''],
      ['', ''],
    ]);
  });

  it('drops a byte order mark and skips empty lines without losing line numbers', () => {
    const records = parseCsv('\uFEFFproduct,price\n\n\r\nWar,1.00\n\n');
    expect(records).toEqual([
      { line: 1, fields: ['product', 'price'] },
      { line: 4, fields: ['War', '1.00'] },
    ]);
  });

  it('reads an empty text, or one of blank lines, as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\n\r\n')).toEqual([]);
  });

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(fieldsOf('12" figure,ok')).toEqual([['12" figure', 'ok']]);
  });

  it('refuses a quoted field that is never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\n"open,\nmore')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n"open,\nmore')).toThrow('Line 2: a quoted field is not closed.');
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('a\n"x"y,z')).toThrow(expect.objectContaining({ name: 'CsvError', line: 2 }));
  });

  it('refuses a record of more fields than any upload has columns, naming its line', () => {
    expect(() => parseCsv(`a\n${','.repeat(MAX_CSV_FIELDS)}`)).toThrow(`Line 2: more than ${MAX_CSV_FIELDS} fields.`);
    expect(parseCsv(','.repeat(MAX_CSV_FIELDS - 1))[0]?.fields).toHaveLength(MAX_CSV_FIELDS);
  });

  it('reads paced as it reads at once, pausing when its budget is spent', async () => {
    const text = `${'x,"a ""b"" c"\n\n'.repeat(5000)}last`;
    let pauses = 0;
    const paced = [];
    for await (const record of pacedCsv(text, async () => void pauses++, 0)) paced.push(record);
    expect(paced).toEqual(parseCsv(text));
    expect(pauses).toBeGreaterThan(0);
  });
});
