/**
 * `npm run reset`: deletes $DATA_DIR, or with DATABASE_URL drops and recreates the public schema.
 * A directory is deleted only if it looks like ours (holds `pgdata/`) and does not contain the
 * working directory, so a mistyped DATA_DIR cannot wipe the project.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parseEnv } from './config';

const config = parseEnv();

async function resetPostgres(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
  return 'Reset the PostgreSQL database at DATABASE_URL: dropped and recreated the public schema.';
}

function resetDataDir(dir: string): { ok: boolean; message: string } {
  if (!existsSync(dir)) return { ok: true, message: `Nothing to reset: ${dir} does not exist.` };
  const relative = path.relative(dir, process.cwd());
  const holdsCwd = relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  const pgdata = path.join(dir, 'pgdata');
  if (holdsCwd || !existsSync(pgdata) || !statSync(pgdata).isDirectory()) {
    return {
      ok: false,
      message: `Refusing to delete ${dir}: it is not a data directory (no pgdata/ in it, or it contains the working directory).`,
    };
  }
  rmSync(dir, { recursive: true, force: true });
  return { ok: true, message: `Reset ${dir}: deleted it; the next start creates and seeds a fresh database.` };
}

if (config.databaseUrl) {
  console.log(await resetPostgres(config.databaseUrl));
} else {
  const { ok, message } = resetDataDir(config.dataDir);
  if (ok) console.log(message);
  else {
    console.error(message);
    process.exitCode = 1;
  }
}
