/**
 * Manage Offers' bulk actions (behaviour §2 and §7), the calls of machines/bulk-actions: reading
 * which offers an action is for and planning its chunks, then publishing or withdrawing them
 * (`POST /api/v1/manage-offers/publish/`) or setting the same fields on all of them
 * (`POST /api/v1/manage-offers/update/`), one chunk per call. The contract takes at most 500 offers
 * per call (CHUNK_SIZE, read from the contract); the machine sends the chunks one after another.
 * An update sends each offer's version where it was read, as a single-row save does; a 409
 * `stale_version` answers with the offers changed meanwhile.
 * Undo reverts each chunk's history batch (`POST /api/v1/manage-offers/changes/{batchId}/revert/`).
 */
import { BULK_FIELDS } from '@machines/bulk-actions/bulk-actions.logic';
import { bulkActionsMachine } from '@machines/bulk-actions/bulk-actions.machine';
import type {
  BulkAction,
  BulkChunk,
  BulkFieldErrors,
  BulkFields,
  BulkPlan,
  BulkRequest,
  BulkTarget,
  SendChunkInput,
} from '@machines/bulk-actions/bulk-actions.types';
import type { PutBack } from '@machines/change-revert/change-revert.types';
import { fieldErrorsOf, permissionMessageOf, statusOf } from '@machines/shared/message-of';
import { moneyOf } from '@openapi/rules/money';
import { FIELD_LIMITS, PARAMETER_LIMITS } from '@openapi/schema.facts';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery, Offer, OfferChange } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { revertBatch } from './history.implementations';
import { isStaleVersion } from './seller-offers.implementations';

/** The most offers one call takes: the contract's `maxItems` of `PublishRequest.offer_ids` and `BulkUpdateRequest.offers`. */
export const CHUNK_SIZE = Math.min(
  FIELD_LIMITS.PublishRequest.offer_ids.maxItems,
  FIELD_LIMITS.BulkUpdateRequest.offers.maxItems,
);
/** The contract's largest page (`Limit`): "all matching" reads the set in pages of this size. */
const PAGE_SIZE = PARAMETER_LIMITS.Limit.maximum;

/** The permission helper's `{action}` (behaviour §8): 'You do not have permission to publish offers'. */
const ACTION_TEXT: Record<BulkAction, string> = {
  publish: 'publish offers',
  withdraw: 'withdraw offers',
  update: 'update offers',
};

/** A refused call: its message, and the field errors the update form shows. */
class BulkRefusal extends Error {
  override name = 'BulkRefusal';
  constructor(
    message: string,
    readonly fieldErrors: BulkFieldErrors = {},
  ) {
    super(message);
  }
}

const inChunksOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK_SIZE) }, (_, index) =>
    items.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
  );

/**
 * The offers of the filtered set, offsets 0, 100, 200, … until `count`, or until `isEnough` says
 * so. An empty page ends the walk when the set shrank meanwhile.
 */
async function readMatching(
  api: ApiClient,
  filters: ManageOfferListQuery,
  signal: AbortSignal,
  isEnough: (found: ReadonlyMap<number, Offer>) => boolean = () => false,
): Promise<Map<number, Offer>> {
  const found = new Map<number, Offer>();
  let count = 1;
  for (let offset = 0; offset < count; offset += PAGE_SIZE) {
    const query = { ...filters, limit: PAGE_SIZE, offset };
    const page = await unwrap(api.GET('/api/v1/manage-offers/', { params: { query }, signal }));
    count = page.count;
    if (page.results.length === 0) break;
    for (const offer of page.results) found.set(offer.id, offer);
    if (isEnough(found)) break;
  }
  return found;
}

/**
 * The ids an action is for and, where known, each offer as it is before the change. An update
 * needs every offer's old values for its undo: offers the page does not show (chosen on another
 * page) are looked up in the filtered set.
 */
async function offersOf(api: ApiClient, target: BulkTarget, needsValues: boolean, signal: AbortSignal) {
  if (target.allMatching) {
    const before = await readMatching(api, target.filters, signal);
    return { ids: [...before.keys()], before };
  }
  const ids = [...new Set(target.ids)];
  const chosen = new Set(ids);
  const before = new Map(target.shown.filter((offer) => chosen.has(offer.id)).map((offer) => [offer.id, offer]));
  const unknown = ids.filter((id) => !before.has(id));
  if (needsValues && unknown.length > 0) {
    const read = await readMatching(api, target.filters, signal, (found) => unknown.every((id) => found.has(id)));
    for (const id of unknown) {
      const offer = read.get(id);
      if (offer) before.set(id, offer);
    }
  }
  return { ids, before };
}

/** What undoing an update puts back on `offer`: each set field's old value, for the conflict view. */
function putBackOf(offer: Offer, fields: BulkFields): PutBack {
  const values: PutBack['values'] = [];
  for (const field of BULK_FIELDS) {
    const replaced = fields[field];
    if (replaced === undefined) continue;
    const back =
      field === 'unit_price' ? (Number.isFinite(offer.unit_price) ? moneyOf(offer.unit_price) : null) : offer[field];
    values.push({ field, back, replaced });
  }
  return { product: offer.product, values };
}

