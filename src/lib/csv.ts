/**
 * CSV text as RFC 4180 writes it: comma-separated fields, CRLF between records, a field quoted
 * when it holds a comma, a double quote or a line break, with its quotes doubled; and read back
 * (`parseCsv`, for the offer upload's check in the browser).
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
 * such a cell is written with a leading single quote (OWASP, CSV injection). A plain number such as
 * "-12.50" stays as it is: it cannot be a formula, and an amount must remain an amount.
 */

/** One column of an export: its header and the cell of a row. */
export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, guarded against formulas and quoted when RFC 4180 asks for it. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const guarded = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** The header record, then one record per row; every record ends with CRLF. */
export function toCsv<TRow>(columns: readonly CsvColumn<TRow>[], rows: readonly TRow[]): string {
  const record = (fields: readonly (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;
  let text = record(columns.map((column) => column.header));
  for (const row of rows) text += record(columns.map((column) => column.value(row)));
  return text;
}

/** One record read from a file: the line it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file that is not CSV (a quote left open, text after a closing quote), with its line. */
export class CsvError extends Error {
  override name = 'CsvError';

  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const isBreak = (ch: string | undefined) => ch === '\n' || ch === '\r';

/** Line breaks in `text`, CRLF counted once. */
function countBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

/**
 * Reads CSV as RFC 4180 writes it and spreadsheets export it, exactly as the upload's server does
 * (server/lib/csv.ts), so the browser's check numbers lines the same way: records end in CRLF, LF
 * or a lone CR; quoted fields may hold commas, line breaks and doubled quotes; a leading byte
 * order mark is dropped, empty lines are skipped, and a quote inside an unquoted field is kept.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    let anyQuoted = false;
    for (;;) {
      let field: string;
      if (text[i] === '"') {
        anyQuoted = true;
        const openedOn = line;
        const parts: string[] = [];
        let from = i + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) throw new CsvError(openedOn, 'a quoted field is not closed.');
          parts.push(text.slice(from, quote));
          if (text[quote + 1] === '"') {
            parts.push('"');
            from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        field = parts.join('');
        line += countBreaks(field);
        const next = text[i];
        if (next !== undefined && next !== ',' && !isBreak(next)) {
          throw new CsvError(line, 'unexpected text after a closing quote; quotes inside a field must be doubled.');
        }
      } else {
        let end = i;
        while (end < text.length && text[end] !== ',' && !isBreak(text[end])) end++;
        field = text.slice(i, end);
        i = end;
      }
      fields.push(field);
      if (text[i] !== ',') break;
      i++;
    }
    if (isBreak(text[i])) {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    }
    const blank = !anyQuoted && fields.length === 1 && fields[0] === '';
    if (!blank) records.push({ line: recordLine, fields });
  }
  return records;
}
