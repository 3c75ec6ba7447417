/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries, a temporary folder, a port on
 * 127.0.0.1 and trust authentication. `startPostgres` runs initdb and starts it; `stop` stops it
 * and deletes the folder. initdb refuses to run as root, so under root the cluster belongs to the
 * unprivileged `postgres` OS user that Debian's package creates.
 *
 * `shutDown`, `killPostmaster` and `startAgain` take the server away and bring it back, for tests
 * of what its clients do meanwhile.
 *
 * A run killed before `stop` leaves a server behind; the next `startPostgres` stops and deletes
 * every cluster whose owning process is gone, so a stale one never holds a port or fills /tmp.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresCluster {
  /** The cluster's `postgres` database, as the superuser `postgres`. */
  url: string;
  /** Creates a new empty database (a random name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast mode) and deletes its folder; safe to call twice. */
  stop(): Promise<void>;
  /** Stops the server as an administrator would (`pg_ctl stop -m fast`), keeping its data. */
  shutDown(): Promise<void>;
  /** Kills the postmaster with SIGKILL, as the OOM killer would; its other processes exit on their own. */
  killPostmaster(): Promise<void>;
  /**
   * Starts the server again after `shutDown` or `killPostmaster` and resolves once it accepts
   * connections. After a kill it retries while the dead server's last processes still hold its
   * shared memory.
   */
  startAgain(): Promise<void>;
}

export interface StartOptions {
  /** Where to listen on 127.0.0.1; a free port the OS picks when omitted. */
  port?: number;
  /**
   * Keeps fsync and synchronous commit on, for tests that crash a server and count what survived.
   * Otherwise they are off: a throwaway cluster has nothing to keep if the machine goes down.
   */
  durable?: boolean;
  /**
   * Keeps synchronous commit on without `durable`'s fsync: a commit is answered once it is written
   * to the operating system, so killing the server's processes loses nothing answered (crashing
   * the machine still may).
   */
  synchronousCommit?: boolean;
}

const PREFIX = 'pg-cluster-';
const OS_USER = 'postgres';
const SUPERUSER = 'postgres';
const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'];

/** The newest `/usr/lib/postgresql/<version>/bin` holding a server, or the folder of `pg_ctl` on PATH. */
function findBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...(process.env.POSTGRES_BIN_DIR ? [process.env.POSTGRES_BIN_DIR] : []),
    ...versions.map((version) => path.join(root, version, 'bin')),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  return candidates.find((dir) => SERVER_BINARIES.every((name) => existsSync(path.join(dir, name)))) ?? null;
}

const isRoot = () => process.getuid?.() === 0;

function osUserIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** null when a cluster can be started here, otherwise why not (for a skip message). */
export function postgresAvailable(): string | null {
  if (!findBinDir()) {
    return 'PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found under /usr/lib/postgresql/*/bin or on PATH';
  }
  if (isRoot() && !osUserIds()) {
    return `running as root, and there is no '${OS_USER}' OS user to own the cluster (initdb refuses root)`;
  }
  return null;
}

/** The command line that runs a server binary as the cluster's owner. */
function asOwner(binary: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', OS_USER, '--', binary, ...args]] : [binary, args];
}

async function runBinary(binDir: string, name: string, args: string[]): Promise<string> {
  const [command, commandArgs] = asOwner(path.join(binDir, name), args);
  try {
    const { stdout } = await run(command, commandArgs, { encoding: 'utf8', timeout: 60_000 });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${name} ${args.join(' ')} failed: ${failure.message}\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  }
}

