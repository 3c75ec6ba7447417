/** `npm run seed`: creates and migrates the database of $DATA_DIR (or $DATABASE_URL) and seeds it if empty. */
import { ConfigError, parseEnv } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';

async function seed(): Promise<string> {
  const config = parseEnv();
  const started = performance.now();
  const database = await openDatabase(config);
  const where = database.kind === 'postgres' ? 'the PostgreSQL database at DATABASE_URL' : config.dataDir;
  try {
    const result = await seedIfEmpty(database.db, { offers: config.seedOffers });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.seeded) return `Nothing seeded: ${where} already has users (npm run reset empties it).`;
    return `Seeded ${where} with ${result.users} users, ${result.offers} offers, ${result.orders} orders and ${result.invoices} invoices in ${seconds} s.`;
  } finally {
    await database.close();
  }
}

try {
  console.log(await seed());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
