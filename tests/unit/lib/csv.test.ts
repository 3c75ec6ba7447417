import { type CsvColumn, toCsv } from '@/lib/csv';

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
