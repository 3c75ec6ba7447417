/**
 * Manage Offers' editable cells as text (behaviour §7, fill and paste): what Ctrl+C writes, in the
 * grid's display format, and what Ctrl+V reads back, as spreadsheets copy cells (tab-separated).
 * A value read lands in the editing row's terms (`OfferDraft`), so the offer rules check it as
 * they check the editing row. Prices and ISO times are read as the server reads an uploaded file's
 * cells; the CSV check (offer-csv.ts) reads them here too.
 */
import type { DraftField, OfferDraft } from '@machines/row-editing/row-editing.types';
import { instantOfIso } from '@openapi/rules/date-time';
import { formatCents } from '@openapi/rules/money';
import { centsOfPriceInput } from '@openapi/rules/price';
import type { Offer, Options } from '@/api/models';
import { formatDateTime, fromLocalIso, parseGridDateTime, toLocalIso } from '@/lib/dates';

/** The grid's editable columns (manage-offer-columns.tsx) and the draft field each edits. */
const FIELD_OF_COLUMN: Readonly<Record<string, DraftField>> = {
  product: 'product',
  publisher: 'publisher_id',
  seller: 'seller_id',
  region: 'region_id',
  start_date: 'start',
  end_date: 'end',
  unit_price: 'unit_price',
};

/** The draft field a column edits; undefined for a column that is not edited (Published, Action). */
export const fieldOfColumn = (columnId: string): DraftField | undefined => FIELD_OF_COLUMN[columnId];

/** The editing row's fields as the grid's headers (and the inputs' labels) name them, in the row's order. */
export const FIELD_LABELS: Readonly<Record<DraftField, string>> = {
  product: 'Product',
  publisher_id: 'Publisher',
  seller_id: 'Seller',
  region_id: 'Region',
  start: 'Start',
  end: 'End',
  unit_price: 'Unit price',
};

type Named = { id: number; name: string };
const nameOf = (list: readonly Named[] | undefined, id: number | null) =>
  list?.find((item) => item.id === id)?.name ?? '';

/** A draft's field as the grid shows it: "€12.50", "24/11/26 at 13:05", a name. */
export function draftText(draft: OfferDraft, field: DraftField, options: Options | null): string {
  switch (field) {
    case 'unit_price':
      return formatCents(centsOfPriceInput(draft.unit_price));
    case 'start':
    case 'end':
      return formatDateTime(fromLocalIso(draft[field]) ?? draft[field]);
    case 'publisher_id':
      return nameOf(options?.publishers, draft.publisher_id);
    case 'seller_id':
      return nameOf(options?.sellers, draft.seller_id);
    case 'region_id':
      return nameOf(options?.regions, draft.region_id);
    default:
      return draft.product;
  }
}

/** An offer's field as the grid shows it. */
export function offerText(offer: Offer, field: DraftField): string {
  switch (field) {
    case 'unit_price':
      return formatCents(offer.unit_price);
    case 'start':
    case 'end':
      return formatDateTime(offer[field]);
    case 'publisher_id':
      return offer.publisher;
    case 'seller_id':
      return offer.seller;
    case 'region_id':
      return offer.region;
    default:
      return offer.product;
  }
}

type Read = { patch: Partial<OfferDraft>; unreadable: string | null };
const unreadable = (message: string): Read => ({ patch: {}, unreadable: message });

/** A local date-time from the grid's format ("24/11/26 at 13:05", day first) or ISO 8601. */
function momentOf(text: string, label: 'start' | 'end'): Read {
  const local = parseGridDateTime(text);
  if (local !== null) return { patch: { [label]: local }, unreadable: null };
  const iso = dateTimeOf(text);
  if ('instant' in iso)
    return { patch: { [label]: toLocalIso(new Date(iso.instant).toISOString()) }, unreadable: null };
  if ('blank' in iso) return { patch: { [label]: '' }, unreadable: null };
  return unreadable(`Write the ${label} like 24/11/26 at 13:05 or 2026-11-24T13:05:00Z.`);
}

