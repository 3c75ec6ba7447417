/**
 * The audit trail of offer writes (the contract's `OfferChangeRecord`): every write of offers
 * records, in its own transaction, one row per offer whose values changed, old and new per field
 * as the contract spells them; the rows of one request share a batch, which a revert puts back.
 * Retention is deliberately simple: nothing is pruned, a record lasts as long as its offer.
 */
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { centsOf, moneyOf } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import { type Database, selectRows } from '../db/client';
import { inChunks, statementChunks } from '../db/paced';
import { type OfferType, offerHistory, users } from '../db/schema';
import { personName } from '../lib/people';
import type { ChangedColumns, RecordedValues } from './offer-changes';

type FieldChange = components['schemas']['OfferFieldChange'];
type OfferChange = components['schemas']['OfferChange'];
type Field = FieldChange['field'];
type FieldValue = FieldChange['new'];

interface FieldCodec {
  /** The field's value as the contract's `Offer` spells it. */
  show: (offer: RecordedValues) => FieldValue;
  /** Sets the columns that give the field `value` (as `show` spelled it) again, at `now`. */
  put: (value: FieldValue, set: ChangedColumns, now: Date) => void;
}

/**
 * Every field a record may name, in the order records list them. A complete record: a field the
 * contract adds to `OfferFieldChange` does not compile until it says how it is shown and put back.
 */
const FIELDS: { [F in Field]: FieldCodec } = {
  product: {
    show: (offer) => offer.product,
    put: (value, set) => {
      set.product = String(value);
    },
  },
  publisher_id: {
    show: (offer) => offer.publisherId,
    put: (value, set) => {
      set.publisherId = Number(value);
    },
  },
  seller_id: {
    show: (offer) => offer.sellerId,
    put: (value, set) => {
      set.sellerId = Number(value);
    },
  },
  region_id: {
    show: (offer) => offer.regionId,
    put: (value, set) => {
      set.regionId = Number(value);
    },
  },
  type: {
    show: (offer) => offer.type,
    put: (value, set) => {
      set.type = value as OfferType;
    },
  },
  is_hot: {
    show: (offer) => offer.isHot,
    put: (value, set) => {
      set.isHot = value === true;
    },
  },
  unit_price: {
    show: (offer) => moneyOf(offer.unitPriceCents),
    put: (value, set) => {
      set.unitPriceCents = centsOf(value);
    },
  },
  start: {
    show: (offer) => offer.startAt.toISOString(),
    put: (value, set) => {
      set.startAt = new Date(String(value));
    },
  },
  end: {
    show: (offer) => offer.endAt.toISOString(),
    put: (value, set) => {
      set.endAt = new Date(String(value));
    },
  },
  // Published again by a revert, an offer counts as published now, as a publish would have it.
  is_published: {
    show: (offer) => offer.isPublished,
    put: (value, set, now) => {
      set.isPublished = value === true;
      set.publishedAt = value === true ? now : null;
    },
  },
};
const FIELD_NAMES = Object.keys(FIELDS) as Field[];

/** The fields whose values differ between `before` (null: the write created the offer) and `after`. */
function fieldChanges(before: RecordedValues | null, after: RecordedValues): FieldChange[] {
  return FIELD_NAMES.flatMap((field) => {
    const next = FIELDS[field].show(after);
    const old = before === null ? null : FIELDS[field].show(before);
    return old === next ? [] : [{ field, old, new: next }];
  });
}

/** One offer of a write: its values before (null when the write created it) and after. */
interface OfferWrite {
  id: number;
  before: RecordedValues | null;
  after: RecordedValues;
}

interface Batch {
  userId: number;
  source: components['schemas']['OfferChangeSource'];
  at: Date;
  /** A batch id taken before (`nextBatchId`), for a write recorded in several transactions. */
  id?: number;
}

export async function nextBatchId(db: Database): Promise<number> {
  const [row] = await selectRows<{ id: number }>(db, sql`select nextval('offer_history_batch_seq')::int as id`);
  if (!row) throw new Error('offer_history_batch_seq gave no value');
  return row.id;
}

