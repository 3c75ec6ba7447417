/** `npm start`: build the app if needed, then serve it and the API on one origin. */
import { serve } from '@hono/node-server';
import { buildIfStale } from './build-if-stale';
import { loadConfigOrExit } from './config';
import { surviveDatabaseRejections } from './db/availability';
import { createServer } from './server';

const config = loadConfigOrExit();
const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
const requestLog = config.log ? log : () => {};
surviveDatabaseRejections(log);

if (process.env.SKIP_BUILD !== '1') buildIfStale(log);
const server = await createServer(config, { log: requestLog });
const listener = serve({ fetch: server.app.fetch, port: config.port, hostname: config.host }, (info) => {
  const store = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`;
  log(`Marketplace running at http://${config.host}:${info.port} (${store})`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal} received; finishing open requests and closing the database…`);
  listener.close();
  await server.close();
  log('Stopped cleanly.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
