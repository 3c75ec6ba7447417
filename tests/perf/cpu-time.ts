/**
 * CPU time (user + system) of the processes a load run keeps busy, read from /proc on Linux: the
 * API process (all its threads), and every process of a PostgreSQL cluster: the postmaster, its
 * backends and helpers, and the backends that exited meanwhile, whose time the postmaster collected
 * when it reaped them. Read before and after a run; the difference over the requests is what one
 * request cost. Elsewhere (no /proc) the readings are null.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second, the unit of the times in /proc/PID/stat. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcessTimes {
  ppid: number;
  /** utime + stime of the process's own threads, in ticks. */
  own: number;
  /** cutime + cstime: the children it waited for, in ticks. */
  reaped: number;
}

function readTimes(pid: number): ProcessTimes | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return { ppid: field(4), own: field(14) + field(15), reaped: field(16) + field(17) };
}

const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** The process's CPU time in ms, or null when it cannot be read. */
export function processCpuMs(pid: number): number | null {
  const times = readTimes(pid);
  return times ? toMs(times.own) : null;
}

/** The cluster's CPU time in ms: the postmaster with every child, living or reaped. */
export function clusterCpuMs(postmasterPid: number): number | null {
  const postmaster = readTimes(postmasterPid);
  if (!postmaster) return null;
  let ticks = postmaster.own + postmaster.reaped;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = readTimes(Number(name));
    if (child?.ppid === postmasterPid) ticks += child.own;
  }
  return toMs(ticks);
}

/** The postmaster behind `databaseUrl`: the parent of the backend serving one connection to it. */
export async function postmasterPid(databaseUrl: string): Promise<number | null> {
  if (!existsSync('/proc/self/stat')) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0] ? readTimes(rows[0].pid) : null;
    return backend?.ppid ?? null;
  } finally {
    await client.end();
  }
}
