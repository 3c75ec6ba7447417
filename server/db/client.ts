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
import { isDatabaseUnavailable } from './availability';
import { migrate } from './migrate';
import { paceStatements } from './paced';
import * as schema from './schema';

/** What route code receives: the same query code runs on PGlite and on node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the database (the embedded one) or the pool; a second call waits for the first. */
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
  let closed: Promise<void> | undefined;
  return {
    db: drizzlePglite({ client: paceStatements(client), schema }),
    kind: 'pglite',
    close: () => {
      closed ??= client.close();
      return closed;
    },
  };
}

/**
 * How long a request waits for a connection, new or from the pool, before it answers 503
 * (behaviour §7, when the database is away): a database that refuses answers at once, and one that
 * does not answer at all must not hold requests longer than this either.
 */
const CONNECT_TIMEOUT_MS = 1000;
/** At start, how long to wait for a database that is not there yet (booting with the API, restarting). */
const STARTUP_WAIT_MS = 60_000;
const STARTUP_RETRY_MS = 1000;

async function openPostgres(connectionString: string): Promise<OpenedDatabase> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Lets the kernel notice a database host that vanished without closing its connections.
    keepAlive: true,
  });
  // A connection breaks when the server stops, restarts or ends it (pg_terminate_backend). pg-pool
  // listens for that only while the client is idle in the pool: checked out, as between two
  // statements of a transaction, the error would have no listener, and Node ends the process on an
  // unheard 'error'. So every client gets a listener of its own for its whole life. Whoever holds
  // the client then sees its next query fail ("not queryable", answered 503), and the pool drops
  // it on release; the pool connects anew on demand once the server is back.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  });
  // The pool re-emits the error of an idle client, already logged by the client's listener above.
  pool.on('error', () => {});
  try {
    await untilReachable(() => migrateOn(pool));
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    db: drizzleNodePg({ client: pool, schema }),
    kind: 'postgres',
    close: () => {
      closed ??= pool.end();
      return closed;
    },
  };
}

/** Brings the schema up to date over one connection (migrations take a session-level lock). */
async function migrateOn(pool: pg.Pool): Promise<void> {
  const conn = await pool.connect();
  let failure: Error | undefined;
  try {
    await migrate({
      exec: (text) => conn.query(text),
      query: async <R>(text: string, params?: unknown[]) => ({ rows: (await conn.query(text, params)).rows as R[] }),
    });
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A connection that failed is closed rather than pooled: it may hold a session lock.
    conn.release(failure);
  }
}

/**
 * Runs `attempt` until it succeeds, retrying while the database is away, for up to STARTUP_WAIT_MS:
 * an API started alongside its database, or during a restart, waits for it instead of exiting.
 * Migrations are each one transaction and skip what is done, so a retry resumes where one broke.
 */
async function untilReachable(attempt: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + STARTUP_RETRY_MS > deadline) throw error;
      if (tries === 1) console.error(`Waiting for PostgreSQL at DATABASE_URL: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
    }
  }
}

/**
 * Rows of a raw SQL statement. `db.execute` is typed per driver; both drivers' results carry
 * `rows`, so this gives shared code one typed way to run SQL that the query builder cannot express.
 */
export async function selectRows<R>(db: Database, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}
