/**
 * `POST /api/v1/offers/upload/`, a seller's CSV import: all rows or none, and the same file only
 * once unless asked again. The file is read with the contract's CSV reader (openapi/rules/csv.ts),
 * paced so that other requests run meanwhile (behaviour §8).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { maximumAmountMessage, maxLengthMessage } from '../../openapi/rules/bounds';
import { CsvError, type CsvRecord, pacedCsv } from '../../openapi/rules/csv';
import { instantOfIso } from '../../openapi/rules/date-time';
import { centsOf, MAX_UNIT_PRICE_CENTS } from '../../openapi/rules/money';
import { MAX_UPLOAD_ROWS, UPLOAD_COLUMNS, type UploadColumn } from '../../openapi/rules/offer';
import type { components } from '../../openapi/schema';
import { FIELD_LIMITS } from '../../openapi/schema.facts';
import type { AppEnv, ServerContext } from '../context';
import type { Database } from '../db/client';
import { ROWS_PER_STATEMENT } from '../db/paced';
import { type OfferType, offers, offerTypes, publishers, regions, sellers, unfinishedUploads } from '../db/schema';
import { requireSeller } from '../http/auth';
import { textProblem } from '../http/contract';
import { badRequest, type FieldErrors, HttpError } from '../http/errors';
import { RECORDED } from '../queries/offer-changes';
import { batchResult, nextBatchId, recordBatch } from '../queries/offer-history';
import { loadOffers } from '../queries/offers';
import { claimUpload, recordUpload, releaseUpload, sha256, type UploadedFile } from '../queries/upload-digests';

/** Form fields an upload may have besides its file (it needs none). */
const MAX_FORM_PARTS = 10;
/** A CSV row's product, as long as the contract lets an edit make it. */
const MAX_PRODUCT_LENGTH = FIELD_LIMITS.OfferChange.product.maxLength;
/**
 * Rows per INSERT (or per read back), and records validated between two yields. The embedded
 * database runs one statement at a time, in this process, so a batch is how long another user's
 * request may wait behind an import. At 100 rows (20 to 50 ms each) `GET /api/v1/profile` had a
 * p95 near 290 ms during a 5,000-row upload on a busy 2-core machine; at 25 it was 60 to 135 ms,
 * for an import about as fast.
 */
const UPLOAD_BATCH = ROWS_PER_STATEMENT;

/** Lets requests that queued up meanwhile (HTTP and database) run before the next batch. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export function offerUploadRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().post('/offers/upload/', async (c) => {
    const user = requireSeller(c);
    const query = ctx.contract.query('uploadOffers', c.req.query());
    const upload = await readUpload(c);
    const records = await parseUpload(upload.text);
    const [publisherRows, regionRows, storefrontRows] = await Promise.all([
      ctx.db.select().from(publishers),
      ctx.db.select().from(regions),
      ctx.db.select().from(sellers),
    ]);
    const lookups: Lookups = {
      publishers: new Map(publisherRows.map((row) => [row.name.toLowerCase(), row.id])),
      // Codes first: a code that equals another region's name still means its own region.
      regions: new Map([
        ...regionRows.map((row) => [row.name.toLowerCase(), row.id] as const),
        ...regionRows.map((row) => [row.code.toLowerCase(), row.id] as const),
      ]),
      storefronts: new Map(storefrontRows.map((row) => [row.name.toLowerCase(), row])),
      userId: user.id,
    };

    const errors: FieldErrors = {};
    const valid: NewOffer[] = [];
    let invalidRows = 0;
    for (const [index, record] of records.rows.entries()) {
      if (index > 0 && index % UPLOAD_BATCH === 0) await yieldToOthers();
      const result = validateRow(record, records.columns, lookups);
      if ('errors' in result) {
        invalidRows++;
        for (const [column, messages] of Object.entries(result.errors)) {
          errors[`rows.${record.line}.${column}`] = messages;
        }
      } else {
        valid.push(result.offer);
      }
    }
    if (invalidRows > 0) {
      throw badRequest({
        non_field_errors: [`${invalidRows} of ${records.rows.length} rows are invalid; nothing was imported.`],
        ...errors,
      });
    }

    const file = { userId: user.id, digest: upload.digest };
    // Taken before the import: on the embedded database its batches commit one by one, each with its records.
    const batchId = await nextBatchId(ctx.db);
    const ids = await insertAllOrNothing(ctx, valid, file, query.allow_duplicate === true, batchId);
    const saved: Awaited<ReturnType<typeof loadOffers>> = [];
    for (let i = 0; i < ids.length; i += UPLOAD_BATCH) {
      if (i > 0) await yieldToOthers();
      saved.push(...(await loadOffers(ctx.db, ids.slice(i, i + UPLOAD_BATCH))));
    }
    return c.json(batchResult(saved, saved.length, saved.length > 0 ? batchId : undefined), 201);
  });
}

/** The 409 for a file the caller already imported (the contract's `UploadDuplicate`). */
function duplicateFile(previous: { uploadedAt: Date; count: number }): HttpError {
  const offersText = previous.count === 1 ? '1 offer' : `${previous.count} offers`;
  const body: components['schemas']['UploadDuplicate'] = {
    detail: `This file was already uploaded (${offersText}).`,
    code: 'duplicate_file',
    uploaded_at: previous.uploadedAt.toISOString(),
    count: previous.count,
  };
  return new HttpError(409, body);
}

