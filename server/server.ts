/** Builds a running server from a configuration: database, migrations, seed, tokens, app. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createSignInThrottle } from './auth/throttle';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { ServerContext } from './context';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { loadContract } from './http/contract';
import { fileOutbox } from './mail/outbox';
import { discardUnfinishedUploads } from './queries/upload-digests';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

interface ServerOptions {
  log?: (line: string) => void;
  /** Overrides for tests: a clock and token lifetimes. */
  now?: () => Date;
  accessTtlSeconds?: number;
  distDir?: string | null;
}

export async function createServer(config: Config, options: ServerOptions = {}) {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const database = await openDatabase(config);
  // Only this process uses an embedded database: an upload listed as unfinished died with a previous one.
  if (database.kind === 'pglite') await discardUnfinishedUploads(database.db);
  await seedIfEmpty(database.db, { offers: config.seedOffers, now: now() });
  const ctx: ServerContext = {
    db: database.db,
    databaseKind: database.kind,
    contract: loadContract(),
    tokens: createTokenService({
      db: database.db,
      secret: config.jwtSecret,
      now,
      rotateRefreshTokens: config.rotateRefreshTokens,
      ...(options.accessTtlSeconds ? { accessTtlSeconds: options.accessTtlSeconds } : {}),
    }),
    signInThrottle: createSignInThrottle(database.db, config.signIn, now),
    outbox: fileOutbox(join(config.dataDir, 'outbox.jsonl'), log),
    publicUrl: config.publicUrl,
    trustedProxies: new Set(config.trustedProxies),
    now,
  };
  const distDir = options.distDir === undefined ? DIST_DIR : options.distDir;
  const app = createApp(ctx, { log, ...(distDir ? { distDir } : {}) });
  return { app, ctx, database, close: () => database.close() };
}
