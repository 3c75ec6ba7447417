/** Pure helpers of the row-editing machine: what counts as a change, and where a refusal lands. */
import { fieldErrorsOf, permissionMessageOf } from '../shared/message-of';
import type { DraftErrors, DraftField, OfferChange, OfferDraft, RowSave } from './row-editing.types';

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

/** The id of the actor that sends a row's save, and the row a save's answer is for. */
export const saveActorId = (id: number | string) => `save.${id}`;
export const rowOfSave = (eventType: string) => eventType.slice(eventType.lastIndexOf('.') + 1);

/** The saves without one row's. */
export function withoutSave(saves: Record<string, RowSave>, id: number | string): Record<string, RowSave> {
  const { [String(id)]: _dropped, ...others } = saves;
  return others;
}

/** Whether a save is under way or failed: leaving would drop it or leave it unknown (behaviour §2). */
export const isUnsaved = (save: RowSave) => save.status !== 'saved';

/** Where an edit of a row begins when the row has a save: from what was sent, or from what failed. */
export function resumedFrom(save: RowSave) {
  if (save.status !== 'failed') {
    return { original: save.original, draft: save.draft, initial: save.draft, errors: {}, problem: null, theirs: null };
  }
  const { original, draft, initial, errors, problem, theirs } = save;
  return { original, draft, initial, errors, problem, theirs };
}
