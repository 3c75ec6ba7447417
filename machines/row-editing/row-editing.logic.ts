/** Pure helpers of the row-editing machine: what counts as a change, and where a refusal lands. */
import { fieldErrorsOf, permissionMessageOf } from '../shared/message-of';
import type { DraftErrors, DraftField, OfferDraft } from './row-editing.types';

const FIELDS: readonly DraftField[] = [
  'product',
  'unit_price',
  'publisher_id',
  'seller_id',
  'region_id',
  'start',
  'end',
];

export const isSameDraft = (a: OfferDraft, b: OfferDraft) => FIELDS.every((field) => a[field] === b[field]);

/** Errors of the fields a patch touches go: the seller is fixing them. */
export function withoutErrorsOf(errors: DraftErrors, patch: Partial<OfferDraft>): DraftErrors {
  const kept = { ...errors };
  for (const field of Object.keys(patch) as DraftField[]) delete kept[field];
  return kept;
}

/**
 * A server refusal on the row: 400 field errors keyed `offers.0.<field>` (the bulk update the row
 * is sent as) land on the row's inputs; anything else is one message for the row, worded by the
 * permission helper (behaviour §8).
 */
export function refusalOf(error: unknown): { errors: DraftErrors; problem: string | null } {
  const errors: DraftErrors = {};
  for (const [key, message] of Object.entries(fieldErrorsOf<Record<string, string>>(error))) {
    const field = key.replace(/^offers\.\d+\./, '') as DraftField;
    if (message && FIELDS.includes(field)) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { errors, problem: null };
  return { errors, problem: permissionMessageOf(error, 'update this offer') };
}
