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
 *
 * A validity range is a pair of UTC days, and nearly every pair people pick is new: each one cost
 * a count of most of a tab (30 to 50 ms). An offer overlaps the range when it starts before its
 * end and has not ended before its start; as every offer ends after it starts, those that ended
 * before the start are among those that started before the end. So the count is the offers
 * starting before one day less those ending before the other: one statement reads, for the
 * filters besides the range, how many offers start and end on each day, and every range with
 * those filters is then counted from it, while the stamp holds.
 */
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/client';
import { offers } from '../db/schema';
import { type ListValues, listConditions } from './offers';

/** A count, with the stamp it belongs to and, when the list depends on the time, the moments it holds for. */
export interface Counted {
  count: number;
  stamp: string;
  /** When the list depends on the time: valid for `from <= now < until`. */
  from: number | null;
  until: number | null;
}

/** How many of the offers matching some filters start and end on each UTC day (days since 1970). */
interface Days {
  stamp: string;
  starts: Map<number, number>;
  ends: Map<number, number>;
}

/** Distinct filter combinations kept, each kind; the oldest goes first. A count is a few dozen bytes, days a few KB. */
const MAX_KEPT = 5000;
const MAX_KEPT_DAYS = 500;
const DAY_MS = 86_400_000;

const remember = <T>(kept: Map<string, T>, name: string, value: T, max: number) => {
  kept.delete(name);
  if (kept.size >= max) kept.delete(kept.keys().next().value as string);
  kept.set(name, value);
};

/**
 * What identifies a count: every filter of `values` that is set, whatever filters the list has,
 * so that a new one cannot share another's count. `now` is left out: it is when, not which.
 */
const countKey = (values: ListValues) =>
  JSON.stringify(
    Object.entries({ ...values, now: undefined })
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** The offers of `days` on days before `day`. */
const before = (days: Map<number, number>, day: number) => {
  let n = 0;
  for (const [d, count] of days) if (d < day) n += count;
  return n;
};

export function offerCounts(db: Database) {
  const kept = new Map<string, Counted>();
  const keptDays = new Map<string, Days>();

  const stamp = async () =>
    (await selectRows<{ stamp: string }>(db, sql`SELECT stamp::text AS stamp FROM offer_changes`))[0]?.stamp ?? '';

  async function readDays(filters: ListValues): Promise<Days> {
    const day = (column: typeof offers.startAt | typeof offers.endAt) =>
      sql`floor(extract(epoch FROM ${column}) / 86400)::int`;
    const [row] = await selectRows<{ stamp: string; days: [number | null, number | null, number][] | null }>(
      db,
      sql`SELECT (SELECT stamp::text FROM offer_changes) AS stamp,
                 (SELECT json_agg(json_build_array(start_day, end_day, n)) FROM (
                    SELECT ${day(offers.startAt)} AS start_day, ${day(offers.endAt)} AS end_day, count(*)::int AS n
                    FROM ${offers} WHERE ${listConditions(filters)}
                    GROUP BY GROUPING SETS ((1), (2))) AS counted) AS days`,
    );
    if (!row) throw new Error('A count statement returned no row.');
    const days: Days = { stamp: row.stamp, starts: new Map(), ends: new Map() };
    for (const [start, end, n] of row.days ?? []) {
      if (start !== null) days.starts.set(start, n);
      if (end !== null) days.ends.set(end, n);
    }
    return days;
  }

  /** The count of a validity range `values.from` to `values.to`, the earlier first, from its filters' days. */
  async function rangeCount(values: ListValues, current: () => Promise<string>): Promise<Counted> {
    const filters: ListValues = { ...values, from: undefined, to: undefined, now: undefined };
    const name = countKey(filters);
    const hit = keptDays.get(name);
    const days = hit && hit.stamp === (await current()) ? hit : await readDays(filters);
    if (days !== hit) remember(keptDays, name, days, MAX_KEPT_DAYS);
    const started =
      values.to === undefined
        ? before(days.starts, Number.POSITIVE_INFINITY)
        : before(days.starts, values.to.getTime() / DAY_MS);
    const ended = values.from === undefined ? 0 : before(days.ends, values.from.getTime() / DAY_MS);
    return { count: started - ended, stamp: days.stamp, from: null, until: null };
  }

  /**
   * The number of published offers matching `values` (the list's filters, `values.type` set), with
   * what it holds for. `pageStamp` gives the stamp read with the page being listed, or null when
   * that page holds no offers and so no stamp: what is kept is checked against it without a
   * statement of its own. It is asked for only when something is kept for these filters;
   * otherwise the count is read at once, alongside the page.
   */
  return async (values: ListValues, pageStamp: () => Promise<string | null>): Promise<Counted> => {
    const current = async () => (await pageStamp()) ?? (await stamp());
    const { from, to, now } = values;
    // Both bounds are UTC midnights (validityBounds); a range given backwards is counted directly.
    if ((from !== undefined || to !== undefined) && (from === undefined || to === undefined || from <= to)) {
      return rangeCount(values, current);
    }
    const name = countKey(values);
    const hit = kept.get(name);
    const at = now?.getTime() ?? null;
    if (hit && (at === null || (hit.from !== null && hit.until !== null && hit.from <= at && at < hit.until))) {
      if (hit.stamp === (await current())) return hit;
    }
    // The next end among the type's published offers: the first entry of offers_pub_count_idx.
    const nextEnd =
      now === undefined
        ? sql`NULL::timestamptz`
        : sql`(SELECT min(${offers.endAt}) FROM ${offers} WHERE ${listConditions({ type: values.type, now })})`;
    const [row] = await selectRows<{ n: number; stamp: string; next_end: string | Date | null }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ${offers} WHERE ${listConditions(values)}) AS n,
                 (SELECT stamp::text FROM offer_changes) AS stamp,
                 ${nextEnd} AS next_end`,
    );
    if (!row) throw new Error('A count statement returned no row.');
    const counted: Counted = {
      count: row.n,
      stamp: row.stamp,
      from: at,
      // No offer ends later: the count holds until the offers change.
      until: at === null ? null : row.next_end === null ? Number.POSITIVE_INFINITY : new Date(row.next_end).getTime(),
    };
    remember(kept, name, counted, MAX_KEPT);
    return counted;
  };
}
