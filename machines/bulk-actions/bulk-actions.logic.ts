/** Bulk actions' counting and messages (behaviour §7, §8). */
import type { BulkChunk, SentBatch } from './bulk-actions.types';

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
