import { type CsvColumn, CsvError, MAX_CSV_FIELDS, pacedCsv, parseCsv, toCsv } from '@openapi/rules/csv';
import { describe, expect, it } from 'vitest';

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv, as the server imports a file', () => {
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

type Line = { text: string | null; amount?: number };
const columns: CsvColumn<Line>[] = [
  { header: 'Text', value: (line) => line.text },
  { header: 'Amount', value: (line) => line.amount },
];
/** The one data record written for a text, without its CRLF. */
const cell = (text: string | null) => toCsv([columns[0] as CsvColumn<Line>], [{ text }]).split('\r\n')[1];

describe('toCsv', () => {
  it('writes the header record, then one record per row, each ending with CRLF', () => {
    expect(toCsv(columns, [{ text: 'INV-1', amount: 12.5 }, { text: 'INV-2' }])).toBe(
      'Text,Amount\r\nINV-1,12.5\r\nINV-2,\r\n',
    );
  });

  it('writes only the header for an empty set', () => {
    expect(toCsv(columns, [])).toBe('Text,Amount\r\n');
  });

  it('leaves plain fields unquoted and writes null as an empty field', () => {
    expect(cell('Nordic Keys GmbH')).toBe('Nordic Keys GmbH');
    expect(cell(null)).toBe('');
  });

  it.each([
    ['a comma', 'Keys, Ltd', '"Keys, Ltd"'],
    ['a double quote, doubled', 'The "Best" Keys', '"The ""Best"" Keys"'],
    ['a line feed', 'first\nsecond', '"first\nsecond"'],
    ['a carriage return', 'first\rsecond', '"first\rsecond"'],
  ])('quotes a field with %s', (_, text, written) => {
    const csv = toCsv([columns[0] as CsvColumn<Line>], [{ text }]);
    expect(csv).toBe(`Text\r\n${written}\r\n`);
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+', '+1+cmd', "'+1+cmd"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['a tab', '\t=1', "'\t=1"],
  ])('prefixes a cell starting with %s with a single quote', (_, text, written) => {
    expect(cell(text)).toBe(written);
  });

  it('keeps a negative amount a number', () => {
    expect(cell('-12.50')).toBe('-12.50');
    expect(cell('-3')).toBe('-3');
  });

  it('guards only the start of a cell', () => {
    expect(cell('INV=1+2')).toBe('INV=1+2');
    expect(cell('user@example.com')).toBe('user@example.com');
  });

  it('writes headers under the same rules', () => {
    expect(toCsv([{ header: 'Total, EUR', value: () => '1.00' }], [])).toBe('"Total, EUR"\r\n');
  });
});

describe('parseCsv, as the browser checks a file', () => {
  it('reads back what toCsv writes, quotes, commas and line breaks included', () => {
    const rows = [{ text: 'Keys, Ltd' }, { text: 'The "Best"\r\nKeys' }, { text: 'plain' }];
    const records = parseCsv(`\uFEFF${toCsv([columns[0] as CsvColumn<Line>], rows)}`);
    expect(records.map((record) => record.fields)).toEqual([['Text'], ...rows.map((row) => [row.text])]);
  });

  it('numbers each record by the line it starts on, past empty lines and multi-line fields', () => {
    expect(parseCsv('a,b\n\n"one\ntwo",x\r\nlast,y')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['one\ntwo', 'x'] },
      { line: 5, fields: ['last', 'y'] },
    ]);
  });

  it('keeps empty fields and a quote inside an unquoted field', () => {
    expect(parseCsv('a,,12" figure,\r').map((record) => record.fields)).toEqual([['a', '', '12" figure', '']]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a,b\n"open,\nmore')).toThrow(new CsvError(2, 'a quoted field is not closed.'));
    expect(() => parseCsv('a\n"x"y,z')).toThrow(expect.objectContaining({ name: 'CsvError', line: 2 }));
  });

  // These texts once checked a browser copy of the reader against the server's; the one reader
  // both use now reads each as the two agreed.
  it.each([
    [
      'product,price\n\n\r\nWar,1.00\n\n',
      [
        { line: 1, fields: ['product', 'price'] },
        { line: 4, fields: ['War', '1.00'] },
      ],
    ],
    [
      '\uFEFFa,b\rc,d\r\ne,f',
      [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
        { line: 3, fields: ['e', 'f'] },
      ],
    ],
    [
      '"War, Peace","Say ""hi""","two\r\nlines",""\n,',
      [
        { line: 1, fields: ['War, Peace', 'Say "hi"', 'two\r\nlines', ''] },
        { line: 3, fields: ['', ''] },
      ],
    ],
    [
      'header\n"one\ntwo\nthree",x\nlast',
      [
        { line: 1, fields: ['header'] },
        { line: 2, fields: ['one\ntwo\nthree', 'x'] },
        { line: 5, fields: ['last'] },
      ],
    ],
    ['', []],
  ])('reads %j for the browser and the server alike', (text, records) => {
    expect(parseCsv(text)).toEqual(records);
  });
});
