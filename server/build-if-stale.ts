/** `npm start` builds the app when `dist/` is missing or older than any of its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'machines', 'public', 'openapi', 'index.html', 'rsbuild.config.ts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function buildIfStale(log: (line: string) => void) {
  const index = join(ROOT, 'dist', 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (builtAt > sourcesAt) return;
  log(builtAt ? 'Sources changed since the last build; building the app…' : 'Building the app…');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The app build failed; see the output above.');
}
