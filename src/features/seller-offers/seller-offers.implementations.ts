/** Manage Offers' calls: the seller's offer list and the editing row's save. */
import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import type { DraftField, OfferDraft, SaveInput } from '@machines/row-editing/row-editing.types';
import { statusOf } from '@machines/shared/message-of';
import { centsOf } from '@openapi/rules/money';
import { formatPriceInput } from '@openapi/rules/price';
import { assign, fromPromise, type MachineImplementationsFrom } from 'xstate';
import { MALFORMED_MESSAGE } from '@/api/api-error';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery, Offer, OfferChange, OfferConflict } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { list } from '@/core/workflows';
import { fromLocalIso, toLocalIso } from '@/lib/dates';
import { plainAmount } from '@/lib/money';
import { validateOfferDraft } from './offer-rules';

export const MANAGE_OFFERS_FALLBACK = 'Your offers could not be loaded.';

/** One page of the seller's own offers for the query in the URL. */
export const manageOfferListLogic = (api: ApiClient) =>
  list((query: ManageOfferListQuery, signal) =>
    unwrap(api.GET('/api/v1/manage-offers/', { params: { query }, signal })),
  );

/**
 * The editing row's values for an offer: the price as the field shows it (empty for a price the
 * app could not read, which the seller then enters), times in the browser's zone.
 */
export const toDraft = (offer: Offer): OfferDraft => ({
  product: offer.product,
  unit_price: plainAmount(offer.unit_price),
  publisher_id: offer.publisher_id,
  seller_id: offer.seller_id,
  region_id: offer.region_id,
  start: toLocalIso(offer.start),
  end: toLocalIso(offer.end),
});

/** The fields that differ from the draft the edit began with, as the contract's `OfferChange`. */
export function changeOf({ original, draft, initial }: SaveInput): OfferChange {
  const change: OfferChange = { id: original.id, version: original.version };
  const changed = (field: DraftField) => draft[field] !== initial[field];
  if (changed('product')) change.product = draft.product.trim();
  if (changed('unit_price')) change.unit_price = formatPriceInput(draft.unit_price);
  if (changed('publisher_id') && draft.publisher_id !== null) change.publisher_id = draft.publisher_id;
  if (changed('seller_id') && draft.seller_id !== null) change.seller_id = draft.seller_id;
  if (changed('region_id') && draft.region_id !== null) change.region_id = draft.region_id;
  // The rules let no unreadable time through; `?? undefined` only satisfies the type.
  if (changed('start')) change.start = fromLocalIso(draft.start) ?? undefined;
  if (changed('end')) change.end = fromLocalIso(draft.end) ?? undefined;
  return change;
}

/**
 * Whether `theirs` already holds every field `change` writes: the same save went through before
 * and only its answer was lost (the seller pressed Update again after an unreadable reply).
 */
function holdsChange(theirs: Offer, change: OfferChange): boolean {
  const sameTime = (mine: string | undefined, stored: string) =>
    mine === undefined || Date.parse(mine) === Date.parse(stored);
  return (
    (change.product === undefined || change.product === theirs.product) &&
    (change.unit_price === undefined || centsOf(change.unit_price) === theirs.unit_price) &&
    (change.publisher_id === undefined || change.publisher_id === theirs.publisher_id) &&
    (change.seller_id === undefined || change.seller_id === theirs.seller_id) &&
    (change.region_id === undefined || change.region_id === theirs.region_id) &&
    sameTime(change.start, theirs.start) &&
    sameTime(change.end, theirs.end)
  );
}

/** The contract's `OfferConflict`: the 409 of an edit over someone else's newer save. */
export const isStaleVersion = (body: unknown): body is OfferConflict =>
  typeof body === 'object' &&
  body !== null &&
  (body as { code?: unknown }).code === 'stale_version' &&
  Array.isArray((body as { offers?: unknown }).offers);

/** The row-editing machine's rules: the offer rules the CSV upload checks too. */
export const offerRules = {
  actions: {
    checkDraft: assign(({ context }) => ({ errors: context.draft ? validateOfferDraft(context.draft) : {} })),
  },
} satisfies MachineImplementationsFrom<typeof rowEditingMachine>;

/** One offer saved: the offer as saved, or someone else's version when the save conflicts (409). */
async function saveOne(api: ApiClient, input: SaveInput, signal: AbortSignal) {
  const change = changeOf(input);
  const call = api.POST('/api/v1/manage-offers/update/', { body: { source: 'row_edit', offers: [change] }, signal });
  try {
    const [saved] = (await unwrap(call)).offers;
    if (!saved) throw new Error(MALFORMED_MESSAGE);
    return { saved };
  } catch (error) {
    // Only a 409 has an answer to read again: a call that never got one rethrows its raw
    // network error, and the seller would read "Failed to fetch" instead of unwrap's words.
    if (statusOf(error) !== 409) throw error;
    // Someone saved this offer since the edit began; their version comes back to compare.
    const { error: body } = await call;
    const theirs = isStaleVersion(body) ? body.offers[0] : undefined;
    if (typeof theirs !== 'object') throw error;
    // Unless "someone" was this very save, whose answer was lost: it is saved, once.
    return holdsChange(theirs, change) ? { saved: theirs } : { conflict: theirs };
  }
}

const rowEditingImplementations = (api: ApiClient) =>
  ({
    actors: {
      // Saved or in conflict, the offer lists have another version to show.
      saveOffer: fromPromise(({ input, signal }) => changing(['offers'], saveOne(api, input, signal))),
    },
    ...offerRules,
  }) satisfies MachineImplementationsFrom<typeof rowEditingMachine>;

export const rowEditingLogic = (api: ApiClient) => rowEditingMachine.provide(rowEditingImplementations(api));
