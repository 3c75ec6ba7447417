/**
 * Offer history's calls (behaviour §7): one offer's changes, the seller's own recent changes, and
 * reverting a batch of them (`POST /api/v1/manage-offers/changes/{batchId}/revert/`), which
 * changes the offer lists. A revert refused because offers changed since answers those offers for
 * the conflict view; other refusals keep the server's `detail`.
 */
import { changeRevertMachine } from '@machines/change-revert/change-revert.machine';
import type { RevertOutcome } from '@machines/change-revert/change-revert.types';
import { statusOf } from '@machines/shared/message-of';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { OfferChangeListQuery } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { list } from '@/core/workflows';
import { fromLocalIso } from '@/lib/dates';
import { isStaleVersion } from './seller-offers.implementations';

export const HISTORY_FALLBACK = 'The history could not be loaded.';
export const CHANGES_FALLBACK = 'Your changes could not be loaded.';

/** One page of an offer's history, newest first. */
export const offerHistoryLogic = (api: ApiClient) =>
  list(({ offerId, offset, limit }: { offerId: number; offset: number; limit: number }, signal) =>
    unwrap(
      api.GET('/api/v1/manage-offers/{offerId}/history/', {
        params: { path: { offerId }, query: { offset, limit } },
        signal,
      }),
    ),
  );

/**
 * The Recent changes view's query: the contract's, with `since` a day in the address (from its
 * first moment, in the browser's zone) and the one order the contract gives, newest first.
 */
export type RecentChangesQuery = OfferChangeListQuery & { ordering?: '-at' };

/** One page of the seller's own changes for the query in the URL. */
export const recentChangesLogic = (api: ApiClient) =>
  list(({ ordering: _newestFirst, since, ...query }: RecentChangesQuery, signal) => {
    const from = since === undefined ? undefined : (fromLocalIso(`${since}T00:00`) ?? undefined);
    return unwrap(
      api.GET('/api/v1/manage-offers/changes/', {
        params: { query: { ...query, ...(from !== undefined && { since: from }) } },
        signal,
      }),
    );
  });

/** Reverts one batch: its own batch, or the offers changed since (409 `stale_version`). */
export async function revertBatch(api: ApiClient, batchId: number, signal: AbortSignal): Promise<RevertOutcome> {
  const call = api.POST('/api/v1/manage-offers/changes/{batchId}/revert/', {
    params: { path: { batchId } },
    signal,
  });
  try {
    const result = await changing(['offers'], unwrap(call));
    return { reverted: result.batch_id ?? null };
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
    const { error: body } = await call;
    if (!isStaleVersion(body)) throw error;
    return { conflict: body.offers };
  }
}

/** The revert flow with the API's call. */
export const changeRevertLogic = (api: ApiClient) =>
  changeRevertMachine.provide({
    actors: { revertBatch: fromPromise(({ input, signal }) => revertBatch(api, input.batchId, signal)) },
  });
