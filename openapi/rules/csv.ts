/**
 * CSV as RFC 4180 writes it, and as spreadsheets export it: comma-separated fields, records ending
 * in CRLF, LF or a lone CR, and fields in double quotes that may hold commas, line breaks and
 * doubled quotes (`""` for one `"`). A leading byte order mark is dropped and empty lines are
 * skipped. A quote inside an unquoted field is kept as a character (`12" figure`), as Excel does.
 * The one reader of the offer upload: the browser checks a file with it before sending it, and the
 * server imports the file with it, so both number lines alike.
 *
 * A file of 5 MB can hold millions of lines, fields or doubled quotes: the server reads it with
 * `pacedCsv`, which lets other requests run every few milliseconds (behaviour §8), and refuses a
 * record of more than MAX_CSV_FIELDS fields.
 *
 * Written (`toCsv`), a cell that starts with = + - @ (or a tab or carriage return) gets a leading
 * single quote, since spreadsheets run such a cell as a formula (OWASP, CSV injection). A plain
 * number such as "-12.50" stays as it is: it cannot be a formula, and an amount must remain one.
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

export interface CsvRecord {
  /** Line of the file on which the record starts, 1-based; a quoted field may span lines. */
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

/** More fields than any file of ours has columns, and few enough that a header of them is cheap to check. */
export const MAX_CSV_FIELDS = 1000;
/** Steps (lines, fields, doubled quotes) between two moments at which `pacedCsv` may pause. */
const STEPS_PER_PAUSE_POINT = 1024;

/** Counts line breaks (CRLF as one) in `text`. */
function countBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

/** Every record of `input`, in order. */
export function parseCsv(input: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const step of csvSteps(input)) if (step) records.push(step);
  return records;
}

/**
 * The records of `input` one by one, calling `pause` (to let other work run) whenever `budgetMs`
 * of reading has passed since the last pause. Stopping the loop early stops the reading.
 */
export async function* pacedCsv(
  input: string,
  pause: () => Promise<void>,
  budgetMs = 10,
): AsyncGenerator<CsvRecord, void, undefined> {
  let since = performance.now();
  for (const step of csvSteps(input)) {
    if (step) yield step;
    else if (performance.now() - since > budgetMs) {
      await pause();
      since = performance.now();
    }
  }
}

/**
 * The parser: yields each record, and `null` every STEPS_PER_PAUSE_POINT steps, where a caller
 * may pause (a blank line, a field or a doubled quote is a step).
 */
function* csvSteps(input: string): Generator<CsvRecord | null, void, undefined> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let line = 1;
  let i = 0;
  let steps = 0;
  const step = () => ++steps % STEPS_PER_PAUSE_POINT === 0;

  while (i < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    let anyQuoted = false;
    if (step()) yield null;

    // One record: fields until a line break or the end of the text.
    for (;;) {
      let field: string;
      if (text[i] === '"') {
        anyQuoted = true;
        const openedOn = line;
        const start = i + 1;
        let from = start;
        let doubled = false;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) throw new CsvError(openedOn, 'a quoted field is not closed.');
          if (text[quote + 1] === '"') {
            doubled = true;
            from = quote + 2;
            if (step()) yield null;
            continue;
          }
          field = text.slice(start, quote);
          i = quote + 1;
          break;
        }
        if (doubled) field = field.replaceAll('""', '"');
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
      if (fields.length > MAX_CSV_FIELDS) throw new CsvError(recordLine, `more than ${MAX_CSV_FIELDS} fields.`);
      if (step()) yield null;
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }

    if (isBreak(text[i])) {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    }

    const blank = !anyQuoted && fields.length === 1 && fields[0] === '';
    if (!blank) yield { line: recordLine, fields };
  }
}
