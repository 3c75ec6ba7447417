/**
 * The offer upload's file format (contract: `POST /api/v1/offers/upload/`): its columns, the
 * template, the export that uploads back, the check the browser runs before sending a file, and
 * the server's refusal read into the same problems. The check applies the server's rules for the
 * file (server/routes/offer-upload.ts) and the contract's rules for each offer (openapi/rules/offer.ts);
 * it reads prices and times as a pasted cell is read (offer-cells.ts).
 */
import type { CalendarDate } from '@internationalized/date';
import type { UploadCheck, UploadOptions, UploadProblem } from '@machines/offer-upload/offer-upload.types';
import { type CsvColumn, CsvError, type CsvRecord, parseCsv, toCsv } from '@openapi/rules/csv';
import {
  MAX_UPLOAD_ROWS,
  type OfferProblems,
  offerProblems,
  textProblem,
  UPLOAD_COLUMNS,
  type UploadColumn,
} from '@openapi/rules/offer';
import { fieldProblemsOf } from '@/api/api-error';
import type { Offer } from '@/api/models';
import { plainAmount } from '@/lib/money';
import { dateTimeOf, priceOf } from './offer-cells';

/** An offer as the file holds it; an `Offer` from the API is one. */
type UploadRow = Pick<Offer, 'product' | 'publisher' | 'seller' | 'region_code' | 'type' | 'is_hot' | 'unit_price'> &
  Pick<Offer, 'start' | 'end'>;

/**
 * Names, not ids, so a file reads well and survives a spreadsheet; the region by code, which the
 * server matches before names; times as the API gives them (ISO with a zone), so an exported file
 * uploads back unchanged. A product starting with = + - @ gets a leading ' from `toCsv`, which
 * guards spreadsheets against formulas; such a name comes back with it.
 */
const uploadColumns: Record<UploadColumn, CsvColumn<UploadRow>['value']> = {
  product: (row) => row.product,
  publisher: (row) => row.publisher,
  seller: (row) => row.seller,
  region: (row) => row.region_code,
  type: (row) => row.type,
  hot: (row) => (row.is_hot ? 'true' : 'false'),
  // An amount the app could not read is left empty: the upload then refuses that row, never a guess.
  unit_price: (row) => plainAmount(row.unit_price),
  start: (row) => row.start,
  end: (row) => row.end,
};

export const offerCsvColumns: CsvColumn<UploadRow>[] = UPLOAD_COLUMNS.map((header) => ({
  header,
  value: uploadColumns[header],
}));

/** The template: the header and one example offer, with the seller's own names, valid for 30 days from `day`. */
export function templateCsv(options: UploadOptions, day: CalendarDate): string {
  const example: UploadRow = {
    product: 'Example Game (Steam key)',
    publisher: options.publishers[0]?.name ?? '',
    seller: options.sellers.find((seller) => seller.is_own)?.name ?? '',
    region_code: options.regions[0]?.code ?? '',
    type: 'regular',
    is_hot: false,
    unit_price: 1250,
    start: `${day.toString()}T00:00:00Z`,
    end: `${day.add({ days: 30 }).toString()}T00:00:00Z`,
  };
  return toCsv(offerCsvColumns, [example]);
}

/** The problems as a file of their own ("Download errors as CSV"). */
export const problemsCsv = (problems: readonly UploadProblem[]) =>
  toCsv<UploadProblem>(
    [
      { header: 'row', value: (problem) => problem.line ?? 'file' },
      { header: 'column', value: (problem) => problem.column },
      { header: 'message', value: (problem) => problem.message },
    ],
    problems,
  );

const fileProblem = (message: string): UploadProblem => ({ line: null, column: null, message });

/**
 * Checks a file before it is sent, as the server will: UTF-8 text, a header naming the nine
 * columns (in any order), 1 to 5,000 offers, and every offer valid. Resolves the offers counted
 * and every problem found; an empty list means the server should import the file.
 */
