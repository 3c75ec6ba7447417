/**
 * Manage Offers' bulk actions (behaviour §2 and §7): publish or withdraw the chosen offers
 * (`POST /api/v1/manage-offers/publish/`) or set the same fields on all of them
 * (`POST /api/v1/manage-offers/update/`), each answered with what puts the old values back.
 *
 * The contract takes at most 500 offers per call (CHUNK_SIZE, read from the contract), so a larger
 * choice goes out in chunks, one after another. Each call is all or nothing; a chunk that fails
 * stops the rest, and what the chunks before it did is reported (and can be undone) instead of
 * being lost.
 */
import { fieldErrorsOf, permissionMessageOf, statusOf } from '@machines/shared/message-of';
import { moneyOf } from '@openapi/rules/money';
import { FIELD_LIMITS, PARAMETER_LIMITS } from '@openapi/schema.facts';
import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { ManageOfferListQuery, Offer, OfferChange } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { submission } from '@/core/workflows';

/** The most offers one call takes: the contract's `maxItems` of `PublishRequest.offer_ids` and `BulkUpdateRequest.offers`. */
const CHUNK_SIZE = Math.min(
  FIELD_LIMITS.PublishRequest.offer_ids.maxItems,
  FIELD_LIMITS.BulkUpdateRequest.offers.maxItems,
);
/** The contract's largest page (`Limit`): "all matching" reads the set in pages of this size. */
const PAGE_SIZE = PARAMETER_LIMITS.Limit.maximum;

export const BULK_FALLBACK = 'The offers could not be changed.';
export const UNDO_FALLBACK = 'The change could not be undone.';

export type BulkAction = 'publish' | 'withdraw' | 'update';

/** The fields a bulk update sets on every chosen offer; a field left out keeps each offer's value. */
export type BulkFields = Pick<OfferChange, 'unit_price' | 'start' | 'end' | 'region_id'>;
type BulkField = keyof BulkFields;
const BULK_FIELDS: readonly BulkField[] = ['unit_price', 'start', 'end', 'region_id'];

/** Which offers an action is for. */
interface BulkTarget {
  /** The chosen offers; not used when `allMatching`. */
  ids: readonly number[];
  /** Every offer of `filters`, read page by page before the change. */
  allMatching: boolean;
  /** The list's query without limit and offset. */
  filters: ManageOfferListQuery;
  /** The offers the page shows: their values before the change, without reading them again. */
  shown: readonly Offer[];
}

/**
 * One bulk action. An update's fields sit beside the action, so the server's field errors are keyed
 * by the names the form uses (`submission.failed` types them by this request's keys).
 */
export type BulkRequest = { action: BulkAction; target: BulkTarget } & BulkFields;

/** What puts the old values back: the opposite publish move for the ids that changed, or old fields. */
export type BulkUndo = { action: 'publish' | 'withdraw'; ids: number[] } | { action: 'update'; changes: OfferChange[] };

export interface BulkOutcome {
  action: BulkAction;
  /** How many offers the server wrote (publishing an offer already published writes nothing). */
  written: number;
  /** How many offers the calls that went through were for. */
  sent: number;
  /** How many offers the action was for. */
  of: number;
  /** Null when nothing was written, or nothing can be put back. */
  undo: BulkUndo | null;
  /** Why a later chunk failed (the offers after `sent` were not changed); null when all went through. */
  problem: string | null;
}

/** The permission helper's `{action}` (behaviour §8): 'You do not have permission to publish offers'. */
const ACTION_TEXT: Record<BulkAction, string> = {
  publish: 'publish offers',
  withdraw: 'withdraw offers',
  update: 'update offers',
};

/** A refusal before anything was written: its message, and the field errors the update form shows. */
class BulkRefusal extends Error {
  override name = 'BulkRefusal';
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<BulkField, string>>,
  ) {
    super(message);
  }
}

type Chunked<T> = { written: number; sent: T[]; failure: { error: unknown; chunk: T[] } | null };

/** Sends `items` in chunks of the contract's largest size, one call after another, until one fails. */
async function inChunks<T>(items: readonly T[], send: (chunk: T[]) => Promise<number>): Promise<Chunked<T>> {
  let written = 0;
  const sent: T[] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE) {
    const chunk = items.slice(start, start + CHUNK_SIZE);
    try {
      written += await send(chunk);
    } catch (error) {
      return { written, sent, failure: { error, chunk } };
    }
    sent.push(...chunk);
  }
  return { written, sent, failure: null };
}

const publishCall = (api: ApiClient, ids: number[], publish: boolean, signal: AbortSignal) =>
  unwrap(api.POST('/api/v1/manage-offers/publish/', { body: { offer_ids: ids, publish }, signal })).then(
    (result) => result.count,
  );

const updateCall = (api: ApiClient, offers: OfferChange[], signal: AbortSignal) =>
  unwrap(api.POST('/api/v1/manage-offers/update/', { body: { offers }, signal })).then((result) => result.count);

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

const productOf = (before: ReadonlyMap<number, Offer>, id: number | undefined) =>
  id === undefined ? 'An offer' : (before.get(id)?.product ?? `Offer ${id}`);

/**
 * A 400 to a bulk update names its problems `offers.N.field` (N: the place in that call's list):
 * the first one as a sentence naming the offer, and per field of the form its first message.
 */
