/** What reverting a batch puts back, and what reverting the revert does (behaviour §7). */
import type { PutBack, RevertRequest } from './change-revert.types';

/** Undoing a revert: its own batch puts back what the revert replaced. */
export function undoOf(request: RevertRequest, batchId: number): RevertRequest {
  const putBack: Record<number, PutBack> = {};
  for (const [id, offer] of Object.entries(request.putBack)) {
    putBack[Number(id)] = {
      product: offer.product,
      values: offer.values.map(({ field, back, replaced }) => ({ field, back: replaced, replaced: back })),
    };
  }
  return { batchId, offers: request.offers, putBack };
}
