/** The availability check of the basket's offers, before they are shown and before they are sent. */
import { basketReviewMachine } from '@machines/basket-review/basket-review.machine';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { OfferAvailability } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { basket } from '@/core/domain/basket';
import { findingsOf, outcomeOf, reviewOf, sendableLines } from './availability.logic';

export const AVAILABILITY_FALLBACK = 'The basket could not be checked against the current offers.';

/** The contract takes at most this many ids per check (`AvailabilityRequest.offer_ids`, maxItems). */
const IDS_PER_CHECK = FIELD_LIMITS.AvailabilityRequest.offer_ids.maxItems;

/** The current state of each offer, in the order asked (a long basket is checked in parts). */
async function availabilityOf(api: ApiClient, offerIds: number[], signal: AbortSignal): Promise<OfferAvailability[]> {
  const parts: number[][] = [];
  for (let start = 0; start < offerIds.length; start += IDS_PER_CHECK) {
    parts.push(offerIds.slice(start, start + IDS_PER_CHECK));
  }
  const answers = await Promise.all(
    parts.map((offer_ids) => unwrap(api.POST('/api/v1/offers/availability/', { body: { offer_ids }, signal }))),
  );
  return answers.flatMap((answer) => answer.offers);
}

/**
 * The review's check: the answer read against the basket as it is when it comes, after what the
 * user was shown before; the basket takes the new prices as the findings show (behaviour §2).
 */
export const basketReviewLogic = (api: ApiClient) =>
  basketReviewMachine.provide({
    actors: {
      checkAvailability: fromPromise(async ({ input, signal }) => {
        const answer = await availabilityOf(api, input.offerIds, signal);
        const outcome = outcomeOf(basket.items(), answer, reviewOf(input.previous));
        return {
          findings: findingsOf(outcome.review),
          hasNews: outcome.hasNews,
          lines: sendableLines(basket.items(), outcome.review),
          newPrices: outcome.newPrices,
        };
      }),
    },
    actions: {
      takePrices: (_, outcome) => {
        if (outcome.newPrices.size > 0) basket.setPrices(outcome.newPrices);
      },
    },
  });