/** A port nothing listens on now, chosen by the OS, or a check that the given one is free. */
function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on 127.0.0.1 is in use; another PostgreSQL or test server holds it`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops right away, without waiting for clients: for exit hooks and stale clusters. */
function stopNow(binDir: string, dir: string): void {
  const dataDir = path.join(dir, 'data');
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    const [command, args] = asOwner(path.join(binDir, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    try {
      execFileSync(command, args, { stdio: 'ignore', timeout: 30_000 });
    } catch {
      // Already gone, or refusing to stop: the folder is removed all the same.
    }
  }
}

/** Stops and deletes the clusters this module started in processes that no longer exist. */
function reapStale(binDir: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(JSON.parse(readFileSync(path.join(dir, 'owner.json'), 'utf8')).pid);
    } catch {
      continue; // Not written yet by a cluster that is still starting, or not ours.
    }
    if (!Number.isInteger(owner) || processAlive(owner)) continue;
    stopNow(binDir, dir);
    execFileSync('rm', ['-rf', dir]);
  }
}

/**
 * Creates a new database (a random name unless given) on the server that `serverUrl` reaches as a
 * user allowed to, and returns the new database's URL: empty, or a copy of `options.template`,
 * which nobody may be connected to meanwhile.
 */
export async function createDatabase(
  serverUrl: string,
  name = `test_${randomBytes(6).toString('hex')}`,
  options: { template?: string } = {},
): Promise<string> {
  for (const plain of [name, options.template ?? name]) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(plain)) throw new Error(`Not a plain database name: ${plain}`);
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by `createDatabase`, closing whatever connections are still open to it. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // A pool that was just ended may still be closing its connections: give them a moment, so that
    // FORCE only ends connections somebody forgot, not ones on their way out (which log an error).
    for (let tries = 0; tries < 40; tries++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function startPostgres(options: StartOptions = {}): Promise<PostgresCluster> {
  const reason = postgresAvailable();
  const binDir = findBinDir();
  if (reason || !binDir) throw new Error(`Cannot start PostgreSQL: ${reason}`);
  reapStale(binDir);
  const port = await freePort(options.port ?? 0);

  const dir = await mkdtemp(path.join(tmpdir(), PREFIX));
  await writeFile(path.join(dir, 'owner.json'), JSON.stringify({ pid: process.pid, port }));
  const dataDir = path.join(dir, 'data');
  let stopped = false;
  const start = () =>
    runBinary(binDir, 'pg_ctl', ['start', '-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60']);
  const exitHook = () => {
    if (stopped) return;
    stopNow(binDir, dir);
    execFileSync('rm', ['-rf', dir]);
  };
  process.once('exit', exitHook);

  try {
    if (isRoot()) {
      const ids = osUserIds();
      if (ids) await chown(dir, ids.uid, ids.gid);
    }
    await runBinary(binDir, 'initdb', [
      '-D',
      dataDir,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      ...(options.durable ? [] : ['--no-sync']),
    ]);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      'log_min_messages = warning',
      "log_line_prefix = '%m [%p] %d '",
      ...(options.durable
        ? []
        : [
            'fsync = off',
            ...(options.synchronousCommit ? [] : ['synchronous_commit = off']),
            'full_page_writes = off',
            'checkpoint_timeout = 30min',
          ]),
    ];
    // Written as the owner would; the file is the owner's and stays readable to it.
    await appendFile(path.join(dataDir, 'postgresql.conf'), `\n# throwaway test cluster\n${settings.join('\n')}\n`);
    await start();
  } catch (error) {
    const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    stopped = true;
    process.off('exit', exitHook);
    stopNow(binDir, dir);
    await rm(dir, { recursive: true, force: true });
    throw log ? new Error(`${(error as Error).message}\nserver.log:\n${log.slice(-2000)}`) : error;
  }

  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  return {
    url,
    createDatabase: (name) => createDatabase(url, name),
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', exitHook);
      try {
        await runBinary(binDir, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
      } catch {
        stopNow(binDir, dir);
      }
      await rm(dir, { recursive: true, force: true });
    },
    async shutDown() {
      await runBinary(binDir, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
    },
    async killPostmaster() {
      const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      if (!Number.isInteger(pid) || pid <= 0) throw new Error('postmaster.pid names no process');
      process.kill(pid, 'SIGKILL');
      for (let waited = 0; processAlive(pid); waited += 20) {
        if (waited > 10_000) throw new Error(`The postmaster (${pid}) outlived SIGKILL`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async startAgain() {
      for (let tries = 1; ; tries++) {
        try {
          await start();
          return;
        } catch (error) {
          // "pre-existing shared memory block is still in use": a backend of the killed server has not exited yet.
          if (tries >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
  };
}
