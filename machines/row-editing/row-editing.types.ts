import type { components } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';

/** As the API client hands it over: amounts in integer cents. */
export type Offer = Read<components['schemas']['Offer']>;
export type OfferChange = components['schemas']['OfferChange'];

/**
 * The fields an editing row changes, as its inputs hold them: the unit price as typed ("12.5"),
 * start and end as ISO date-times without a zone, read in the browser's zone (behaviour §5), the
 * options by id (null: none chosen). Plain JSON, so a draft survives a reload.
 */
export type OfferDraft = {
  product: string;
  unit_price: string;
  publisher_id: number | null;
  seller_id: number | null;
  region_id: number | null;
  start: string;
  end: string;
};

export type DraftField = keyof OfferDraft;
/** One message per field the rules (or the server) refuse. */
export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * A save: the offer as the edit began (its id and version), the draft, and the draft the edit
 * began with; the fields that differ from it are the ones written.
 */
export type SaveInput = { original: Offer; draft: OfferDraft; initial: OfferDraft };
/** A save's answer: written, or refused because someone else changed the offer first (409). */
export type SaveOutcome = { saved: Offer } | { conflict: Offer };

/**
 * A row's save, sent in the background while the seller goes on: `saving` until the answer,
 * `saved` for a few seconds after it, `failed` (refused or not sent) until retried or dropped.
 */
export type RowSave = {
  status: 'saving' | 'saved' | 'failed';
  /** The offer the save was sent against; once saved, the offer as saved. */
  original: Offer;
  /** What was sent. */
  draft: OfferDraft;
  /** The draft the edit began with: the fields that differ from it are the ones written. */
  initial: OfferDraft;
  /** The server's message per field (a 400). */
  errors: DraftErrors;
  /** Why the save failed, for the whole row. */
  problem: string | null;
  /** Someone else's version, after a 409. */
  theirs: Offer | null;
};

export type RowEditingContext = {
  /** The offer as it was when the edit began (or, after a conflict, as the server now has it). */
  original: Offer | null;
  /** What the seller has typed. */
  draft: OfferDraft | null;
  /** The draft the edit began with: a change is any difference from it. */
  initial: OfferDraft | null;
  /** The rules' or the server's message per field, kept until the field changes. */
  errors: DraftErrors;
  /** Why the last save failed, for the whole row. */
  problem: string | null;
  /** Someone else's version, after a 409: shown beside the draft until one is kept. */
  theirs: Offer | null;
  /** The row waiting to be edited once the seller decides about the changed one. */
  next: { original: Offer; draft: OfferDraft } | null;
  /** The saves under way, just done or failed, by offer id: each row shows its own. */
  saves: Record<string, RowSave>;
};

export type RowEditingEvent =
  /** Double-click, Enter or F2 on a row, or its Edit button. */
  | { type: 'edit.start'; original: Offer; draft: OfferDraft }
  /** A draft kept from an earlier visit, taken up again; `initial` is the offer's own values, which the draft changes. */
  | { type: 'edit.resume'; original: Offer; draft: OfferDraft; initial: OfferDraft }
  | { type: 'edit.change'; patch: Partial<OfferDraft> }
  /** Enter, or the Update button. */
  | { type: 'edit.save' }
  /** Escape, or the Cancel button: the edited values are dropped. */
  | { type: 'edit.cancel' }
  /** Another page or route was asked for while this row edits. */
  | { type: 'edit.leave' }
  /** The seller confirms leaving the changed row: its values are dropped. */
  | { type: 'leave.discard' }
  /** The seller stays on the changed row. */
  | { type: 'leave.stay' }
  /** After a conflict: keep the other version and drop this one. */
  | { type: 'conflict.keepTheirs' }
  /** After a conflict: write this draft over the other version. */
  | { type: 'conflict.keepMine' }
  /** The Retry of a row not saved: sent again, or opened when the seller has to fix something. */
  | { type: 'save.retry'; id: number }
  /** A row's "Saved" has been shown long enough. */
  | { type: 'save.shown'; id: number };

export type RowEditingEmitted =
  /** The draft changed: the app keeps it in the browser until it is saved or dropped. */
  | { type: 'draft.changed'; original: Offer; draft: OfferDraft }
  /** The edit ended (saved, cancelled, dropped): any kept draft goes. */
  | { type: 'draft.settled'; id: number }
  | { type: 'row.saved'; offer: Offer }
  /** The save met a newer version: lists showing the offer reload. */
  | { type: 'row.conflict'; theirs: Offer }
  /** Leaving was confirmed with no other row to edit: the app goes where the seller asked. */
  | { type: 'edit.left' }
  /** A save failed for the whole row (not a field): the row shows it with Retry. */
  | { type: 'row.failed'; message: string }
  /** The rules or the server refused fields (a 400): the row stays open with their messages. */
  | { type: 'row.refused'; errors: DraftErrors };
