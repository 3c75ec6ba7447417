/** Pure helpers of the row-editing machine: what counts as a change, and where a refusal lands. */
import { fieldErrorsOf, permissionMessageOf } from '../shared/message-of';
import type { DraftErrors, DraftField, OfferChange, OfferDraft } from './row-editing.types';

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

/** How the contract's bulk update names a field of its first (the row's only) change. */
type BulkUpdateField = `offers.0.${keyof OfferChange}`;

/**
 * A server refusal on the row: 400 field errors keyed `offers.0.<field>` (the bulk update the row
 * is sent as) land on the row's inputs; anything else is one message for the row, worded by the
 * permission helper (behaviour §8).
 */
export function refusalOf(error: unknown): { errors: DraftErrors; problem: string | null } {
  const refused = fieldErrorsOf<Record<BulkUpdateField, unknown>>(error);
  const errors: DraftErrors = {};
  for (const field of FIELDS) {
    const message = refused[`offers.0.${field}`];
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { errors, problem: null };
  return { errors, problem: permissionMessageOf(error, 'update this offer') };
}
