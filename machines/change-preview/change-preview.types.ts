import type { DraftErrors, DraftField, Offer, OfferDraft } from '../row-editing/row-editing.types';

export type { Offer };

/** Where the proposed values come from, as the history records them (`BulkUpdateRequest.source`). */
export type PreviewSource = 'fill' | 'paste';

/**
 * One proposed cell: the row's offer (with its version), the field, the value as typed, what it
 * reads as in the editing row's terms (`patch`), or why it cannot be read.
 */
export type ProposedChange = {
  offer: Offer;
  field: DraftField;
  typed: string;
  patch: Partial<OfferDraft>;
  unreadable: string | null;
};

/** One offer of the preview: its proposed values and what the offer rules say of them. */
export type PreviewRow = {
  /** The offer as the preview knows it: what the values replace, and the version sent. */
  offer: Offer;
  /** The values as typed, by field. */
  typed: Partial<Record<DraftField, string>>;
  /** The values as the editing row would hold them. */
  patch: Partial<OfferDraft>;
  /** Why a value could not be read, by field. */
  unreadable: DraftErrors;
  /** The rules' message per field (the unreadable ones included); the row is sent only without any. */
  problems: DraftErrors;
  /** Whether the row is applied; a row with problems cannot be. */
  ticked: boolean;
  /** The offer was changed by someone else since the preview began: `offer` is the server's now. */
  changedSince: boolean;
};

/** A paste with more rows than the page has from the focused row: how many it has, and how many fit. */
export type PreviewOverflow = { rows: number; fit: number };

export type PreviewInput = {
  source: PreviewSource;
  changes: readonly ProposedChange[];
  overflow?: PreviewOverflow;
};

/** One call: the rows still to send; the call sends as many as the contract takes at once. */
export type ApplyInput = { source: PreviewSource; rows: readonly PreviewRow[] };
/** A call's answer: how many rows it sent, how many offers were written and the batch to revert; or the offers changed meanwhile (409). */
export type ApplyOutcome = { sent: number; written: number; batchId: number | null } | { conflict: readonly Offer[] };

export type PreviewEvent =
  /** The seller agrees to a paste cut to the rows that fit. */
  | { type: 'preview.confirm' }
  /** The row's checkbox. */
  | { type: 'preview.toggle'; id: number }
  | { type: 'preview.apply' }
  | { type: 'preview.cancel' }
  | { type: 'preview.retry' }
  /** The snackbar's Undo: every batch the preview wrote is reverted. */
  | { type: 'preview.undo' };

export type PreviewEmitted =
  | { type: 'preview.applied'; written: number; canUndo: boolean }
  | { type: 'preview.conflicted'; count: number }
  | { type: 'preview.undone' }
  | { type: 'preview.undoFailed'; message: string };
