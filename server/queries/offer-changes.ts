/**
 * A seller's edits of offers (the contract's `OfferChange`): each field read, checked and turned
 * into column values by its own entry in `FIELDS`, then written in chunked statements. `FIELDS`
 * has one entry per field of the contract, so a field added to `OfferChange` fails the build
 * until it says what it does, instead of passing validation and being dropped.
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { maximumAmountMessage } from '../../openapi/rules/bounds';
import { NO_SUCH_DATE_TIME } from '../../openapi/rules/date-time';
import { centsOf, MAX_UNIT_PRICE_CENTS } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import type { Database } from '../db/client';
import { inChunks, statementChunks } from '../db/paced';
import { offers, publishers, regions, sellers } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { storefrontsOf } from './orders';

type OfferChange = components['schemas']['OfferChange'];

/** Every write of an offer goes with this (the contract's `Offer.version`), in the same statement. */
export const nextVersion: SQL = sql`${offers.version} + 1`;

/**
 * The columns `writeChanges` may set, with the SQL type each value is read as: those of a bulk
 * update's fields (`FIELDS`), and the published state a revert puts back.
 */
const CHANGEABLE = {
  product: [offers.product, 'text'],
  publisherId: [offers.publisherId, 'integer'],
  sellerId: [offers.sellerId, 'integer'],
  regionId: [offers.regionId, 'integer'],
  type: [offers.type, 'text'],
  isHot: [offers.isHot, 'boolean'],
  unitPriceCents: [offers.unitPriceCents, 'integer'],
  startAt: [offers.startAt, 'timestamptz'],
  endAt: [offers.endAt, 'timestamptz'],
  isPublished: [offers.isPublished, 'boolean'],
  publishedAt: [offers.publishedAt, 'timestamptz'],
} as const;
export type ChangedColumns = { -readonly [K in keyof typeof CHANGEABLE]?: (typeof offers.$inferInsert)[K] };
export type Change = { id: number; set: ChangedColumns };

/**
 * The contract's date-time format lets a leap second (`23:59:60Z`) through; a Date cannot hold it,
 * and the caller refuses it with NO_SUCH_DATE_TIME.
 */