export function checkOfferCsv(bytes: ArrayBuffer, options: UploadOptions): UploadCheck {
  if (bytes.byteLength === 0) return { rows: 0, problems: [fileProblem('The file is empty.')] };
  let records: CsvRecord[];
  try {
    records = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof CsvError) return { rows: 0, problems: [fileProblem(error.message)] };
    return {
      rows: 0,
      problems: [fileProblem('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.')],
    };
  }
  const [header, ...data] = records;
  if (!header) return { rows: 0, problems: [fileProblem('The file is empty.')] };

  const names = header.fields.map((name) => name.trim().toLowerCase());
  const headerProblems = problemsOfHeader(names);
  if (headerProblems.length > 0) return { rows: 0, problems: headerProblems.map(fileProblem) };

  const rows = data.filter((record) => record.fields.some((field) => field.trim() !== ''));
  if (rows.length === 0) return { rows: 0, problems: [fileProblem('The file has a header line but no offers.')] };
  if (rows.length > MAX_UPLOAD_ROWS) {
    const message = `The file has ${rows.length} offers; at most ${MAX_UPLOAD_ROWS} can be uploaded at once. Split it into smaller files.`;
    return { rows: rows.length, problems: [fileProblem(message)] };
  }
  const columns = new Map(UPLOAD_COLUMNS.map((column) => [column, names.indexOf(column)]));
  const lookups = lookupsOf(options);
  const problems = rows.flatMap((record) =>
    Object.entries(problemsOfRow(record, columns, lookups)).map(([column, message]) => ({
      line: record.line,
      column: column === ROW ? null : column,
      message,
    })),
  );
  return { rows: rows.length, problems };
}

function problemsOfHeader(names: string[]): string[] {
  const expected = new Set<string>(UPLOAD_COLUMNS);
  const problems: string[] = [];
  const missing = UPLOAD_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) problems.push(`Missing columns: ${missing.join(', ')}.`);
  const unknown = names.filter((name) => !expected.has(name));
  if (unknown.length > 0) problems.push(`Unknown columns: ${unknown.map((name) => name || '(empty)').join(', ')}.`);
  const repeated = [...new Set(names.filter((name, i) => names.indexOf(name) !== i && expected.has(name)))];
  if (repeated.length > 0) problems.push(`Repeated columns: ${repeated.join(', ')}.`);
  if (problems.length > 0) {
    problems.push(`The header line must name the columns ${UPLOAD_COLUMNS.join(', ')} (in any order).`);
  }
  return problems;
}

type Lookups = {
  publishers: Map<string, number>;
  regions: Map<string, number>;
  storefronts: Map<string, { id: number; isOwn: boolean }>;
};

/** Names matched case-insensitively, as the server does; a region code wins over another region's name. */
function lookupsOf(options: UploadOptions): Lookups {
  return {
    publishers: new Map(options.publishers.map((p) => [p.name.toLowerCase(), p.id])),
    regions: new Map([
      ...options.regions.map((r) => [r.name.toLowerCase(), r.id] as const),
      ...options.regions.map((r) => [r.code.toLowerCase(), r.id] as const),
    ]),
    storefronts: new Map(options.sellers.map((s) => [s.name.toLowerCase(), { id: s.id, isOwn: s.is_own }])),
  };
}

/** The key of a problem with the whole row (the wrong number of fields). */
const ROW = '';
const HOT_VALUES = new Map([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['false', false],
  ['0', false],
  ['no', false],
]);
/** The draft's fields and the file's columns that hold them. */
const COLUMN_OF: Record<keyof OfferProblems, UploadColumn> = {
  product: 'product',
  unit_price: 'unit_price',
  publisher_id: 'publisher',
  seller_id: 'seller',
  region_id: 'region',
  start: 'start',
  end: 'end',
};