/** Each chunk of an action with what undoing it puts back on each offer the app knows. */
function planOf(request: BulkRequest, ids: readonly number[], before: ReadonlyMap<number, Offer>): BulkPlan {
  const { action, target: _target, ...fields } = request;
  const products = Object.fromEntries([...before].map(([id, offer]) => [id, offer.product]));
  if (action === 'update') {
    const sets = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as BulkFields;
    // An offer not read goes without a version: the change applies whatever its version.
    const changeOf = (id: number): OfferChange => {
      const version = before.get(id)?.version;
      return { id, ...(version !== undefined && { version }), ...sets };
    };
    const chunks = inChunksOf(ids.map(changeOf)).map((changes) => {
      const putBack: Record<number, PutBack> = {};
      for (const { id } of changes) {
        const offer = before.get(id);
        if (offer) putBack[id] = putBackOf(offer, sets);
      }
      return { send: { action, changes }, putBack };
    });
    return { of: ids.length, products, chunks };
  }
  const publish = action === 'publish';
  const chunks = inChunksOf(ids).map((chunk) => {
    // The server records only offers whose state changes; undo reverts those.
    const putBack: Record<number, PutBack> = {};
    for (const id of chunk) {
      const offer = before.get(id);
      if (offer?.is_published === publish) continue;
      putBack[id] = {
        product: offer?.product ?? `Offer ${id}`,
        values: [{ field: 'is_published', back: !publish, replaced: publish }],
      };
    }
    return { send: { action, ids: chunk }, putBack };
  });
  return { of: ids.length, products, chunks };
}

/**
 * A 400 to a bulk update names its problems `offers.N.field` (N: the place in that call's list):
 * the first one as a sentence naming the offer, and per field of the form its first message.
 */
function updateProblems(error: unknown, changes: readonly OfferChange[], products: Readonly<Record<number, string>>) {
  const fieldErrors: BulkFieldErrors = {};
  const offersWithProblems = new Set<number>();
  let first: string | null = null;
  for (const [key, message] of Object.entries(fieldErrorsOf<Record<string, unknown>>(error))) {
    const match = /^offers\.(\d+)\.(\w+)$/.exec(key);
    if (!match || !message) continue;
    const id = changes[Number(match[1])]?.id;
    const text = `${id === undefined ? 'An offer' : (products[id] ?? `Offer ${id}`)}: ${message}`;
    first ??= text;
    offersWithProblems.add(id ?? -1);
    const field = BULK_FIELDS.find((name) => name === match[2]);
    if (field && !fieldErrors[field]) fieldErrors[field] = text;
  }
  if (first === null) return null;
  const more = offersWithProblems.size - 1;
  const summary = more > 0 ? `${first} (and ${more} more ${more === 1 ? 'offer' : 'offers'})` : first;
  return { summary, fieldErrors };
}

/**
 * Why a chunk's call failed, as the user reads it (behaviour §8). An update's 400 names the offer;
 * refused as the action's first call, it says that none were updated (each call is all or nothing).
 */
function refusalOf(error: unknown, { chunk, isFirst, products }: SendChunkInput): BulkRefusal {
  if (chunk.action === 'update' && statusOf(error) === 400) {
    const problems = updateProblems(error, chunk.changes, products);
    if (problems) {
      const summary = isFirst ? `No offers were updated. ${problems.summary}` : problems.summary;
      return new BulkRefusal(summary, problems.fieldErrors);
    }
  }
  return new BulkRefusal(permissionMessageOf(error, ACTION_TEXT[chunk.action]));
}

/** One chunk's call. */
const sendChunkCall = (api: ApiClient, chunk: BulkChunk, signal: AbortSignal) =>
  chunk.action === 'update'
    ? api.POST('/api/v1/manage-offers/update/', { body: { offers: chunk.changes }, signal })
    : api.POST('/api/v1/manage-offers/publish/', {
        body: { offer_ids: chunk.ids, publish: chunk.action === 'publish' },
        signal,
      });

/** The bulk-actions machine with the API's calls. */
export const bulkActionsLogic = (api: ApiClient) =>
  bulkActionsMachine.provide({
    actors: {
      planBulk: fromPromise(async ({ input, signal }) => {
        try {
          const { ids, before } = await offersOf(api, input.target, input.action === 'update', signal);
          return planOf(input, ids, before);
        } catch (error) {
          throw new BulkRefusal(permissionMessageOf(error, ACTION_TEXT[input.action]));
        }
      }),
      sendChunk: fromPromise(async ({ input, signal }) => {
        const call = sendChunkCall(api, input.chunk, signal);
        try {
          // It changes the offer lists.
          const result = await changing(['offers'], unwrap(call));
          return { written: result.count, batchId: result.batch_id ?? null };
        } catch (error) {
          if (statusOf(error) === 409) {
            // Offers changed meanwhile: nothing of the chunk was written; they come back as they are now.
            const { error: body } = await call;
            if (isStaleVersion(body) && body.offers.length > 0) return { conflict: body.offers };
          }
          throw refusalOf(error, input);
        }
      }),
      revertBatch: fromPromise(async ({ input, signal }) => {
        try {
          return await revertBatch(api, input.batchId, signal);
        } catch (error) {
          throw new BulkRefusal(permissionMessageOf(error, 'undo changes'));
        }
      }),
    },
  });

/** One bulk action, from the bar's buttons to the snackbar's Undo; the update form watches it. */
export type BulkApplyRef = ActorRefFrom<typeof bulkActionsMachine>;