export function readDateTime(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The offers of storefronts `userId` owns. */
export const ownedBy = (userId: number): SQL => sql`${offers.sellerId} in ${storefrontsOf(userId)}`;

/** The values of an offer that its history records (`offer-history.ts`), read under its lock. */
export const RECORDED = {
  product: offers.product,
  publisherId: offers.publisherId,
  sellerId: offers.sellerId,
  regionId: offers.regionId,
  type: offers.type,
  isHot: offers.isHot,
  unitPriceCents: offers.unitPriceCents,
  startAt: offers.startAt,
  endAt: offers.endAt,
  isPublished: offers.isPublished,
};
export type RecordedValues = { [K in keyof typeof RECORDED]: (typeof offers.$inferSelect)[K] };

/**
 * Locks the caller's offers among `ids`; the first id that is not one of them answers `missing`
 * (404). The chunks go in id order, so two requests naming the same offers take their locks in
 * one order.
 */
export async function lockOwnOffers(
  tx: Database,
  userId: number,
  ids: number[],
  missing = (id: number) => notFound(`Offer ${id} not found.`),
) {
  const rows = await inChunks(
    [...ids].sort((a, b) => a - b),
    (chunk) =>
      tx
        .select({ id: offers.id, version: offers.version, ...RECORDED })
        .from(offers)
        .where(and(inArray(offers.id, chunk), ownedBy(userId)))
        .for('update'),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const absent = ids.find((id) => !byId.has(id));
  if (absent !== undefined) throw missing(absent);
  return byId;
}

/** The 409 of a write refused because `current` offers changed since (the contract's `OfferConflict`). */
export function offerConflict(detail: string, current: components['schemas']['Offer'][]): HttpError {
  const body: components['schemas']['OfferConflict'] = { detail, code: 'stale_version', offers: current };
  return new HttpError(409, body);
}

const doesNotExist = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** What a change is checked against, read under the offers' locks. */
export interface ChangeFacts {
  userId: number;
  /** The offer's dates as stored, for a change that moves only one end. */
  current: { startAt: Date; endAt: Date } | undefined;
  publisherIds: Set<number>;
  regionIds: Set<number>;
  /** Each storefront's owner, by storefront id. */
  storefrontOwner: Map<number, number>;
}

/** Of `ids`, those present in `table`'s id column. */
async function existingIds(tx: Database, table: typeof publishers | typeof regions, ids: number[]) {
  const rows = await inChunks([...new Set(ids)], (chunk) =>
    tx.select({ id: table.id }).from(table).where(inArray(table.id, chunk)),
  );
  return new Set(rows.map((row) => row.id));
}

/** The facts `changes` are checked against (all but each offer's `current`), read in `tx`. */
export async function readChangeFacts(
  tx: Database,
  userId: number,
  changes: readonly OfferChange[],
): Promise<Omit<ChangeFacts, 'current'>> {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const publisherIds = await existingIds(
    tx,
    publishers,
    changes.flatMap((change) => change.publisher_id ?? []),
  );
  const regionIds = await existingIds(
    tx,
    regions,
    changes.flatMap((change) => change.region_id ?? []),
  );
  const storefrontRows = await tx.select({ id: sellers.id, ownerId: sellers.ownerId }).from(sellers);
  const storefrontOwner = new Map(storefrontRows.map((row) => [row.id, row.ownerId]));
  return { userId, publisherIds, regionIds, storefrontOwner };
}

interface FieldInput<K extends keyof OfferChange> {
  value: Required<OfferChange>[K];
  facts: ChangeFacts;
  /** The columns the change sets so far; a field adds its own. */
  set: ChangedColumns;
  /** Records the message of a field that fails its check. */
  fail: (message: string) => void;
}

/**
 * Per field of `OfferChange`: how a given value is checked and which columns it sets, or null for
 * the fields that set none (`id` names the offer, `version` is compared before any field is read).
 * Applied in this order, which is the order of the 400's messages.
 */
type FieldReader<K extends keyof OfferChange> = ((input: FieldInput<K>) => void) | null;
/** Required, so leaving out a field of the contract fails the build. */
type FieldReaders = { [K in keyof Required<OfferChange>]: FieldReader<K> };
const FIELDS: FieldReaders = {
  id: null,
  version: null,
  product: ({ value, set, fail }) => {
    const product = value.trim();
    if (product === '') fail('This field may not be blank.');
    set.product = product;
  },
  publisher_id: ({ value, facts, set, fail }) => {
    if (!facts.publisherIds.has(value)) fail(doesNotExist(value));
    set.publisherId = value;
  },
  region_id: ({ value, facts, set, fail }) => {
    if (!facts.regionIds.has(value)) fail(doesNotExist(value));
    set.regionId = value;
  },
  seller_id: ({ value, facts, set, fail }) => {
    const owner = facts.storefrontOwner.get(value);
    if (owner === undefined) fail(doesNotExist(value));
    else if (owner !== facts.userId) fail('Choose one of your own storefronts.');
    set.sellerId = value;
  },
  type: ({ value, set }) => {
    set.type = value;
  },
  is_hot: ({ value, set }) => {
    set.isHot = value;
  },
  unit_price: ({ value, set, fail }) => {
    const cents = centsOf(value);
    if (cents <= 0) fail('Ensure this value is greater than 0.');
    // Not `>`: an amount with too many digits to count exactly reads as NaN, and is refused too.
    else if (!(cents <= MAX_UNIT_PRICE_CENTS)) fail(maximumAmountMessage(MAX_UNIT_PRICE_CENTS));
    set.unitPriceCents = cents;
  },
  start: ({ value, set, fail }) => {
    const startAt = readDateTime(value);
    if (startAt === null) fail(NO_SUCH_DATE_TIME);
    else set.startAt = startAt;
  },
  end: ({ value, set, fail }) => {
    const endAt = readDateTime(value);
    if (endAt === null) fail(NO_SUCH_DATE_TIME);
    else set.endAt = endAt;
  },
};

function readField<K extends keyof OfferChange>(
  field: K,
  change: OfferChange,
  facts: ChangeFacts,
  set: ChangedColumns,
  fail: (field: string, message: string) => void,
) {
  const read: FieldReader<K> = FIELDS[field];
  // Present fields are never null in the contract: only `undefined` (left out) is removed here.
  const value = change[field] as Required<OfferChange>[K] | undefined;
  if (read === null || value === undefined) return;
  read({ value, facts, set, fail: (message) => fail(field, message) });
}

/**
 * The columns `change` sets, each field checked by its entry in `FIELDS`; `fail` gets the field
 * and message of each failed check. A change of either date is checked as a whole: end after start.
 */
export function readOfferChange(
  change: OfferChange,
  facts: ChangeFacts,
  fail: (field: string, message: string) => void,
): Change {
  const set: ChangedColumns = {};
  for (const field of Object.keys(FIELDS) as (keyof OfferChange)[]) readField(field, change, facts, set, fail);
  if (change.start !== undefined || change.end !== undefined) {
    const startAt = change.start === undefined ? facts.current?.startAt : set.startAt;
    const endAt = change.end === undefined ? facts.current?.endAt : set.endAt;
    if (startAt && endAt && endAt.getTime() <= startAt.getTime()) {
      fail(change.end === undefined ? 'start' : 'end', 'End must be after start.');
    }
  }
  return { id: change.id, set };
}

/**
 * Writes `changes` (each offer's new values; offers that set the same columns share statements)
 * as `UPDATE … FROM (VALUES …)`, each offer's `version` one up and `updated_at` at `now`. One
 * statement per offer made a 500-offer update 500 statements; one for all of them held the event
 * loop for one long statement: chunks keep both short (behaviour §8).
 */
export async function writeChanges(tx: Database, changes: Change[], now: Date) {
  const byColumns = new Map<string, Change[]>();
  for (const change of changes) {
    const key = Object.keys(change.set).sort().join(',');
    const group = byColumns.get(key);
    if (group) group.push(change);
    else byColumns.set(key, [change]);
  }
  for (const [key, group] of byColumns) {
    const columns = (key ? key.split(',') : []) as (keyof typeof CHANGEABLE)[];
    for (const chunk of statementChunks(group)) {
      const rows = chunk.map((change) => {
        const values = columns.map((column) => {
          const value = change.set[column];
          return sql`${value instanceof Date ? value.toISOString() : value}::${sql.raw(CHANGEABLE[column][1])}`;
        });
        return sql`(${sql.join([sql`${change.id}::integer`, ...values], sql`, `)})`;
      });
      const names = columns.map((column) => sql.identifier(CHANGEABLE[column][0].name));
      const set = [
        ...names.map((name) => sql`${name} = v.${name}`),
        sql`${sql.identifier(offers.updatedAt.name)} = ${now.toISOString()}::timestamptz`,
        sql`${sql.identifier(offers.version.name)} = ${nextVersion}`,
      ];
      await tx.execute(sql`
        update ${offers} set ${sql.join(set, sql`, `)}
        from (values ${sql.join(rows, sql`, `)}) as v(${sql.join([sql`id`, ...names], sql`, `)})
        where ${offers.id} = v.id`);
    }
  }
}
