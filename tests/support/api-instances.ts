/**
 * API servers as real processes, started as `npm start` starts them (without the build) on a data
 * folder of their own, for tests of several instances on one PostgreSQL database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/** Starts `server/start.ts` with `env` on `port` ('0': one the OS picks) and waits until it listens. */
export async function startInstance(name: string, env: Record<string, string>, port: string): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `api-instance-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, SKIP_BUILD: '1', LOG: 'off', DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 90 s:\n${output}`)), 90_000);
    const check = () => {
      const found = /Marketplace running at (http:\/\/[^\s]+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`));
    });
  });
  return { name, base, child, dataDir, output: () => output };
}

export const isRunning = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;

/** Stops an instance (SIGTERM, then SIGKILL after 10 s) and deletes its data folder. */
export async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  const { child } = instance;
  if (isRunning(instance)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}
