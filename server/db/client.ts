import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { EnvConfig } from '../config';
import { migrate } from './migrate';
import * as schema from './schema';

/** What route code receives: the same query code runs on PGlite and on node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL at `databaseUrl`, or else the embedded PGlite in `$DATA_DIR/pgdata` (created on
 * first use), and brings the schema up to date. There is deliberately no in-memory variant: PGlite
 * runs initdb for each one (seconds, ~800 MB); tests open a temporary data dir instead.
 */
export async function openDatabase(config: Pick<EnvConfig, 'dataDir' | 'databaseUrl'>): Promise<OpenedDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pgdata'));
}

async function openPglite(pgdata: string): Promise<OpenedDatabase> {
  await mkdir(pgdata, { recursive: true });
  const client = await PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } });
  try {
    // PGlite's pages sit in the OS cache, so random reads cost about as much as sequential ones;
    // with the default 4.0 the planner counts offers by seq scan instead of the index-only scan.
    await client.exec('SET random_page_cost = 1.1');
    await migrate(client);
    // PGlite runs no autovacuum. Refreshing the visibility map on each start keeps the offer
    // counts index-only after a previous run's edits; it takes milliseconds when little changed.
    await client.exec('VACUUM');
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: drizzlePglite({ client, schema }),
    kind: 'pglite',
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // The pool drops a client whose connection broke while idle; without a listener Node would
  // treat the emitted error as fatal and stop the server.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  try {
    const conn = await pool.connect();
    try {
      await migrate({
        exec: (text) => conn.query(text),
        query: async <R>(text: string, params?: unknown[]) => ({ rows: (await conn.query(text, params)).rows as R[] }),
      });
    } finally {
      conn.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzleNodePg({ client: pool, schema }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/**
 * Rows of a raw SQL statement. `db.execute` is typed per driver; both drivers' results carry
 * `rows`, so this gives shared code one typed way to run SQL that the query builder cannot express.
 */
export async function selectRows<R>(db: Database, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}
