/**
 * The client offer list's `count`, reused between requests while it cannot have changed.
 *
 * Counting is most of a list request's database work (every matching index entry is visited), and
 * people page, sort and come back with the same filters. A count is read together with the
 * offers' change stamp (migration 0007) in one statement, so it belongs to exactly that stamp; a
 * later request reads the stamp with its page of offers (or, when the page is empty, on its own)
 * and reuses the count while the stamp is the same. Without a validity range the list keeps offers
 * that have not ended, so such a count also holds only until the next published offer of that type
 * ends. What is kept here is derived from the database alone: two API instances give the same
 * answers.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/client';
import { offers } from '../db/schema';

/** Filters that select the counted offers; ordering and paging do not change the count. */
export interface CountKey {
  type: string;
  publisher?: number | undefined;
  region?: number | undefined;
  search?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

interface Kept {
  stamp: string;
  count: number;
  /** When the list depends on the time: valid for `from <= now < until`. */
  from: number | null;
  until: number | null;
}

/** Distinct filter combinations kept; the oldest goes first. A count is a few dozen bytes. */
const MAX_KEPT = 5000;

export function offerCounts(db: Database) {
  const kept = new Map<string, Kept>();

  const stamp = async () =>
    (await selectRows<{ stamp: string }>(db, sql`SELECT stamp::text AS stamp FROM offer_changes`))[0]?.stamp ?? '';

  /**
   * The number of offers matching `where`. `now` is the list's moment when `where` keeps only
   * offers ending after it (no validity range), null when `where` does not depend on the time.
   * `pageStamp` gives the stamp read with the page being listed, or null when that page holds no
   * offers and so no stamp: a kept count is checked against it without a statement of its own.
   * It is asked for only when a count is kept for these filters; otherwise the count is read
   * at once, alongside the page.
   */
  return async (
    key: CountKey,
    where: SQL | undefined,
    now: Date | null,
    pageStamp: () => Promise<string | null>,
  ): Promise<number> => {
    const name = JSON.stringify([key.type, key.publisher, key.region, key.search, key.start_date, key.end_date]);
    const hit = kept.get(name);
    const at = now?.getTime() ?? null;
    if (hit && (at === null || (hit.from !== null && hit.until !== null && hit.from <= at && at < hit.until))) {
      const current = (await pageStamp()) ?? (await stamp());
      if (hit.stamp === current) return hit.count;
    }
    // The next end among the type's published offers: the first entry of offers_pub_count_idx.
    const nextEnd =
      at === null
        ? sql`NULL::timestamptz`
        : sql`(SELECT min(${offers.endAt}) FROM ${offers} WHERE ${offers.isPublished} AND ${offers.type} = ${key.type} AND ${offers.endAt} > ${now?.toISOString()}::timestamptz)`;
    const [row] = await selectRows<{ n: number; stamp: string; next_end: string | Date | null }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ${offers} WHERE ${where}) AS n,
                 (SELECT stamp::text FROM offer_changes) AS stamp,
                 ${nextEnd} AS next_end`,
    );
    const count = row?.n ?? 0;
    if (row) {
      kept.delete(name);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(name, {
        stamp: row.stamp,
        count,
        from: at,
        // No offer ends later: the count holds until the offers change.
        until: at === null ? null : row.next_end === null ? Number.POSITIVE_INFINITY : new Date(row.next_end).getTime(),
      });
    }
    return count;
  };
}
