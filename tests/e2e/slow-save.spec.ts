/**
 * Row saves in the background on Manage Offers (behaviour §2, Manage Offers table; §10 R1, R2): a
 * slow save while another row is edited loses nothing, and a failed save says so and retries.
 * Keyboard only: arrows to a row's name, Enter edits, Tab to the price, Enter saves.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pressUntilFocused, tabInto, tabTo } from './journeys';
import { type ApiOffer, publishedRows, sellersOfferNow } from './marketplace-api';
import { SELLER, startSignedIn, watchConsole } from './support';

test.describe.configure({ timeout: 90_000 });

const UPDATE = '**/api/v1/manage-offers/update/';

const grid = (page: Page) => page.getByRole('grid', { name: 'Published offers' });
const rowOf = (page: Page, offer: ApiOffer) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: offer.product, exact: true }) });
const priceInput = (page: Page) => grid(page).getByRole('textbox', { name: 'Unit price' });

/** Into the grid (one tab stop), to the Product column's header. */
async function enterGrid(page: Page) {
  await tabInto(page, grid(page));
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
}

/** From a cell of the Product column, down to the offer's name; Enter edits the row, Tab reaches its price. */
async function editPrice(page: Page, offer: ApiOffer, price: string) {
  await pressUntilFocused(page, 'ArrowDown', rowOf(page, offer).getByRole('rowheader'), 11);
  await page.keyboard.press('Enter');
  await expect(grid(page).getByRole('textbox', { name: 'Product' })).toHaveValue(offer.product);
  await tabTo(page, priceInput(page), { limit: 30 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(price);
}

test('edit during a slow save and lose nothing', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [a, b] = (await publishedRows(request, 2, 2)) as [ApiOffer, ApiOffer];
  await startSignedIn(page, request, SELLER);
  // The first save's answer waits until the test lets it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  await page.route(UPDATE, async (route) => {
    calls += 1;
    if (calls === 1) await held;
    await route.continue();
  });
  await page.goto('/seller/manage-offers');
  await expect(rowOf(page, a)).toBeVisible();
  await expect(rowOf(page, b)).toBeVisible();

  await enterGrid(page);
  await editPrice(page, a, '21.21');
  await page.keyboard.press('Enter');
  await expect(rowOf(page, a).getByText('Saving…')).toBeVisible();

  // Focus is back on the row's name: down to the next offer, edited while the first one saves.
  await expect(rowOf(page, a).getByRole('rowheader')).toBeFocused();
  await editPrice(page, b, '22.22');
  release();
  await expect(rowOf(page, a).getByText('Saved', { exact: true })).toBeVisible();
  // The other row's typing is intact: still editing, with what was typed.
  await expect(priceInput(page)).toHaveValue('22.22');
  await expect(priceInput(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowOf(page, b).getByText('Saved', { exact: true })).toBeVisible();

  expect(await sellersOfferNow(request, a)).toMatchObject({ unit_price: '21.21', version: a.version + 1 });
  expect(await sellersOfferNow(request, b)).toMatchObject({ unit_price: '22.22', version: b.version + 1 });
  expect(errors).toEqual([]);
});

test('a failed save says why, and Retry saves it', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [offer] = (await publishedRows(request, 4, 1)) as [ApiOffer];
  await startSignedIn(page, request, SELLER);
  let calls = 0;
  await page.route(UPDATE, (route) => {
    calls += 1;
    return calls === 1
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'Server error' }),
        })
      : route.continue();
  });
  await page.goto('/seller/manage-offers');
  await expect(rowOf(page, offer)).toBeVisible();

  await enterGrid(page);
  await editPrice(page, offer, '23.23');
  await page.keyboard.press('Enter');
  const row = rowOf(page, offer);
  await expect(row.getByText(/^Not saved: /)).toBeVisible();
  const retry = row.getByRole('button', { name: `Retry ${offer.product}`, exact: true });
  await expect(retry).toHaveAccessibleDescription(/^Not saved: /);
  expect(await sellersOfferNow(request, offer)).toMatchObject({ unit_price: offer.unit_price, version: offer.version });

  // F8 goes to the next error across the grid: the row's Retry.
  await page.keyboard.press('F8');
  await expect(retry).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByText('Saved', { exact: true })).toBeVisible();
  await expect(retry).toHaveCount(0);
  expect(await sellersOfferNow(request, offer)).toMatchObject({ unit_price: '23.23', version: offer.version + 1 });
  // The browser reports the refused answer it was given.
  expect(errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
});
