import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

const BATCH = 1000;

/** Inserts rows a thousand per statement; returns their ids in the order of `rows`. */
export async function insertBatched<T extends PgTable>(
  tx: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: sql<number>`id` });
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}
