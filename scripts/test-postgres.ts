/**
 * `npm run test:postgres`: the whole contract suite again, on a PostgreSQL server instead of the
 * embedded database, then API instances as real processes (tests/postgres/): two sharing one
 * database, and two whose database is stopped, has its connections ended and is killed under a
 * stream of requests (that file starts a cluster of its own, to take away). A throwaway cluster is
 * started in a temporary folder and stopped whatever happens. Without PostgreSQL
 * installed this says so and passes, so `npm test` still runs on a machine without it.
 *
 * TEST_POSTGRES_PORT picks the cluster's port (a free one otherwise).
 */
import { spawn } from 'node:child_process';
import { postgresAvailable, startPostgres } from '../tests/support/postgres';

const missing = postgresAvailable();
if (missing) {
  process.stdout.write(
    `Skipped: ${missing}.\n` +
      'These tests run the contract suite on a real PostgreSQL server. To run them on Debian/Ubuntu:\n' +
      '  sudo apt-get install -y postgresql\n',
  );
  process.exit(0);
}

function vitest(config: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', config], {
      stdio: 'inherit',
      env,
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const port = process.env.TEST_POSTGRES_PORT ? Number(process.env.TEST_POSTGRES_PORT) : undefined;
const cluster = await startPostgres(port === undefined ? {} : { port });
process.stdout.write(`PostgreSQL test cluster at ${cluster.url} (${Date.now() - started} ms to start)\n`);

// Ctrl-C or a CI timeout: the children get the signal too; the cluster must go with them, and
// no further suite may start on it.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    void cluster.stop().finally(() => process.exit(130));
  });
}

const env = { ...process.env, CONTRACT_POSTGRES_URL: cluster.url };
let failed = false;
try {
  // The contract suite runs two files at a time, as on the embedded database; each has a database of its own here.
  const suites: [name: string, config: string][] = [
    ['contract suite on PostgreSQL', 'tests/contract/vitest.config.ts'],
    ['two API instances on one PostgreSQL database, also while it goes away', 'tests/postgres/vitest.config.ts'],
  ];
  for (const [name, config] of suites) {
    if (interrupted) break;
    const suiteStarted = Date.now();
    process.stdout.write(`\n--- ${name} ---\n`);
    const code = await vitest(config, env);
    process.stdout.write(
      `--- ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s\n`,
    );
    if (code !== 0) failed = true;
  }
} finally {
  await cluster.stop();
}
process.stdout.write(
  `\nPostgreSQL tests ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
process.exit(failed ? 1 : 0);
