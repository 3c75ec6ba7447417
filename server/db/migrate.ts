import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The little a migration needs from a connection; PGlite and a checked-out pg client both provide it. */
interface SqlConnection {
  /** Runs one or more statements, without parameters. */
  exec(sql: string): Promise<unknown>;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Arbitrary constant shared by every process that migrates, so two servers never migrate at once. */
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies `migrations/*.sql` in name order, each in its own transaction, and records it in
 * `schema_migrations`. Already applied files are skipped, so running it again changes nothing.
 * Returns the names applied by this call.
 */
export async function migrate(conn: SqlConnection, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    for (const name of files) {
      if (done.has(name)) continue;
      const text = await readFile(path.join(dir, name), 'utf8');
      await conn.exec('BEGIN');
      try {
        await conn.exec(text);
        await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await conn.exec('COMMIT');
      } catch (error) {
        await conn.exec('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}
