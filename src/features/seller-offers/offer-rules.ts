/**
 * The rules an offer's editable fields must meet, the same the server applies (contract:
 * `OfferChange`, `DateTime`; server/routes/manage-offers.ts and the CSV upload): the editing row
 * checks them before it saves, and the CSV upload before it sends a file.
 */
import type { DraftErrors, OfferDraft } from '@machines/row-editing/row-editing.types';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { fromLocalIso } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { centsOfPriceInput, MAX_UNIT_PRICE_CENTS } from '@/lib/price';

/** The editable fields as the inputs hold them (the row-editing machine's draft). */
export type { OfferDraft } from '@machines/row-editing/row-editing.types';
export type OfferDraftErrors = DraftErrors;

/** The contract's `OfferChange.product` length, counted after trimming as the server stores it. */
const MAX_PRODUCT_LENGTH = FIELD_LIMITS.OfferChange.product.maxLength;
/** The contract's `DateTime` range (formatMinimum and formatMaximum). */
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

function productProblem(product: string): string | undefined {
  const trimmed = product.trim();
  if (trimmed === '') return 'Enter a product name.';
  if (trimmed.length > MAX_PRODUCT_LENGTH) return `Keep the product name to ${MAX_PRODUCT_LENGTH} characters or fewer.`;
  return textProblem(trimmed);
}

/** Digits with at most one dot, as the price field keeps them ("12.", ".5" are formatted on blur). */
const PRICE = /^(\d+\.?\d*|\.\d+)$/;

function unitPriceProblem(price: string): string | undefined {
  const text = price.trim();
  if (text === '') return 'Enter a unit price.';
  if (text.startsWith('-')) return 'The unit price must be greater than 0.';
  if (!PRICE.test(text)) return 'Enter the unit price as a number, like 12.50.';
  if (/\.\d{3,}$/.test(text)) return 'Use at most 2 decimals in the unit price.';
  const cents = centsOfPriceInput(text);
  if (!(cents > 0)) return 'The unit price must be greater than 0.';
  if (cents > MAX_UNIT_PRICE_CENTS) return `The unit price must be at most ${formatCents(MAX_UNIT_PRICE_CENTS)}.`;
  return undefined;
}

/**
 * The instant a local date-time names in the browser's zone, as the contract will receive it
 * (`fromLocalIso`); null when it is no date-time or names a day or time that does not exist.
 */
function instantOf(local: string): number | null {
  const iso = fromLocalIso(local);
  return iso === null ? null : Date.parse(iso);
}

/** Start and end: readable, within the contract's `DateTime` range, and end after start. */
export function validityProblems(
  start: { text: string; instant: number | null },
  end: { text: string; instant: number | null },
): Pick<OfferDraftErrors, 'start' | 'end'> {
  const problems: Pick<OfferDraftErrors, 'start' | 'end'> = {};
  const check = (label: 'Start' | 'End', { text, instant }: { text: string; instant: number | null }) => {
    if (text.trim() === '') return `Enter the ${label.toLowerCase()} date and time.`;
    if (instant === null) return `Enter a valid ${label.toLowerCase()} date and time.`;
    if (instant < EARLIEST || instant > LATEST) return `${label} must be between the years 1900 and 9999.`;
    return undefined;
  };
  const startProblem = check('Start', start);
  const endProblem = check('End', end);
  if (startProblem) problems.start = startProblem;
  if (endProblem) problems.end = endProblem;
  if (!startProblem && !endProblem && start.instant !== null && end.instant !== null && end.instant <= start.instant) {
    problems.end = 'End must be after start.';
  }
  return problems;
}

/** The fields but start and end: product, unit price (as typed) and the three choices. */
export function fieldProblems(draft: Omit<OfferDraft, 'start' | 'end'>): OfferDraftErrors {
  const errors: OfferDraftErrors = {};
  const product = productProblem(draft.product);
  if (product) errors.product = product;
  const price = unitPriceProblem(draft.unit_price);
  if (price) errors.unit_price = price;
  if (draft.publisher_id === null) errors.publisher_id = 'Choose a publisher.';
  if (draft.seller_id === null) errors.seller_id = 'Choose a seller.';
  if (draft.region_id === null) errors.region_id = 'Choose a region.';
  return errors;
}

/**
 * What is wrong with each field of `draft`, one sentence per field; an empty object when the draft
 * can be saved. `unit_price` is checked as typed: a sign, commas or a third decimal are errors
 * here, since the price field already removes what it may.
 */
export function validateOfferDraft(draft: OfferDraft): OfferDraftErrors {
  return {
    ...fieldProblems(draft),
    ...validityProblems(
      { text: draft.start, instant: instantOf(draft.start) },
      { text: draft.end, instant: instantOf(draft.end) },
    ),
  };
}
