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
import { type Browser, chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { createServer } from '../server/server';
import { type ApiTarget, apiWithToken, dataOf, tokensFor } from '../tests/support/api-session';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET: ApiTarget = { baseUrl: BASE };
const THEMES = ['light', 'dark'] as const;

const signedOut = [
  { name: 'signin', path: '/signin' },
  { name: 'signup', path: '/signup' },
  { name: 'verify-email-error', path: '/verify-email?token=expired-or-unknown' },
];
/** What a screen does after loading, before the picture: open a popover or a dialog. */
type Prepare = (page: Page) => Promise<void>;
interface Screen {
  name: string;
  path: string;
  collapsed?: boolean;
  /** Lines put in the basket before the page loads. */
  basket?: boolean;
  prepare?: Prepare;
  /** Another window than DESKTOP's. */
  viewport?: { width: number; height: number };
}

const openBasket: Prepare = async (page) => {
  await page.getByRole('button', { name: /^Basket,/ }).click();
  await page.getByRole('dialog', { name: 'Basket Items' }).waitFor();
  await page.getByText('Checking the current offers…').waitFor({ state: 'detached' });
};
const askSpecialPrice: Prepare = async (page) => {
  await page
    .getByRole('button', { name: /^Ask for a special price on/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
};
const dialogOpen: Prepare = async (page) => {
  await page.getByRole('dialog').waitFor();
  await page.waitForLoadState('networkidle');
};

/** The client's ids the dialogs open on: an order awaiting the client's answer, an invoice. */
async function clientIds(access: string) {
  const api = apiWithToken(TARGET, access);
  const orders = await dataOf(
    api.GET('/api/v1/orders/', { params: { query: { status: 'in_progress', counterOffer: 'only', limit: 100 } } }),
  );
  const invoices = await dataOf(api.GET('/api/v1/invoices/', { params: { query: { limit: 1 } } }));
  const countered = orders.results.find((order) => order.negotiation === 'counter_proposed') ?? orders.results[0];
  return { order: countered?.id ?? 1, invoice: invoices.results[0]?.id ?? 1 };
}

/** Three offers in the basket, as an earlier visit would have left them. */
async function basketLines(access: string) {
  const api = apiWithToken(TARGET, access);
  const { results } = await dataOf(api.GET('/api/v1/offers/', { params: { query: { limit: 3 } } }));
  return results.map((offer, index) => ({
    id: String(offer.id),
    offer_id: offer.id,
    name: offer.product,
    price: Number(offer.unit_price),
    quantity: index + 1,
    hot: offer.is_hot,
    publisher: offer.publisher,
    seller: offer.seller,
    region: offer.region,
  }));
}

const clientScreens = (ids: { order: number; invoice: number }): Screen[] => [
  { name: 'offers', path: '/offers' },
  { name: 'offers-empty', path: '/offers?search=no-such-game' },
  { name: 'offers-hot', path: '/offers/promo?is_hot=true' },
  { name: 'offers-special-price', path: '/offers', prepare: askSpecialPrice },
  { name: 'basket-popover', path: '/offers', basket: true, prepare: openBasket },
  { name: 'cart', path: '/offers/order', basket: true },
  { name: 'cart-empty', path: '/offers/order' },
  { name: 'orders', path: '/orders/inprogress' },
  { name: 'order-dialog', path: `/orders/inprogress?order=${ids.order}`, prepare: dialogOpen },
  { name: 'billing', path: '/billing' },
  { name: 'invoice-dialog', path: `/billing?invoice=${ids.invoice}`, prepare: dialogOpen },
  { name: 'profile', path: '/profile' },
  { name: 'menu-collapsed', path: '/orders/inprogress', collapsed: true },
];

const offersGrid = (page: Page, tab: 'Published' | 'Unpublished' = 'Published') =>
  page.getByRole('grid', { name: `${tab} offers` });

/** Manage Offers with the first row's editor open, from a double-click on its Publisher cell. */
const editRow: Prepare = async (page) => {
  const grid = offersGrid(page);
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).dblclick();
  await grid.getByRole('textbox', { name: 'Product' }).waitFor();
};
/** The offer rules refuse a price of 0: the message shows under the row's price. */
const fieldError: Prepare = async (page) => {
  await editRow(page);
  const grid = offersGrid(page);
  await grid.getByRole('textbox', { name: 'Unit price' }).fill('0');
  await grid.getByRole('button', { name: /^Update / }).click();
  await grid.getByText('The unit price must be greater than 0.').waitFor();
};
/** The editing row's Start picker, woken by focus, with its calendar open. */
const dateTimePicker: Prepare = async (page) => {
  await editRow(page);
  const grid = offersGrid(page);
  await grid.getByRole('button', { name: /^Start: / }).focus();
  await grid.getByRole('button', { name: /^Calendar/ }).press('Enter');
  await page.getByRole('dialog').getByRole('grid').waitFor();
};
/**
 * A real 409: the row is edited, someone else saves the same offer (the API, unconditionally),
 * then the row's save finds a newer version and the conflict dialog compares the two.
 */
const conflict: Prepare = async (page) => {
  await editRow(page);
  const grid = offersGrid(page);
  await grid.getByRole('textbox', { name: 'Unit price' }).fill('17.50');
  const id = Number(await grid.locator('tr[data-grid-editing]').getAttribute('data-row-id'));
  const access = JSON.parse((await page.evaluate(() => localStorage.getItem('marketplace:access-token'))) ?? '""');
  const theirs = await page.request.post('/api/v1/manage-offers/update/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { offers: [{ id, unit_price: '19.99' }] },
  });
  if (!theirs.ok()) throw new Error(`The other save failed: ${theirs.status()}`);
  await grid.getByRole('button', { name: /^Update / }).click();
  await page.getByRole('dialog', { name: 'This offer changed meanwhile' }).waitFor();
};
const uploadDialog: Prepare = async (page) => {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await page.getByRole('dialog', { name: 'Upload offers' }).waitFor();
};
/** Two rows of the Unpublished tab selected: the bulk actions bar shows. */
const twoSelected: Prepare = async (page) => {
  const grid = offersGrid(page, 'Unpublished');
  for (const row of [1, 2]) await grid.getByRole('row').nth(row).getByRole('checkbox').check();
  await page.getByRole('group', { name: 'Selected offers' }).waitFor();
};
/** A 3-row block of prices pasted on the first row's Unit price cell, one refused: the preview shows. */
const pastePreview: Prepare = async (page) => {
  const grid = offersGrid(page, 'Unpublished');
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(7).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '€12.00\r\n0\r\n15.50\r\n');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await page.getByRole('dialog', { name: 'Review changes' }).waitFor();
};
/** The first row's price changed twice through the API, so its history has more than its upload. */
async function changeFirstOffer(page: Page) {
  const grid = offersGrid(page);
  const id = Number(await grid.getByRole('row').nth(1).getAttribute('data-row-id'));
  const access = JSON.parse((await page.evaluate(() => localStorage.getItem('marketplace:access-token'))) ?? '""');
  for (const unit_price of ['21.00', '19.50']) {
    const answer = await page.request.post('/api/v1/manage-offers/update/', {
      headers: { Authorization: `Bearer ${access}` },
      data: { offers: [{ id, unit_price }], source: 'row_edit' },
    });
    if (!answer.ok()) throw new Error(`The change failed: ${answer.status()}`);
  }
}
const historyPanel: Prepare = async (page) => {
  await changeFirstOffer(page);
  const row = offersGrid(page).getByRole('row').nth(1);
  await row.getByRole('button', { name: /^History of / }).click();
  await page
    .getByRole('dialog', { name: /^History of / })
    .getByText('Row edit')
    .first()
    .waitFor();
};
const recentChanges: Prepare = async (page) => {
  await changeFirstOffer(page);
  await page.getByRole('link', { name: 'Recent changes' }).click();
  await page.getByText('Row edit').first().waitFor();
};
/** The first client picked and every order of theirs on the page ticked: the total shows. */
const invoiceDraft: Prepare = async (page) => {
  await page.getByRole('button', { name: /Client$/ }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page
    .getByRole('grid', { name: 'Orders to invoice' })
    .getByRole('checkbox', { name: 'Select all rows on this page' })
    .check();
};

/** The seller's id the order dialog opens on: an order in progress waiting for the seller's move. */
async function sellerIds(access: string) {
  const api = apiWithToken(TARGET, access);
  const { results } = await dataOf(
    api.GET('/api/v1/review-orders/', { params: { query: { status: 'in_progress', limit: 100 } } }),
  );
  const waiting = results.find((order) => order.negotiation !== 'counter_proposed') ?? results[0];
  return { order: waiting?.id ?? 1 };
}

const sellerScreens = (ids: { order: number }): Screen[] => [
  { name: 'manage-offers', path: '/seller/manage-offers' },
  { name: 'manage-offers-unpublished', path: '/seller/manage-offers/unpublished' },
  { name: 'manage-offers-editing', path: '/seller/manage-offers', prepare: editRow },
  {
    name: 'manage-offers-editing-1440',
    path: '/seller/manage-offers',
    prepare: editRow,
    viewport: { width: 1440, height: 900 },
  },
  { name: 'manage-offers-field-error', path: '/seller/manage-offers', prepare: fieldError },
  { name: 'manage-offers-date-time-picker', path: '/seller/manage-offers', prepare: dateTimePicker },
  { name: 'manage-offers-conflict', path: '/seller/manage-offers', prepare: conflict },
  { name: 'manage-offers-upload', path: '/seller/manage-offers/unpublished', prepare: uploadDialog },
  { name: 'manage-offers-bulk-actions', path: '/seller/manage-offers/unpublished', prepare: twoSelected },
  { name: 'manage-offers-paste-preview', path: '/seller/manage-offers/unpublished', prepare: pastePreview },
  { name: 'manage-offers-history', path: '/seller/manage-offers', prepare: historyPanel },
  { name: 'manage-offers-recent-changes', path: '/seller/manage-offers', prepare: recentChanges },
  { name: 'review-orders', path: '/seller/review-orders' },
  { name: 'review-orders-inprogress', path: '/seller/review-orders/inprogress' },
  { name: 'review-order-dialog', path: `/seller/review-orders/inprogress?order=${ids.order}`, prepare: dialogOpen },
  { name: 'create-invoice', path: '/seller/create-invoice' },
  { name: 'create-invoice-draft', path: '/seller/create-invoice', prepare: invoiceDraft },
  { name: 'profile', path: '/profile' },
  { name: 'menu-collapsed', path: '/seller/review-orders/inprogress', collapsed: true },
];

/** Each role's screens; their dialogs open on ids read from the demo data first. */
const byRole = {
  client: {
    email: 'client@example.com',
    screens: async (access: string) => clientScreens(await clientIds(access)),
  },
  seller: {
    email: 'seller@example.com',
    screens: async (access: string) => sellerScreens(await sellerIds(access)),
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

const signIn = (email: string) => tokensFor(TARGET, email);

async function shoot(
  browser: Browser,
  file: string,
  path: string,
  storage: Record<string, string>,
  {
    viewport = DESKTOP,
    openMenu = false,
    prepare,
  }: { viewport?: { width: number; height: number }; openMenu?: boolean; prepare?: Prepare } = {},
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
  await prepare?.(page);
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
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
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
      const lines = JSON.stringify(await basketLines(tokens.access));
      for (const screen of await screens(tokens.access)) {
        await shoot(
          browser,
          `${role}-${screen.name}-${theme}.png`,
          screen.path,
          {
            ...themeEntry,
            'marketplace:access-token': JSON.stringify(tokens.access),
            'marketplace:refresh-token': JSON.stringify(tokens.refresh),
            'marketplace:menu-open': JSON.stringify(!screen.collapsed),
            ...(screen.basket ? { 'marketplace:basket': lines } : {}),
          },
          {
            ...(screen.prepare ? { prepare: screen.prepare } : {}),
            ...(screen.viewport ? { viewport: screen.viewport } : {}),
          },
        );
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
