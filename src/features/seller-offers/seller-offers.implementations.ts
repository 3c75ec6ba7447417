/** Manage Offers' calls: the seller's offer list and the editing row's save. */
import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import type { DraftField, OfferDraft, SaveInput } from '@machines/row-editing/row-editing.types';
import { statusOf } from '@machines/shared/message-of';
import { assign, fromPromise, type MachineImplementationsFrom } from 'xstate';
import { MALFORMED_MESSAGE } from '@/api/api-error';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery, Offer, OfferChange } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { list } from '@/core/workflows';
import { fromLocalIso, toLocalIso } from '@/lib/dates';
import { formatPriceInput } from '@/lib/price';
import { validateOfferDraft } from './offer-rules';

export const MANAGE_OFFERS_FALLBACK = 'Your offers could not be loaded.';

/** One page of the seller's own offers for the query in the URL. */
export const manageOfferListLogic = (api: ApiClient) =>
  list((query: ManageOfferListQuery, signal) =>
    unwrap(api.GET('/api/v1/manage-offers/', { params: { query }, signal })),
  );

/** The editing row's values for an offer: the price as the field shows it, times in the browser's zone. */
export const toDraft = (offer: Offer): OfferDraft => ({
  product: offer.product,
  unit_price: formatPriceInput(offer.unit_price),
  publisher_id: offer.publisher_id,
  seller_id: offer.seller_id,
  region_id: offer.region_id,
  start: toLocalIso(offer.start),
  end: toLocalIso(offer.end),
});

/** The fields that differ from the draft the edit began with, as the contract's `OfferChange`. */
function changeOf({ original, draft, initial }: SaveInput): OfferChange {
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

/** The row-editing machine's rules: the offer rules the CSV upload checks too. */
export const offerRules = {
  actions: {
    checkDraft: assign(({ context }) => ({ errors: context.draft ? validateOfferDraft(context.draft) : {} })),
  },
} satisfies MachineImplementationsFrom<typeof rowEditingMachine>;

const rowEditingImplementations = (api: ApiClient) =>
  ({
    actors: {
      saveOffer: fromPromise(async ({ input, signal }) => {
        const call = api.POST('/api/v1/manage-offers/update/', { body: { offers: [changeOf(input)] }, signal });
        try {
          const [saved] = (await unwrap(call)).offers;
          if (!saved) throw new Error(MALFORMED_MESSAGE);
          return { saved };
        } catch (error) {
          // 409: someone saved this offer since the edit began; their version comes back to compare.
          const { error: body } = await call;
          const theirs = statusOf(error) === 409 && body && 'offers' in body ? body.offers[0] : undefined;
          if (typeof theirs === 'object') return { conflict: theirs };
          throw error;
        }
      }),
    },
    ...offerRules,
  }) satisfies MachineImplementationsFrom<typeof rowEditingMachine>;

export const rowEditingLogic = (api: ApiClient) => rowEditingMachine.provide(rowEditingImplementations(api));