/**
 * Inserts the offers all or nothing, batch by batch, yielding in between, each batch recorded in
 * the history (as history batch `batchId`); the rows are validated beforehand. The file's digest
 * goes with them: without `allowDuplicate` it is claimed before the first batch (a file imported
 * before answers 409 with nothing written), with it it is recorded with the last step.
 *
 * On PostgreSQL the import is one transaction: other connections carry on meanwhile (writers of
 * offers wait for the offer-change stamp it holds), and a failure or a crash rolls it back. The
 * embedded database has one connection, which one transaction would hold for seconds, stalling
 * every other user: there each batch commits on its own, under a row of `unfinished_uploads` that
 * each offer names. The last step records the file and removes that row in one transaction;
 * should a batch fail, the batches already written are deleted again, and should the process die
 * part-way, the next start deletes them (`discardUnfinishedUploads`). The offers are unpublished,
 * so until then only the uploading seller's own lists could show part of them.
 */
async function insertAllOrNothing(
  ctx: ServerContext,
  valid: NewOffer[],
  file: UploadedFile,
  allowDuplicate: boolean,
  batchId: number,
): Promise<number[]> {
  const now = ctx.now();
  const batch = { id: batchId, userId: file.userId, source: 'upload', at: now } as const;
  const claim = async (db: Database) => {
    if (allowDuplicate) return null;
    const outcome = await claimUpload(db, file, now, valid.length);
    if ('previous' in outcome) throw duplicateFile(outcome.previous);
    return outcome.claim;
  };
  const insertBatches = async (db: Database, uploadId: number | null, inserted: number[]) => {
    for (let i = 0; i < valid.length; i += UPLOAD_BATCH) {
      if (i > 0) await yieldToOthers();
      const rows = await db
        .insert(offers)
        .values(
          valid.slice(i, i + UPLOAD_BATCH).map((offer) => ({
            ...offer,
            isPublished: false,
            publishedAt: null,
            createdAt: now,
            updatedAt: now,
            uploadId,
          })),
        )
        .returning({ id: offers.id, ...RECORDED });
      await recordBatch(
        db,
        batch,
        rows.map((row) => ({ id: row.id, before: null, after: row })),
      );
      for (const row of rows) inserted.push(row.id);
    }
    return inserted;
  };

  if (ctx.databaseKind === 'postgres') {
    return ctx.db.transaction(async (tx) => {
      await claim(tx);
      const inserted = await insertBatches(tx, null, []);
      if (allowDuplicate) await recordUpload(tx, file, now, valid.length);
      return inserted;
    });
  }

  const started = await ctx.db.transaction(async (tx) => {
    const digestId = await claim(tx);
    const [upload] = await tx.insert(unfinishedUploads).values({ digestId }).returning({ id: unfinishedUploads.id });
    return { id: (upload as { id: number }).id, digestId };
  });
  const inserted: number[] = [];
  try {
    await insertBatches(ctx.db, started.id, inserted);
    await ctx.db.transaction(async (tx) => {
      if (allowDuplicate) await recordUpload(tx, file, now, valid.length);
      await tx.delete(unfinishedUploads).where(eq(unfinishedUploads.id, started.id));
    });
  } catch (error) {
    for (let i = 0; i < inserted.length; i += UPLOAD_BATCH) {
      await ctx.db.delete(offers).where(inArray(offers.id, inserted.slice(i, i + UPLOAD_BATCH)));
    }
    if (started.digestId !== null) await releaseUpload(ctx.db, started.digestId);
    await ctx.db.delete(unfinishedUploads).where(eq(unfinishedUploads.id, started.id));
    throw error;
  }
  return inserted;
}

/**
 * The uploaded file as text (multipart field `file`, UTF-8, a byte order mark allowed) and the
 * SHA-256 of its bytes as sent, which the duplicate guard remembers.
 */
