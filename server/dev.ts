/**
 * `npm run dev`: the API on API_PORT (default 3001) and Rsbuild's dev server with hot reload on
 * PORT (default 3000), which proxies /api to it (rsbuild.config.ts). One Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { loadConfigOrExit } from './config';
import { surviveDatabaseRejections } from './db/availability';
import { createServer } from './server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3001);
const config = { ...loadConfigOrExit(), port: apiPort };
const log = (line: string) => process.stdout.write(`[api] ${line}\n`);
surviveDatabaseRejections(log);

const server = await createServer(config, { log: config.log ? log : () => {}, distDir: null });
const listener = serve({ fetch: server.app.fetch, port: apiPort, hostname: config.host }, (info) =>
  log(`API on http://${config.host}:${info.port}`),
);

const rsbuild = spawn(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'dev'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, API_PORT: String(apiPort) },
});

async function stop() {
  rsbuild.kill('SIGTERM');
  listener.close();
  await server.close();
  process.exit(0);
}
rsbuild.on('exit', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
