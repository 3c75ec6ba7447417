/**
 * The rules an offer's editable fields must meet (contract: `OfferChange`, `DateTime`), one
 * validator per field so a caller can check a field alone: the editing row checks the whole offer
 * before it saves (`offerProblems`), the bulk update only the fields filled in, and the upload's
 * check in the browser every row of a file. Each answers a sentence for the person who typed the
 * value, or undefined when the value is fine.
 */
import { FIELD_LIMITS } from '../schema.facts';
import { priceAboveMaximumMessage, tooLongMessage } from './bounds';
import { MAX_UNIT_PRICE_CENTS } from './money';
import { centsOfPriceInput } from './price';

/** An offer's editable fields as inputs hold them: the price as typed, the times as local text. */
export interface OfferFields {
  product: string;
  unit_price: string;
  publisher_id: number | null;
  seller_id: number | null;
  region_id: number | null;
  start: string;
  end: string;
}
/** One message per field that is wrong. */
export type OfferProblems = Partial<Record<keyof OfferFields, string>>;

/** A start or an end: the text typed, and the instant it names (null when it names none). */
export interface Moment {
  text: string;
  instant: number | null;
}

/** The contract's `OfferChange.product` length, counted after trimming as the server stores it. */
const MAX_PRODUCT_LENGTH = FIELD_LIMITS.OfferChange.product.maxLength;
/** The contract's `DateTime` range (its formatMinimum and formatMaximum). */
const EARLIEST = Date.parse('1900-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-30T23:59:59Z');

/**
 * Characters no string of the contract may hold: control characters but tab, line feed and
 * carriage return, and unpaired UTF-16 surrogates (server/http/contract.ts, `textProblem`).
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cell or input cannot be stored, or undefined. */
export function textProblem(text: string): string | undefined {
  return FORBIDDEN_TEXT.test(text) ? 'Remove the control or invalid characters from this text.' : undefined;
}

export function productProblem(product: string): string | undefined {
  const trimmed = product.trim();
  if (trimmed === '') return 'Enter a product name.';
  if (trimmed.length > MAX_PRODUCT_LENGTH) return tooLongMessage('product name', MAX_PRODUCT_LENGTH);
  return textProblem(trimmed);
}

/** Digits with at most one dot, as the price field keeps them ("12.", ".5" are formatted on blur). */
const PRICE = /^(\d+\.?\d*|\.\d+)$/;

/**
 * The unit price as typed: a sign, commas or a third decimal are errors here, since the price
 * field already removes what it may.
 */
export function unitPriceProblem(price: string): string | undefined {
  const text = price.trim();
  if (text === '') return 'Enter a unit price.';
  if (text.startsWith('-')) return 'The unit price must be greater than 0.';
  if (!PRICE.test(text)) return 'Enter the unit price as a number, like 12.50.';
  if (/\.\d{3,}$/.test(text)) return 'Use at most 2 decimals in the unit price.';
  const cents = centsOfPriceInput(text);
  if (!(cents > 0)) return 'The unit price must be greater than 0.';
  if (cents > MAX_UNIT_PRICE_CENTS) return priceAboveMaximumMessage(MAX_UNIT_PRICE_CENTS);
  return undefined;
}

export const publisherProblem = (id: number | null) => (id === null ? 'Choose a publisher.' : undefined);
export const sellerProblem = (id: number | null) => (id === null ? 'Choose a seller.' : undefined);
export const regionProblem = (id: number | null) => (id === null ? 'Choose a region.' : undefined);

/** A start or an end alone: given, readable and within the contract's `DateTime` range. */
export function momentProblem(label: 'Start' | 'End', { text, instant }: Moment): string | undefined {
  if (text.trim() === '') return `Enter the ${label.toLowerCase()} date and time.`;
  if (instant === null) return `Enter a valid ${label.toLowerCase()} date and time.`;
  if (instant < EARLIEST || instant > LATEST) return `${label} must be between the years 1900 and 9999.`;
  return undefined;
}

/** Start and end: each fine alone, and the end after the start. */
export function validityProblems(start: Moment, end: Moment): Pick<OfferProblems, 'start' | 'end'> {
  const problems: Pick<OfferProblems, 'start' | 'end'> = {};
  const startProblem = momentProblem('Start', start);
  const endProblem = momentProblem('End', end);
  if (startProblem) problems.start = startProblem;
  if (endProblem) problems.end = endProblem;
  if (!startProblem && !endProblem && start.instant !== null && end.instant !== null && end.instant <= start.instant) {
    problems.end = 'End must be after start.';
  }
  return problems;
}

/** The whole offer, its start and end as the instants they name; an empty object when it can be saved. */
export function offerProblems(
  offer: Omit<OfferFields, 'start' | 'end'> & { start: Moment; end: Moment },
): OfferProblems {
  const problems: OfferProblems = {
    product: productProblem(offer.product),
    unit_price: unitPriceProblem(offer.unit_price),
    publisher_id: publisherProblem(offer.publisher_id),
    seller_id: sellerProblem(offer.seller_id),
    region_id: regionProblem(offer.region_id),
    ...validityProblems(offer.start, offer.end),
  };
  for (const field of Object.keys(problems) as (keyof OfferFields)[]) {
    if (problems[field] === undefined) delete problems[field];
  }
  return problems;
}

/** The offer upload's columns (the contract's `uploadOffers`), in the order a written file has them. */
export const UPLOAD_COLUMNS = [
  'product',
  'publisher',
  'seller',
  'region',
  'type',
  'hot',
  'unit_price',
  'start',
  'end',
] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
/** The most data rows one upload takes. */
export const MAX_UPLOAD_ROWS = 5000;
