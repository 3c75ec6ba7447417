/**
 * The editing row's check of a whole offer, made of the contract's rules for each field
 * (openapi/rules/offer.ts). The inputs hold start and end as local date-times: each is checked as
 * the instant it names in the browser's zone, as the contract will receive it (`fromLocalIso`).
 */
import type { DraftErrors, OfferDraft } from '@machines/row-editing/row-editing.types';
import { type Moment, offerProblems } from '@openapi/rules/offer';
import { fromLocalIso } from '@/lib/dates';

/** The editable fields as the inputs hold them (the row-editing machine's draft). */
export type { OfferDraft } from '@machines/row-editing/row-editing.types';

/** A local date-time as typed, with the instant it names; none when it names a day or time that does not exist. */
export function localMoment(local: string): Moment {
  const iso = fromLocalIso(local);
  return { text: local, instant: iso === null ? null : Date.parse(iso) };
}

/**
 * What is wrong with each field of `draft`, one sentence per field; an empty object when the draft
 * can be saved.
 */
export function validateOfferDraft(draft: OfferDraft): DraftErrors {
  return offerProblems({ ...draft, start: localMoment(draft.start), end: localMoment(draft.end) });
}
