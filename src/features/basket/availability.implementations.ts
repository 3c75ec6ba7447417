/** The availability check of the basket's offers, before they are shown and before they are sent. */
import { FIELD_LIMITS } from '@openapi/schema.facts';
import type { ApiClient } from '@/api/client';
import type { OfferAvailability } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { submission } from '@/core/workflows';

export const AVAILABILITY_FALLBACK = 'The basket could not be checked against the current offers.';

/** The contract takes at most this many ids per check (`AvailabilityRequest.offer_ids`, maxItems). */
const IDS_PER_CHECK = FIELD_LIMITS.AvailabilityRequest.offer_ids.maxItems;

/** The current state of each offer, in the order asked (a long basket is checked in parts). */
export const availabilityLogic = (api: ApiClient) =>
  submission(async (offerIds: number[], signal): Promise<OfferAvailability[]> => {
    const parts: number[][] = [];
    for (let start = 0; start < offerIds.length; start += IDS_PER_CHECK) {
      parts.push(offerIds.slice(start, start + IDS_PER_CHECK));
    }
    const answers = await Promise.all(
      parts.map((offer_ids) => unwrap(api.POST('/api/v1/offers/availability/', { body: { offer_ids }, signal }))),
    );
    return answers.flatMap((answer) => answer.offers);
  });
