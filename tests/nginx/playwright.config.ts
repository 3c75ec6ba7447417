/**
 * The browser journeys of the e2e suite, plus HTTP checks, against nginx serving dist/ with
 * deploy/nginx.conf and proxying /api/ to the API server. scripts/test-nginx.ts starts both and
 * sets NGINX_URL, API_URL and E2E_DATA_DIR; this config starts nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config';

const NGINX_URL = process.env.NGINX_URL;
if (!NGINX_URL) throw new Error('NGINX_URL is not set: run this through `npm run test:nginx`');

/**
 * The journeys reused from tests/e2e, by title. A title that no longer appears in its spec fails
 * here, so renaming a journey cannot silently drop it from the run behind nginx.
 */
const JOURNEYS: [spec: string, title: string][] = [
  ['auth.spec.ts', 'register, verify the email from the outbox, sign in and land by role'],
  ['auth.spec.ts', 'keyboard only: sign in as a seller and land on Manage Offers'],
  [
    'commerce.spec.ts',
    'a client filters by publisher, adds three offers, changes a quantity and sends them from the popover',
  ],
  [
    'manage-offers.spec.ts',
    'a double-click opens the row; a new price, region and start day are saved and stay after a reload',
  ],
];
for (const [spec, title] of JOURNEYS) {
  if (!readFileSync(new URL(`../e2e/${spec}`, import.meta.url), 'utf8').includes(title)) {
    throw new Error(
      `tests/e2e/${spec} has no test titled "${title}" any more: update tests/nginx/playwright.config.ts`,
    );
  }
}
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const [chromium] = e2e.projects ?? [];
if (!chromium) throw new Error('tests/e2e/playwright.config.ts has no project to reuse');

export default defineConfig({
  ...e2e,
  webServer: undefined,
  outputDir: join(e2e.outputDir ?? 'test-results', 'nginx'),
  use: { ...e2e.use, baseURL: NGINX_URL },
  projects: [
    {
      // Reused as they are, from tests/e2e: sign-in (the form, and registering through the e-mailed
      // link), the client's order from the basket, and the seller's inline edit on Manage Offers.
      name: 'journeys behind nginx',
      use: chromium.use,
      testDir: '../e2e',
      testMatch: [...new Set(JOURNEYS.map(([spec]) => spec))],
      grep: JOURNEYS.map(([, title]) => new RegExp(literally(title))),
    },
    {
      name: 'nginx over HTTP',
      use: chromium.use,
      testDir: '.',
      testMatch: 'nginx.spec.ts',
    },
    {
      // Stops the API: after everything else.
      name: 'every API instance down',
      use: chromium.use,
      testDir: '.',
      testMatch: 'api-down.spec.ts',
      dependencies: ['journeys behind nginx', 'nginx over HTTP'],
    },
  ],
});
