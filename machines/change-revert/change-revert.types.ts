import type { components } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';

/** An offer as the server holds it now (amounts in integer cents). */
export type CurrentOffer = Read<components['schemas']['Offer']>;
export type OfferFieldChange = components['schemas']['OfferFieldChange'];
export type ChangedField = OfferFieldChange['field'];

/** A field's value, spelled as the history spells it (money as a decimal string, ISO date-times). */
export type FieldValue = OfferFieldChange['old'];

/**
 * What a revert would put back on one offer, field by field (`back`), and the value it replaces
 * (`replaced`), which putting back the revert in turn restores.
 */
export type PutBack = { product: string; values: { field: ChangedField; back: FieldValue; replaced: FieldValue }[] };

/** A batch to revert: its id, which offers it changed in words, and what reverting it puts back per offer. */
export interface RevertRequest {
  batchId: number;
  /** The offers, as the confirmation names them: "“Starfall”", "3 offers". */
  offers: string;
  putBack: Record<number, PutBack>;
}

/** The revert call's answer: its own batch (null: nothing changed), or the offers changed since. */
export type RevertOutcome = { reverted: number | null } | { conflict: CurrentOffer[] };

export type RevertEvent =
  /** Asks to revert a batch: the confirmation opens. */
  | { type: 'revert.ask'; request: RevertRequest }
  /** Reverts a batch at once, without asking (the snackbar's Undo of a revert). */
  | { type: 'revert.now'; request: RevertRequest }
  | { type: 'revert.confirm' }
  /** Closes the confirmation or the conflict view. */
  | { type: 'revert.dismiss' };

export type RevertEmitted =
  /** The batch was reverted; `batchId` is the revert's own batch, which Undo reverts in turn. */
  | { type: 'revert.done'; batchId: number | null; request: RevertRequest }
  /** The revert was refused (already reverted, not revertible, no permission): the reason. */
  | { type: 'revert.failed'; message: string };
