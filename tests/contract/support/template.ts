/**
 * Global setup of the contract suite: one database migrated and seeded as `serverPerFile` would,
 * made once per run. Most files then start from a copy of it (the embedded database's folder, or
 * a PostgreSQL database made with it as TEMPLATE) instead of migrating and seeding their own,
 * which was most of a file's time: copying takes a fraction of a second, seeding several.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../server/config';
import { createServer } from '../../../server/server';
import { createDatabase, dropDatabase } from '../../support/postgres';

/** What a file copies: the folder of a seeded embedded database, or a PostgreSQL database's name. */
export type SeededTemplate = { kind: 'pglite'; pgdata: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

/** The environment `serverPerFile` seeds with when a file asks for nothing else. */
export const TEMPLATE_ENV = { LOG: 'off', SEED_OFFERS: '200' } as const;

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'contract-template-'));
  const serverUrl = process.env.CONTRACT_POSTGRES_URL;
  const databaseUrl = serverUrl ? await createDatabase(serverUrl) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...TEMPLATE_ENV,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const server = await createServer(config, { distDir: null });
  await server.close();
  project.provide(
    'seededTemplate',
    databaseUrl
      ? { kind: 'postgres', database: new URL(databaseUrl).pathname.slice(1) }
      : { kind: 'pglite', pgdata: path.join(dataDir, 'pgdata') },
  );
  return async () => {
    if (databaseUrl) await dropDatabase(databaseUrl);
    await rm(dataDir, { recursive: true, force: true });
  };
}
