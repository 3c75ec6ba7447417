import type { components, operations } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';
import type { CurrentOffer, PutBack } from '../change-revert/change-revert.types';

/** As the API client hands it over: amounts in integer cents. */
export type Offer = Read<components['schemas']['Offer']>;
export type OfferChange = components['schemas']['OfferChange'];
/** The Manage Offers list's query without limit and offset. */
export type OfferListQuery = NonNullable<operations['listManageOffers']['parameters']['query']>;

export type BulkAction = 'publish' | 'withdraw' | 'update';

/** The fields a bulk update sets on every chosen offer; a field left out keeps each offer's value. */
export type BulkFields = Pick<OfferChange, 'unit_price' | 'start' | 'end' | 'region_id'>;
/** A refused update's first message per field of the update form. */
export type BulkFieldErrors = Partial<Record<keyof BulkFields, string>>;

/** Which offers an action is for. */
export interface BulkTarget {
  /** The chosen offers; not used when `allMatching`. */
  ids: readonly number[];
  /** Every offer of `filters`, read page by page before the change. */
  allMatching: boolean;
  filters: OfferListQuery;
  /** The offers the page shows: their values before the change, without reading them again. */
  shown: readonly Offer[];
}

/** One bulk action; an update's fields sit beside it, keyed as the update form names them. */
export type BulkRequest = { action: BulkAction; target: BulkTarget } & BulkFields;

/** One call: publish or withdraw these ids, or set these values (at most the contract's `maxItems`). */
export type BulkChunk =
  | { action: 'publish' | 'withdraw'; ids: number[] }
  | { action: 'update'; changes: OfferChange[] };

/** What the action will send, chunk by chunk, each with what reverting it puts back per offer. */
export interface BulkPlan {
  /** How many offers the action is for. */
  of: number;
  /** The offers' product names by id, for a refusal that names an offer. */
  products: Record<number, string>;
  chunks: { send: BulkChunk; putBack: Record<number, PutBack> }[];
}

/** A chunk's answer: how many offers the server wrote, and the history batch to revert (null: none changed). */
export type ChunkResult = { written: number; batchId: number | null };
/** A chunk's call: written, or refused for offers changed meanwhile (409: nothing of it written), as they are now. */
export type ChunkOutcome = ChunkResult | { conflict: CurrentOffer[] };

/** A chunk that went through and changed something: Undo reverts its batch. */
export type SentBatch = { batchId: number; offers: number; putBack: Record<number, PutBack> };

/** A chunk's call; a refusal of the first one says that nothing was written (behaviour §8). */
export type SendChunkInput = {
  chunk: BulkChunk;
  isFirst: boolean;
  products: BulkPlan['products'];
};

export type BulkEvent =
  /** Opens the confirmation of a publish or a withdrawal. */
  | { type: 'bulk.confirm' }
  /** Opens the update form. */
  | { type: 'bulk.edit' }
  /** Closes the confirmation or the form without acting. */
  | { type: 'bulk.dismiss' }
  | { type: 'bulk.apply'; request: BulkRequest }
  /**
   * Stops a running action after the chunk in flight, or at offers changed meanwhile; what went
   * through stays and can be undone.
   */
  | { type: 'bulk.cancel' }
  /** At offers changed meanwhile: sends their chunk without them, then goes on. */
  | { type: 'bulk.skipChanged' }
  /** At offers changed meanwhile: sends their chunk again over their versions, then goes on. */
  | { type: 'bulk.overwrite' }
  | { type: 'bulk.undo' };

export type BulkOutcome = {
  action: BulkAction;
  /** How many offers the server wrote (publishing an offer already published writes nothing). */
  written: number;
  /** How many offers the calls that went through were for, of how many. */
  sent: number;
  of: number;
  /** Whether Undo has something to put back. */
  canUndo: boolean;
  /** Why the rest was not changed (a chunk failed, or the action was cancelled); null when all went through. */
  problem: string | null;
};

export type BulkEmitted =
  /** The action ended with something sent: all, or part of it. */
  | { type: 'bulk.done'; outcome: BulkOutcome }
  /** Nothing was written: the message, and an update's field messages for its form. */
  | { type: 'bulk.refused'; message: string; fieldErrors: BulkFieldErrors }
  /** A chunk met offers changed meanwhile: how many; the action waits for the seller's choice. */
  | { type: 'bulk.conflicted'; count: number }
  | { type: 'bulk.undone'; action: BulkAction }
  | { type: 'bulk.undoFailed'; message: string }
  /** Undo stopped at offers changed since: theirs now, and what the undo would put back. */
  | { type: 'bulk.undoConflict'; message: string; offers: CurrentOffer[]; putBack: Record<number, PutBack> };
