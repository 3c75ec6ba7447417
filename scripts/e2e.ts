/**
 * `npm run test:e2e`: builds the app, then runs Playwright in Debian's Chromium against `npm start`
 * on a fresh data folder (tests/e2e/playwright.config.ts starts it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stderr.write(
    `Chromium was not found at ${chromium}. The browser tests need it:\n` +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere: set CHROMIUM_PATH to a Chromium or Chrome binary.\n',
  );
  process.exit(1);
}

const build = spawnSync(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(
  process.execPath,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '--config',
    'tests/e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(run.status ?? 1);