async function readUpload(c: Context<AppEnv>): Promise<{ text: string; digest: string }> {
  const unreadable = () =>
    badRequest({ file: ['The upload could not be read; send the file as multipart/form-data.'] });
  const type = c.req.header('Content-Type') ?? '';
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) throw unreadable();
  const raw = Buffer.from(await c.req.arrayBuffer());
  // Parsing a form is one stretch of work per part: 50,000 empty fields in 5 MB took half a second
  // (behaviour §8). The parts are counted first, by their delimiters, which no part may contain.
  const delimiter = Buffer.from(`--${boundary}`);
  let delimiters = 0;
  for (let at = raw.indexOf(delimiter); at >= 0; at = raw.indexOf(delimiter, at + delimiter.length)) {
    // The file, the fields beside it, and the closing delimiter.
    if (++delimiters > 1 + MAX_FORM_PARTS + 1) {
      throw badRequest({ file: [`The upload has more than ${MAX_FORM_PARTS} form fields; send the file on its own.`] });
    }
  }
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: raw,
    }).formData();
  } catch {
    throw unreadable();
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw badRequest({ file: ['No file was submitted.'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw badRequest({ file: ['The submitted file is empty.'] });
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), digest: sha256(bytes) };
  } catch {
    throw badRequest({ file: ['The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.'] });
  }
}

interface UploadRecords {
  /** Column name to its index in each row. */
  columns: Map<UploadColumn, number>;
  /** Data rows with any content; rows whose fields are all blank are left out. */
  rows: CsvRecord[];
}

/**
 * Parses the CSV and checks the header and the row count; rows are checked by `validateRow`. The
 * reading pauses for other requests as it goes, and stops at the first row past MAX_UPLOAD_ROWS.
 */