/** An option by its name (or a region by its code), ignoring case. */
function optionOf(
  list: readonly (Named & { code?: string })[] | undefined,
  text: string,
  what: string,
): number | string {
  const wanted = text.trim().toLowerCase();
  const found = list?.find((item) => item.name.toLowerCase() === wanted || item.code?.toLowerCase() === wanted);
  return found ? found.id : `There is no ${what} named “${text.trim()}”.`;
}

/** Text typed or pasted into a cell, read as the editing row would hold it, or why it cannot be. */
export function readCell(field: DraftField, typed: string, options: Options | null): Read {
  const text = typed.trim();
  if (field === 'unit_price') {
    const price = priceOf(text);
    return 'error' in price ? unreadable(price.error) : { patch: { unit_price: price.text }, unreadable: null };
  }
  if (field === 'start' || field === 'end') return momentOf(text, field);
  if (field === 'product') return { patch: { product: typed }, unreadable: null };
  const [list, what] =
    field === 'publisher_id'
      ? [options?.publishers, 'publisher']
      : field === 'seller_id'
        ? [options?.sellers.filter((seller) => seller.is_own), 'storefront of yours']
        : [options?.regions, 'region'];
  const id = optionOf(list, text, what);
  return typeof id === 'number' ? { patch: { [field]: id }, unreadable: null } : unreadable(id);
}

/**
 * Tab-separated text as spreadsheets put it on the clipboard: rows end in CRLF or LF (the last
 * one's break is dropped), and a cell holding a tab, a line break or a quote comes in double
 * quotes, its quotes doubled. A quote that opens no such cell is an ordinary character.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const body = text.replace(/\r?\n$/, '');
  while (i <= body.length) {
    let cell = '';
    const quoted = body[i] === '"' ? closingQuote(body, i) : -1;
    if (quoted !== -1) {
      cell = body.slice(i + 1, quoted).replaceAll('""', '"');
      i = quoted + 1;
    } else {
      let end = i;
      while (end < body.length && body[end] !== '\t' && body[end] !== '\n' && body[end] !== '\r') end++;
      cell = body.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (body[i] === '\t') {
      i++;
      continue;
    }
    rows.push(row);
    row = [];
    i += body[i] === '\r' && body[i + 1] === '\n' ? 2 : 1;
  }
  return rows;
}

/** The quote closing a quoted cell that opens at `from`: followed by a tab, a line break or the end; -1 when none does. */
function closingQuote(text: string, from: number): number {
  let at = from + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return -1;
    if (text[quote + 1] === '"') {
      at = quote + 2;
      continue;
    }
    const next = text[quote + 1];
    return next === undefined || next === '\t' || next === '\n' || next === '\r' ? quote : -1;
  }
}

/** Rows of cells as tab-separated text that `parseTsv` and spreadsheets read back. */
export const toTsv = (rows: readonly (readonly string[])[]) =>
  rows
    .map((row) => row.map((cell) => (/[\t\r\n"]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join('\t'))
    .join('\n');

/**
 * A price cell as the server reads it: a leading € or $ and thousands commas are removed
 * (behaviour §5), but a comma that does not group thousands (`12,50`) is refused rather than
 * read as 1250, and so is a leading or trailing dot. The rest is the offer's rule (openapi/rules/offer.ts).
 */
export function priceOf(raw: string): { text: string } | { error: string } {
  let text = raw;
  if (text.startsWith('€') || text.startsWith('$')) text = text.slice(1).trim();
  if (text.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return { error: 'Write the price like 1,234.50 or 1234.50.' };
    text = text.replaceAll(',', '');
  }
  if (text.startsWith('.') || text.endsWith('.')) return { error: 'Enter the unit price as a number, like 12.50.' };
  return { text };
}

/**
 * An ISO 8601 date-time cell (`2026-05-01T10:00:00Z`, `2026-05-01 10:00+02:00`) as the instant it
 * names, read as the server reads one (openapi/rules/date-time.ts). A blank cell is left to the
 * offer rules.
 */
export function dateTimeOf(raw: string): { instant: number } | { error: string } | { blank: true } {
  if (raw === '') return { blank: true };
  const read = instantOfIso(raw);
  return 'malformed' in read ? { error: 'Write the date and time in ISO 8601, like 2026-05-01T10:00:00Z.' } : read;
}
