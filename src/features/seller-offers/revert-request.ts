/** A revert's request from the history records a screen shows (behaviour §7). */
import type { PutBack, RevertRequest } from '@machines/change-revert/change-revert.types';
import type { OfferChangeRecord } from '@/api/models';
import { offersText } from './offers-text';

/**
 * Reverting `record`'s batch: what it puts back on each offer of the batch the screen shows. A
 * row edit is one offer; another batch may hold offers the screen does not show, and says so.
 */
export function revertRequestOf(record: OfferChangeRecord, shown: readonly OfferChangeRecord[]): RevertRequest {
  const batch = shown.filter((each) => each.batch_id === record.batch_id);
  const putBack: Record<number, PutBack> = {};
  for (const each of batch.length > 0 ? batch : [record]) {
    putBack[each.offer_id] = {
      product: each.product,
      values: each.changes.map((change) => ({ field: change.field, back: change.old, replaced: change.new })),
    };
  }
  const known = Object.values(putBack);
  const offers =
    record.source === 'row_edit' || known.length === 0
      ? `“${record.product}”`
      : `${known.length === 1 ? `“${record.product}”` : offersText(known.length)} and any other offer changed with ${known.length === 1 ? 'it' : 'them'}`;
  return { batchId: record.batch_id, offers, putBack };
}
