import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Set once in the main process; workers inherit it, so tests can read the server's outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'marketplace-e2e-'));
const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    // Recorded on the retry of a failed test only: recording every test's snapshots costs CPU on
    // each action of the whole run.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx server/start.ts',
    cwd: root,
    url: `${BASE_URL}/api/v1/schema/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Links in the outbox's e-mails then open in the browser under test.
    env: { PORT: String(PORT), PUBLIC_URL: BASE_URL, DATA_DIR: process.env.E2E_DATA_DIR, LOG: 'off', SKIP_BUILD: '1' },
  },
});