function updateProblems(error: unknown, chunk: readonly OfferChange[], before: ReadonlyMap<number, Offer>) {
  const fieldErrors: Partial<Record<BulkField, string>> = {};
  const offersWithProblems = new Set<number>();
  let first: string | null = null;
  for (const [key, message] of Object.entries(fieldErrorsOf<Record<string, unknown>>(error))) {
    const match = /^offers\.(\d+)\.(\w+)$/.exec(key);
    if (!match || !message) continue;
    const id = chunk[Number(match[1])]?.id;
    const text = `${productOf(before, id)}: ${message}`;
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

/** Why a call failed, as the user reads it (behaviour §8; an update's 400 names the offer). */
function reasonOf(action: BulkAction, error: unknown, chunk: readonly unknown[], before: ReadonlyMap<number, Offer>) {
  const problems =
    action === 'update' && statusOf(error) === 400
      ? updateProblems(error, chunk as readonly OfferChange[], before)
      : null;
  return problems ?? { summary: permissionMessageOf(error, ACTION_TEXT[action]), fieldErrors: {} };
}

/** The old values of the fields an update set, to put back on undo. */
function previousValues(offer: Offer, fields: BulkFields): OfferChange {
  const change: OfferChange = { id: offer.id };
  // A price the app could not read is not put back: undo cannot restore what it never knew.
  if (fields.unit_price !== undefined && Number.isFinite(offer.unit_price))
    change.unit_price = moneyOf(offer.unit_price);
  if (fields.start !== undefined) change.start = offer.start;
  if (fields.end !== undefined) change.end = offer.end;
  if (fields.region_id !== undefined) change.region_id = offer.region_id;
  return change;
}

async function runBulk(api: ApiClient, request: BulkRequest, signal: AbortSignal): Promise<BulkOutcome> {
  const { action, target, ...fields } = request;
  let ids: number[];
  let before: Map<number, Offer>;
  try {
    ({ ids, before } = await offersOf(api, target, action === 'update', signal));
  } catch (error) {
    throw new BulkRefusal(permissionMessageOf(error, ACTION_TEXT[action]), {});
  }

  let result: Chunked<number> | Chunked<OfferChange>;
  let undo: BulkUndo | null;
  if (action === 'update') {
    const sets = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as BulkFields;
    const changes: OfferChange[] = ids.map((id) => ({ id, ...sets }));
    const updated = await inChunks(changes, (chunk) => updateCall(api, chunk, signal));
    const restore = updated.sent.flatMap((change) => {
      const offer = before.get(change.id);
      return offer ? [previousValues(offer, sets)] : [];
    });
    result = updated;
    undo = restore.length > 0 ? { action, changes: restore } : null;
  } else {
    const publish = action === 'publish';
    const moved = await inChunks(ids, (chunk) => publishCall(api, chunk, publish, signal));
    // Only offers that were not in the new state already go back; one the page did not show is
    // taken to be in its tab's state (the publish call writes only offers whose state changes).
    const changed = moved.sent.filter((id) => before.get(id)?.is_published !== publish);
    result = moved;
    undo = changed.length > 0 ? { action, ids: changed } : null;
  }

  if (result.failure) {
    const reason = reasonOf(action, result.failure.error, result.failure.chunk, before);
    if (result.sent.length === 0) {
      // Each call is all or nothing: an update refused for one offer's values changed none.
      const isInvalid = action === 'update' && statusOf(result.failure.error) === 400;
      throw new BulkRefusal(
        isInvalid ? `No offers were updated. ${reason.summary}` : reason.summary,
        reason.fieldErrors,
      );
    }
    return { action, written: result.written, sent: result.sent.length, of: ids.length, undo, problem: reason.summary };
  }
  return { action, written: result.written, sent: result.sent.length, of: ids.length, undo, problem: null };
}

/** Undoing a publish withdraws, undoing a withdrawal publishes again. */
const UNDO_ACTION: Record<BulkAction, BulkAction> = { publish: 'withdraw', withdraw: 'publish', update: 'update' };

/** Puts the old values back, in chunks as well; resolves how many offers it wrote. */
async function runUndo(api: ApiClient, undo: BulkUndo, signal: AbortSignal): Promise<number> {
  const result =
    undo.action === 'update'
      ? await inChunks(undo.changes, (chunk) => updateCall(api, chunk, signal))
      : await inChunks(undo.ids, (chunk) => publishCall(api, chunk, undo.action === 'withdraw', signal));
  if (!result.failure) return result.written;
  const total = undo.action === 'update' ? undo.changes.length : undo.ids.length;
  const reason = permissionMessageOf(result.failure.error, ACTION_TEXT[UNDO_ACTION[undo.action]]);
  throw new Error(
    result.sent.length > 0 ? `Undo stopped after ${result.sent.length} of ${total} offers: ${reason}` : reason,
  );
}

/** A bulk action on the chosen offers (or all matching), one at a time. */
export const bulkLogic = (api: ApiClient) =>
  submission((request: BulkRequest, signal) => runBulk(api, request, signal));

/** Puts back what a bulk action changed. */
export const bulkUndoLogic = (api: ApiClient) => submission((undo: BulkUndo, signal) => runUndo(api, undo, signal));

/** The running bulk action, as the update form watches it. */
export type BulkApplyRef = ActorRefFrom<ReturnType<typeof bulkLogic>>;
