import { type CsvColumn, CsvError, parseCsv, toCsv } from '@/lib/csv';
import { parseCsv as parseCsvOnServer } from '../../../server/lib/csv';

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

describe('parseCsv', () => {
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

  it.each([
    'product,price\n\n\r\nWar,1.00\n\n',
    '\uFEFFa,b\rc,d\r\ne,f',
    '"War, Peace","Say ""hi""","two\r\nlines",""\n,',
    'header\n"one\ntwo\nthree",x\nlast',
    '',
  ])('reads %j exactly as the server does', (text) => {
    expect(parseCsv(text)).toEqual(parseCsvOnServer(text));
  });
});
