/**
 * `npm run screenshots`: every screen for client and seller, light and dark, into
 * docs/screenshots/. Starts the built app on a fresh data folder; needs Chromium (see README).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { type Browser, chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { createServer } from '../server/server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const THEMES = ['light', 'dark'] as const;

const signedOut = [
  { name: 'signin', path: '/signin' },
  { name: 'signup', path: '/signup' },
  { name: 'verify-email-error', path: '/verify-email?token=expired-or-unknown' },
];
const byRole = {
  client: {
    email: 'client@example.com',
    screens: [
      { name: 'offers', path: '/offers' },
      { name: 'cart', path: '/offers/order' },
      { name: 'orders', path: '/orders' },
      { name: 'billing', path: '/billing' },
      { name: 'profile', path: '/profile' },
      { name: 'menu-collapsed', path: '/orders/inprogress', collapsed: true },
    ],
  },
  seller: {
    email: 'seller@example.com',
    screens: [
      { name: 'manage-offers', path: '/seller/manage-offers' },
      { name: 'review-orders', path: '/seller/review-orders' },
      { name: 'create-invoice', path: '/seller/create-invoice' },
      { name: 'profile', path: '/profile' },
      { name: 'menu-collapsed', path: '/seller/review-orders/inprogress', collapsed: true },
    ],
  },
};

/** Phone width (390 px): the menu is behind the top bar's Menu button, closed and then open. */
const phone = {
  role: 'client',
  email: 'client@example.com',
  viewport: { width: 390, height: 844 },
  screens: [
    { name: 'phone', path: '/orders/inprogress', openMenu: false },
    { name: 'phone-menu-open', path: '/orders/inprogress', openMenu: true },
  ],
} as const;
const DESKTOP = { width: 1280, height: 800 };

async function signIn(email: string) {
  const response = await fetch(`${BASE}/api/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-pass-2026' }),
  });
  return (await response.json()) as { access: string; refresh: string };
}

async function shoot(
  browser: Browser,
  file: string,
  path: string,
  storage: Record<string, string>,
  { viewport = DESKTOP, openMenu = false } = {},
): Promise<void> {
  const context = await browser.newContext({ viewport, baseURL: BASE, reducedMotion: 'reduce' });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForSelector('h1');
  if (openMenu) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  }
  await page.screenshot({ path: join(OUT, file) });
  await context.close();
}

const build = spawnSync(process.execPath, ['node_modules/@rsbuild/core/bin/rsbuild.js', 'build'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-shots-'));
const server = await createServer(loadConfig({ DATA_DIR: dataDir, LOG: 'off' }));
const listener = serve({ fetch: server.app.fetch, port: PORT, hostname: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
});
mkdirSync(OUT, { recursive: true });
try {
  for (const theme of THEMES) {
    const themeEntry = { 'marketplace:theme': JSON.stringify(theme) };
    for (const screen of signedOut) {
      await shoot(browser, `${screen.name}-${theme}.png`, screen.path, themeEntry);
    }
    for (const [role, { email, screens }] of Object.entries(byRole)) {
      const tokens = await signIn(email);
      for (const screen of screens) {
        await shoot(browser, `${role}-${screen.name}-${theme}.png`, screen.path, {
          ...themeEntry,
          'marketplace:access-token': JSON.stringify(tokens.access),
          'marketplace:refresh-token': JSON.stringify(tokens.refresh),
          'marketplace:menu-open': JSON.stringify(!('collapsed' in screen)),
        });
      }
    }
    const tokens = await signIn(phone.email);
    for (const screen of phone.screens) {
      const storage = {
        ...themeEntry,
        'marketplace:access-token': JSON.stringify(tokens.access),
        'marketplace:refresh-token': JSON.stringify(tokens.refresh),
      };
      await shoot(browser, `${phone.role}-${screen.name}-${theme}.png`, screen.path, storage, {
        viewport: phone.viewport,
        openMenu: screen.openMenu,
      });
    }
  }
  process.stdout.write(`Screenshots written to ${OUT}\n`);
} finally {
  await browser.close();
  listener.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
