/** Bulk actions' counting and messages (behaviour §7, §8). */
import type { CurrentOffer, PutBack } from '../change-revert/change-revert.types';
import type { BulkChunk, BulkFields, BulkPlan, SentBatch } from './bulk-actions.types';

export const BULK_FALLBACK = 'The offers could not be changed.';
export const UNDO_FALLBACK = 'The change could not be undone.';
/** Why the offers after the last chunk sent were not changed when the seller stopped the action. */
export const CANCELLED_MESSAGE = 'The action was stopped';

/** How many offers one call is for. */
export const offersIn = (chunk: BulkChunk) => (chunk.action === 'update' ? chunk.changes.length : chunk.ids.length);

/** A failed undo: the reason, and how far it got when some of it went through. */
export const undoFailureOf = (reason: string, done: number, total: number) =>
  done > 0 ? `Undo stopped after ${done} of ${total} offers: ${reason}` : reason;

export const offersInBatches = (batches: readonly SentBatch[]) => batches.reduce((sum, batch) => sum + batch.offers, 0);

/** Why an undo stopped at offers changed since the action. */
export const UNDO_CONFLICT_MESSAGE = 'Some offers changed since; their changes were not undone.';

/** The fields a bulk update may set, in the order the update form shows them. */
export const BULK_FIELDS: readonly (keyof BulkFields)[] = ['unit_price', 'start', 'end', 'region_id'];

type PlannedChunk = BulkPlan['chunks'][number];

/** The chunk without the offers changed meanwhile; null when none is left to send. */
export function withoutChanged(planned: PlannedChunk, changed: readonly CurrentOffer[]): PlannedChunk | null {
  if (planned.send.action !== 'update') return planned;
  const ids = new Set(changed.map((offer) => offer.id));
  const changes = planned.send.changes.filter((change) => !ids.has(change.id));
  if (changes.length === 0) return null;
  const putBack = Object.fromEntries(Object.entries(planned.putBack).filter(([id]) => !ids.has(Number(id))));
  return { send: { action: 'update', changes }, putBack };
}

/** The chunk sent over the versions of the offers changed meanwhile: their changes are overwritten. */
export function overChanged(planned: PlannedChunk, changed: readonly CurrentOffer[]): PlannedChunk {
  if (planned.send.action !== 'update') return planned;
  const versions = new Map(changed.map((offer) => [offer.id, offer.version]));
  const changes = planned.send.changes.map((change) => {
    const version = versions.get(change.id);
    return version === undefined ? change : { ...change, version };
  });
  return { ...planned, send: { action: 'update', changes } };
}

/** What an update's chunk would write on each offer, for the conflict view's "yours". */
export function yoursOf(chunk: BulkChunk | undefined, products: BulkPlan['products']): Record<number, PutBack> {
  if (chunk?.action !== 'update') return {};
  return Object.fromEntries(
    chunk.changes.map((change) => [
      change.id,
      {
        product: products[change.id] ?? `Offer ${change.id}`,
        values: BULK_FIELDS.flatMap((field) => {
          const value = change[field];
          return value === undefined ? [] : [{ field, back: value, replaced: value }];
        }),
      },
    ]),
  );
}