/**
 * Records `writes` as one batch, in the caller's transaction; offers whose values did not change
 * are left out. Answers the batch id, or undefined when no offer changed (nothing is recorded).
 */
export async function recordBatch(tx: Database, batch: Batch, writes: OfferWrite[]): Promise<number | undefined> {
  const rows = writes.flatMap(({ id, before, after }) => {
    const changes = fieldChanges(before, after);
    return changes.length === 0 ? [] : [{ offerId: id, product: after.product, changes }];
  });
  if (rows.length === 0) return undefined;
  const batchId = batch.id ?? (await nextBatchId(tx));
  for (const chunk of statementChunks(rows)) {
    await tx
      .insert(offerHistory)
      .values(chunk.map((row) => ({ ...row, batchId, userId: batch.userId, source: batch.source, at: batch.at })));
  }
  return batchId;
}

/** An `OfferBatchResult`, naming the history batch when the write recorded one. */
export function batchResult(offers: components['schemas']['Offer'][], count: number, batchId: number | undefined) {
  const result: components['schemas']['OfferBatchResult'] = { count, offers };
  if (batchId !== undefined) result.batch_id = batchId;
  return result;
}

export type HistoryRecord = typeof offerHistory.$inferSelect;

/** The records of batch `batchId`, locked: a revert reads whether it was reverted under the lock. */
export async function lockBatch(tx: Database, batchId: number): Promise<HistoryRecord[]> {
  return tx.select().from(offerHistory).where(eq(offerHistory.batchId, batchId)).for('update');
}

/** The offers of batch `batchId`, none when there is no such batch. */
export async function batchOfferIds(db: Database, batchId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ offerId: offerHistory.offerId })
    .from(offerHistory)
    .where(eq(offerHistory.batchId, batchId));
  return rows.map((row) => row.offerId);
}

/**
 * What reverting `record` gives its offer, now `current`: the columns to write and the values
 * after; `stale` when a field no longer holds the record's new value (the offer changed since)
 * or the validity the revert would leave is empty (its other end moved since).
 */
export function revertOf(record: HistoryRecord, current: RecordedValues, now: Date) {
  const set: ChangedColumns = {};
  let stale = false;
  for (const change of record.changes) {
    if (FIELDS[change.field].show(current) !== change.new) stale = true;
    if (change.old !== null) FIELDS[change.field].put(change.old, set, now);
  }
  const after: RecordedValues = { ...current, ...set };
  if (after.endAt.getTime() <= after.startAt.getTime()) stale = true;
  return { set, after, stale };
}

/**
 * The values reverting `record` writes back, as an edit of its offer would send them: a revert
 * is checked by the same rules as an edit (a publisher deleted since cannot come back). The
 * published state is not an edit's field; a revert may always put it back.
 */
export function revertChangeOf(record: HistoryRecord): OfferChange {
  const change: Record<string, unknown> = { id: record.offerId };
  for (const { field, old } of record.changes) {
    if (field !== 'is_published' && old !== null) change[field] = old;
  }
  return change as OfferChange;
}

/** Marks batch `batchId` as reverted by batch `by`. */
export async function markReverted(tx: Database, batchId: number, by: number) {
  await tx.update(offerHistory).set({ revertedBy: by }).where(eq(offerHistory.batchId, batchId));
}

/** The records of `ids` as the contract shows them, in that order. */
export async function loadRecords(db: Database, ids: number[]): Promise<components['schemas']['OfferChangeRecord'][]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select({
        ...getTableColumns(offerHistory),
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(offerHistory)
      .innerJoin(users, eq(users.id, offerHistory.userId))
      .where(inArray(offerHistory.id, chunk)),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        offer_id: row.offerId,
        product: row.product,
        batch_id: row.batchId,
        source: row.source,
        actor: personName(row),
        at: row.at.toISOString(),
        changes: row.changes,
        reverted_by: row.revertedBy,
      },
    ];
  });
}
