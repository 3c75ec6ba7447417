/**
 * Fill on Manage Offers (behaviour §7, fill and paste; §10 P1, P2), keyboard only: five rows
 * selected with Space and Shift+Space, the top one's unit price edited and offered to them all
 * with Ctrl+Enter, applied from the preview, then undone with Enter on the snackbar's Undo (a
 * history revert).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centsOf, euros, notice, pressUntilFocused, tabInto, tabTo } from './journeys';
import { type ApiOffer, apiAs, dataOf } from './marketplace-api';
import { SELLER, startSignedIn, watchConsole } from './support';

test.describe.configure({ timeout: 90_000 });

/** The grid's rows 6 to 10 on the Unpublished tab's first page (paste.spec.ts takes rows 1 to 5). */
const FIRST_ROW = 6;

async function sixthToTenth(request: APIRequestContext): Promise<ApiOffer[]> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: { query: { publishType: 'unpublished', ordering: '-created_at', offset: FIRST_ROW - 1, limit: 5 } },
    }),
  );
  expect(results, 'ten unpublished offers in the demo data').toHaveLength(5);
  return results;
}

async function pricesOf(request: APIRequestContext, offers: readonly ApiOffer[]): Promise<string[]> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: { query: { publishType: 'unpublished', ordering: '-created_at', offset: FIRST_ROW - 1, limit: 5 } },
    }),
  );
  expect(results.map((offer) => offer.id)).toEqual(offers.map((offer) => offer.id));
  return results.map((offer) => offer.unit_price);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Unpublished offers' });
/** Body row `n` of the grid (1 is the first under the header). */
const bodyRow = (page: Page, n: number) => grid(page).getByRole('row').nth(n);
const selectCell = (page: Page, n: number) => bodyRow(page, n).getByRole('gridcell').first();

test('fill down five rows by keyboard and undo', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offers = await sixthToTenth(request);
  const [top] = offers as [ApiOffer];
  // A price none of the five has (a retried run finds the first run's fill undone or not).
  const filled =
    ['7.77', '8.88', '9.99'].find((price) => !offers.some((offer) => offer.unit_price === price)) ?? '6.66';
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  await expect(bodyRow(page, FIRST_ROW).getByRole('rowheader', { name: top.product, exact: true })).toBeVisible();

  // Into the grid, to the selection column, down to the first row; Space selects it and
  // Shift+Space four rows down selects the rows between.
  await tabInto(page, grid(page));
  await page.keyboard.press('Control+Home');
  await pressUntilFocused(page, 'ArrowDown', selectCell(page, FIRST_ROW));
  await page.keyboard.press('Space');
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowDown');
  await expect(selectCell(page, FIRST_ROW + 4)).toBeFocused();
  await page.keyboard.press('Shift+Space');
  for (const offer of offers) {
    await expect(grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true })).toBeChecked();
  }
  await expect(page.getByRole('group', { name: 'Selected offers' })).toContainText('5 selected');

  // Back up to the top selected row, right to its unit price; Enter edits the row.
  await pressUntilFocused(page, 'ArrowUp', selectCell(page, FIRST_ROW), 4);
  const topPrice = bodyRow(page, FIRST_ROW).getByRole('gridcell', {
    name: euros(centsOf(top.unit_price)),
    exact: true,
  });
  await pressUntilFocused(page, 'ArrowRight', topPrice, 10);
  await page.keyboard.press('Enter');
  const priceInput = grid(page).getByRole('textbox', { name: 'Unit price' });
  await expect(grid(page).getByRole('textbox', { name: 'Product' })).toBeFocused();
  await tabTo(page, priceInput, { limit: 30 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(filled);
  // Ctrl+Enter offers the cell's value to the selected rows: the preview lists all five.
  await page.keyboard.press('Control+Enter');
  const preview = page.getByRole('dialog', { name: 'Review changes' });
  await expect(preview.getByText('5 offers', { exact: true })).toBeVisible();
  await expect(preview.getByText(euros(centsOf(filled)))).toHaveCount(5);
  await tabTo(page, preview.getByRole('button', { name: 'Apply to 5 offers' }));
  await page.keyboard.press('Enter');

  await expect(notice(page)).toContainText('5 offers updated');
  await expect(preview).toHaveCount(0);
  // The edit ends with the apply (nothing else changed), and focus is back on the cell it began on.
  await expect(
    bodyRow(page, FIRST_ROW).getByRole('gridcell', { name: euros(centsOf(filled)), exact: true }),
  ).toBeFocused();

  // The snackbar's Undo reverts the fill's batch. Focus is put on it directly: walking there with
  // Tab may outlast the message's 4 s on a busy machine; Enter then presses it.
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).focus();
  await expect.poll(() => pricesOf(request, offers)).toEqual(offers.map(() => filled));
  await page.keyboard.press('Enter');
  await expect(notice(page)).toContainText('Changes undone');
  await expect.poll(() => pricesOf(request, offers)).toEqual(offers.map((offer) => offer.unit_price));
  await expect(
    bodyRow(page, FIRST_ROW).getByRole('gridcell', { name: euros(centsOf(top.unit_price)), exact: true }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