async function parseUpload(text: string): Promise<UploadRecords> {
  let header: CsvRecord | undefined;
  const rows: CsvRecord[] = [];
  let tooMany = false;
  try {
    for await (const record of pacedCsv(text, yieldToOthers)) {
      if (!header) header = record;
      else if (record.fields.some((field) => field.trim() !== '') && rows.push(record) > MAX_UPLOAD_ROWS) {
        tooMany = true;
        break;
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest({ file: [error.message] });
    throw error;
  }
  if (!header) throw badRequest({ file: ['The submitted file is empty.'] });

  const names = header.fields.map((name) => name.trim().toLowerCase());
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
    throw badRequest({ file: problems });
  }

  if (rows.length === 0) throw badRequest({ file: ['The file has a header line but no offers.'] });
  if (tooMany) {
    throw badRequest({
      file: [
        `The file has more than ${MAX_UPLOAD_ROWS} offers; at most ${MAX_UPLOAD_ROWS} can be imported at once. Split it into smaller files.`,
      ],
    });
  }
  const columns = new Map(UPLOAD_COLUMNS.map((column) => [column, names.indexOf(column)]));
  return { columns, rows };
}

interface Lookups {
  publishers: Map<string, number>;
  regions: Map<string, number>;
  storefronts: Map<string, { id: number; ownerId: number }>;
  userId: number;
}

interface NewOffer {
  product: string;
  publisherId: number;
  sellerId: number;
  regionId: number;
  type: OfferType;
  isHot: boolean;
  unitPriceCents: number;
  startAt: Date;
  endAt: Date;
}

const BLANK = 'This field may not be blank.';
const HOT_VALUES = new Map([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['false', false],
  ['0', false],
  ['no', false],
]);

/** One data row: the offer to insert, or messages per column. */
function validateRow(
  record: CsvRecord,
  columns: Map<UploadColumn, number>,
  lookups: Lookups,
): { offer: NewOffer } | { errors: FieldErrors } {
  if (record.fields.length !== columns.size) {
    return {
      errors: { non_field_errors: [`Expected ${columns.size} fields, found ${record.fields.length}.`] },
    };
  }
  const value = (column: UploadColumn) => (record.fields[columns.get(column) ?? -1] ?? '').trim();
  const errors: FieldErrors = {};
  const fail = (column: UploadColumn, message: string) => {
    errors[column] = [message];
  };

  const product = value('product');
  if (product === '') fail('product', BLANK);
  else if (product.length > MAX_PRODUCT_LENGTH) {
    fail('product', maxLengthMessage(MAX_PRODUCT_LENGTH));
  }

  const byName = (column: UploadColumn, map: Map<string, number>, unknown: (raw: string) => string) => {
    const raw = value(column);
    if (raw === '') return fail(column, BLANK);
    const id = map.get(raw.toLowerCase());
    if (id === undefined) return fail(column, unknown(raw));
    return id;
  };
  const publisherId = byName('publisher', lookups.publishers, (raw) => `Unknown publisher "${raw}".`);
  const regionId = byName('region', lookups.regions, (raw) => `Unknown region "${raw}"; use a region code or name.`);

  let sellerId: number | undefined;
  const sellerName = value('seller');
  const storefront = lookups.storefronts.get(sellerName.toLowerCase());
  if (sellerName === '') fail('seller', BLANK);
  else if (!storefront) fail('seller', `Unknown storefront "${sellerName}".`);
  else if (storefront.ownerId !== lookups.userId) fail('seller', `"${sellerName}" is not one of your storefronts.`);
  else sellerId = storefront.id;

  const typeRaw = value('type').toLowerCase();
  const type = offerTypes.find((t) => t === typeRaw);
  if (!type) fail('type', typeRaw === '' ? BLANK : `Select a valid choice. Allowed: ${offerTypes.join(', ')}.`);

  const hotRaw = value('hot').toLowerCase();
  const isHot = HOT_VALUES.get(hotRaw);
  if (isHot === undefined) fail('hot', hotRaw === '' ? BLANK : 'Must be true or false (also accepted: 1/0, yes/no).');

  const price = parsePrice(value('unit_price'));
  if ('error' in price) fail('unit_price', price.error);

  const start = parseDateTime(value('start'));
  if ('error' in start) fail('start', start.error);
  const end = parseDateTime(value('end'));
  if ('error' in end) fail('end', end.error);
  if ('date' in start && 'date' in end && end.date.getTime() <= start.date.getTime()) {
    fail('end', 'End must be after start.');
  }

  // The contract's rule for strings holds for cells too (PostgreSQL cannot store U+0000).
  for (const column of columns.keys()) {
    const problem = textProblem(value(column));
    if (problem && !errors[column]) fail(column, problem);
  }

  if (
    Object.keys(errors).length > 0 ||
    publisherId === undefined ||
    regionId === undefined ||
    sellerId === undefined ||
    type === undefined ||
    isHot === undefined ||
    !('cents' in price) ||
    !('date' in start) ||
    !('date' in end)
  ) {
    return { errors };
  }
  return {
    offer: {
      product,
      publisherId,
      sellerId,
      regionId,
      type,
      isHot,
      unitPriceCents: price.cents,
      startAt: start.date,
      endAt: end.date,
    },
  };
}

/**
 * A price as people type it (behaviour §5: euro or dollar sign and thousands commas removed):
 * `12.5`, `€12.50`, `$ 1,234.00`. A comma not grouping thousands (`12,50`) is refused rather than
 * read as 1250.
 */
function parsePrice(raw: string): { cents: number } | { error: string } {
  let text = raw.trim();
  if (text.startsWith('€') || text.startsWith('$')) text = text.slice(1).trim();
  if (text === '') return { error: BLANK };
  if (text.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return { error: 'A valid number is required, like 1,234.50.' };
    text = text.replaceAll(',', '');
  }
  if (/^-\d*\.?\d+$/.test(text)) return { error: 'Ensure this value is greater than 0.' };
  if (/^\d+\.\d{3,}$/.test(text)) return { error: 'Ensure that there are no more than 2 decimal places.' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: 'A valid number is required, like 12.50.' };
  const cents = centsOf(text);
  if (cents <= 0) return { error: 'Ensure this value is greater than 0.' };
  // Too many digits to count in cents exactly (NaN) is above the largest price too.
  if (!(cents <= MAX_UNIT_PRICE_CENTS)) {
    return { error: maximumAmountMessage(MAX_UNIT_PRICE_CENTS) };
  }
  return { cents };
}

/** The bounds of the contract's `DateTime`: what PostgreSQL and `toISOString` both hold. */
const EARLIEST = new Date('1900-01-01T00:00:00Z');
const LATEST = new Date('9999-12-30T23:59:59Z');

/**
 * An ISO 8601 date-time such as `2026-05-01T10:00:00Z` or `2026-05-01 10:00+02:00`
 * (openapi/rules/date-time.ts), within the contract's bounds.
 */
function parseDateTime(raw: string): { date: Date } | { error: string } {
  if (raw === '') return { error: BLANK };
  const read = instantOfIso(raw);
  if ('malformed' in read) return { error: 'Datetime has wrong format. Use ISO 8601, e.g. 2026-05-01T10:00:00Z.' };
  if ('error' in read) return read;
  const date = new Date(read.instant);
  if (date < EARLIEST) return { error: `Ensure this value is on or after ${EARLIEST.toISOString()}.` };
  if (date > LATEST) return { error: `Ensure this value is on or before ${LATEST.toISOString()}.` };
  return { date };
}
