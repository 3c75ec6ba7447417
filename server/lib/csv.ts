/**
 * CSV as RFC 4180 writes it, and as spreadsheets export it: comma-separated fields, records ending
 * in CRLF, LF or a lone CR, and fields in double quotes that may hold commas, line breaks and
 * doubled quotes (`""` for one `"`). A leading byte order mark is dropped and empty lines are
 * skipped. A quote inside an unquoted field is kept as a character (`12" figure`), as Excel does.
 */

export interface CsvRecord {
  /** Line of the file on which the record starts, 1-based; a quoted field may span lines. */
  line: number;
  fields: string[];
}

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

/** Counts line breaks (CRLF as one) in `text`. */
function countBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;

  while (i < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    let anyQuoted = false;

    // One record: fields until a line break or the end of the text.
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
    if (!blank) records.push({ line: recordLine, fields });
  }
  return records;
}
