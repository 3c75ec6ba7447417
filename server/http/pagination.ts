/** DRF limit/offset pages: `{count, next, previous, results}` with absolute next/previous links. */
import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

const DEFAULT_LIMIT = 10;

interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: { limit?: number; offset?: number }): PageWindow {
  return { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
}

export function page<T>(requestUrl: string, window: PageWindow, count: number, results: T[]) {
  const link = (offset: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set('limit', String(window.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    return url.toString();
  };
  const nextOffset = window.offset + window.limit;
  return {
    count,
    next: nextOffset < count ? link(nextOffset) : null,
    previous: window.offset > 0 ? link(Math.max(0, window.offset - window.limit)) : null,
    results,
  };
}

/** A list the contract pages: which rows, in which orderings, and how a page of them is shown. */
interface PagedList<Ordering extends string, T> {
  table: PgTable;
  /** The table's id column: rows are picked by id, then loaded whole by `load`. */
  id: AnyPgColumn<{ data: number; notNull: true }>;
  /** The caller's scope and the query's filters; all must hold. */
  conditions: SQL[];
  /** Each `ordering` the contract allows, ending in the id as tie-break so pages never overlap. */
  orderings: Record<Ordering, SQL[]>;
  /** The query's `ordering`, or the list's default. */
  ordering: Ordering;
  /** Loads and serializes the rows of `ids`, in that order. */
  load: (ids: number[]) => Promise<T[]>;
}

/**
 * One page of `list` as the query's limit and offset pick it, with links built from `requestUrl`.
 * The ids and the count come in one statement (a window count); only a page past the end, which
 * has no row to carry the count, counts again.
 */
export async function listPage<Ordering extends string, T>(
  db: Database,
  requestUrl: string,
  query: { limit?: number; offset?: number },
  list: PagedList<Ordering, T>,
) {
  const window = pageWindow(query);
  const where = and(...list.conditions);
  const rows = await db
    .select({ id: list.id, count: sql<number>`(count(*) over ())::int` })
    .from(list.table)
    .where(where)
    .orderBy(...list.orderings[list.ordering])
    .limit(window.limit)
    .offset(window.offset);
  let count = rows[0]?.count ?? 0;
  if (rows.length === 0 && window.offset > 0) {
    const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(list.table).where(where);
    count = total?.count ?? 0;
  }
  const results = await list.load(rows.map((row) => row.id));
  return page(requestUrl, window, count, results);
}