/** One message per column of a data row that is wrong (the first found, as the server reports). */
function problemsOfRow(
  record: CsvRecord,
  columns: Map<UploadColumn, number>,
  lookups: Lookups,
): Partial<Record<UploadColumn | typeof ROW, string>> {
  if (record.fields.length !== columns.size) {
    return { [ROW]: `This row has ${record.fields.length} fields; the header has ${columns.size}.` };
  }
  const value = (column: UploadColumn) => (record.fields[columns.get(column) ?? -1] ?? '').trim();
  const problems: Partial<Record<UploadColumn, string>> = {};
  const fail = (column: UploadColumn, message: string) => {
    problems[column] ??= message;
  };

  const byName = <T>(column: UploadColumn, map: Map<string, T>, blank: string, unknown: (raw: string) => string) => {
    const raw = value(column);
    const found = map.get(raw.toLowerCase());
    if (raw === '') fail(column, blank);
    else if (found === undefined) fail(column, unknown(raw));
    return found ?? null;
  };
  const publisherId = byName(
    'publisher',
    lookups.publishers,
    'Enter a publisher.',
    (raw) => `Unknown publisher "${raw}".`,
  );
  const regionId = byName(
    'region',
    lookups.regions,
    'Enter a region code or name.',
    (raw) => `Unknown region "${raw}"; use a region code or name.`,
  );
  const storefront = byName(
    'seller',
    lookups.storefronts,
    'Enter one of your storefronts.',
    (raw) => `Unknown storefront "${raw}".`,
  );
  if (storefront && !storefront.isOwn) fail('seller', `"${value('seller')}" is not one of your storefronts.`);

  const type = value('type').toLowerCase();
  if (type === '') fail('type', 'Enter the type: regular or promo.');
  else if (type !== 'regular' && type !== 'promo') fail('type', `Use regular or promo, not "${value('type')}".`);
  const hot = value('hot').toLowerCase();
  if (hot === '') fail('hot', 'Enter hot: true or false.');
  else if (!HOT_VALUES.has(hot)) fail('hot', 'Use true or false (also accepted: 1/0, yes/no).');

  const price = priceOf(value('unit_price'));
  if ('error' in price) fail('unit_price', price.error);
  const start = dateTimeOf(value('start'));
  const end = dateTimeOf(value('end'));
  if ('error' in start) fail('start', start.error);
  if ('error' in end) fail('end', end.error);

  const problemsOfOffer = offerProblems({
    product: value('product'),
    unit_price: 'text' in price ? price.text : '',
    publisher_id: publisherId,
    seller_id: storefront?.id ?? null,
    region_id: regionId,
    start: { text: value('start'), instant: 'instant' in start ? start.instant : null },
    end: { text: value('end'), instant: 'instant' in end ? end.instant : null },
  });
  for (const [field, message] of Object.entries(problemsOfOffer) as [keyof OfferProblems, string][]) {
    fail(COLUMN_OF[field], message);
  }
  // The contract's rule for strings holds for every cell (server: `textProblem`).
  for (const column of UPLOAD_COLUMNS) {
    const problem = textProblem(value(column));
    if (problem) fail(column, problem);
  }
  return problems;
}

/**
 * A 400 from the upload as problems: `file` for the file as a whole, `rows.<line>.<column>` per
 * cell and `rows.<line>.non_field_errors` per row; `non_field_errors` (or `detail`) is the summary.
 * In DRF's nested shape (`{"rows": [{}, {"region": [...]}]}`) a row is named by its place in the
 * list instead, which is the line after the header's: the first record is line 2.
 */
export function refusalOf(body: unknown): { summary: string | null; problems: UploadProblem[] } {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  let summary: string | null = typeof detail === 'string' ? detail : null;
  const problems: UploadProblem[] = [];
  for (const { path, message } of fieldProblemsOf(body)) {
    const [field, row, cell] = path;
    if (field === 'non_field_errors' && path.length === 1) {
      summary ??= message;
      continue;
    }
    const dotted = typeof field === 'string' && path.length === 1 ? /^rows\.(\d+)\.(.+)$/.exec(field) : null;
    const place =
      field === 'rows' && typeof row === 'number'
        ? { line: row + 2, column: typeof cell === 'string' ? cell : null }
        : dotted
          ? { line: Number(dotted[1]), column: dotted[2] ?? null }
          : { line: null, column: field === 'file' ? null : path.join('.') };
    const column = place.column === 'non_field_errors' ? null : place.column;
    problems.push({ line: place.line, column, message });
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { summary, problems };
}
