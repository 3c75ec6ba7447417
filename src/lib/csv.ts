/**
 * CSV text as RFC 4180 writes it: comma-separated fields, CRLF between records, a field quoted
 * when it holds a comma, a double quote or a line break, with its quotes doubled.
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
