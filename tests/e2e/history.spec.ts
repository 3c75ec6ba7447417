/**
 * Offer history and revert (behaviour §7; §10 H1–H3): a price changed in the grid is reverted from
 * the offer's history after a reload, keyboard only, and the Recent changes tab lists both.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centsOf, euros, notice, pressUntilFocused, tabInto, tabTo } from './journeys';
import { type ApiOffer, publishedRows, sellersOfferNow } from './marketplace-api';
import { SELLER, startSignedIn, watchConsole } from './support';

test.describe.configure({ timeout: 90_000 });

const grid = (page: Page) => page.getByRole('grid', { name: 'Published offers' });
const rowOf = (page: Page, offer: ApiOffer) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: offer.product, exact: true }) });

test('revert from the history after a reload', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [offer] = (await publishedRows(request, 6, 1)) as [ApiOffer];
  const changed = '41.41';
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  await rowOf(page, offer).getByRole('gridcell', { name: offer.publisher, exact: true }).dblclick();
  const price = grid(page).getByRole('textbox', { name: 'Unit price' });
  await price.fill(changed);
  await price.press('Enter');
  await expect(notice(page)).toHaveText('Offer updated');
  expect(await sellersOfferNow(request, offer)).toMatchObject({ unit_price: changed });

  await page.reload();
  await expect(rowOf(page, offer).getByRole('gridcell', { name: euros(centsOf(changed)), exact: true })).toBeVisible();

  // Keyboard only: into the grid, down the Product column to the offer, right to its Action
  // cell; Enter reaches its first button (Edit), Tab the next (History).
  await tabInto(page, grid(page));
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowRight');
  await pressUntilFocused(page, 'ArrowDown', rowOf(page, offer).getByRole('rowheader'), 11);
  const historyButton = page.getByRole('button', { name: `History of ${offer.product}`, exact: true });
  const actionCell = rowOf(page, offer).getByRole('gridcell').filter({ has: historyButton });
  await pressUntilFocused(page, 'ArrowRight', actionCell, 12);
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'Tab', historyButton, 2);
  await page.keyboard.press('Enter');

  const history = page.getByRole('dialog', { name: `History of ${offer.product}` });
  await expect(history).toBeVisible();
  const newest = history.getByRole('listitem').filter({ hasText: 'Row edit' }).first();
  await expect(newest).toContainText(`Unit price: ${euros(centsOf(offer.unit_price))}`);
  await expect(newest).toContainText(euros(centsOf(changed)));
  await tabTo(page, newest.getByRole('button', { name: /^Revert the change of / }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Revert these changes?' });
  await expect(confirm).toContainText(`The values these changes replaced go back on “${offer.product}”.`);
  await tabTo(page, confirm.getByRole('button', { name: 'Revert', exact: true }));
  await page.keyboard.press('Enter');

  await expect(notice(page)).toContainText('Changes reverted');
  await expect(confirm).toHaveCount(0);
  await expect.poll(async () => (await sellersOfferNow(request, offer)).unit_price).toBe(offer.unit_price);
  // The history lists the revert first, and marks the change it reverted.
  await expect(history.getByRole('listitem').first()).toContainText('Revert by');
  await expect(history.getByRole('listitem').filter({ hasText: 'Row edit' }).first()).toContainText('Reverted');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // Recent changes lists the seller's change and its revert, newest first.
  await page.getByRole('navigation', { name: 'Offer lists' }).getByRole('link', { name: 'Recent changes' }).click();
  const changes = page.getByRole('grid', { name: 'Recent changes' });
  const rows = changes
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: offer.product, exact: true }) });
  await expect(rows.first()).toContainText('Revert');
  await expect(rows.filter({ hasText: 'Row edit' }).first()).toContainText(euros(centsOf(changed)));
  await expect(rows.filter({ hasText: 'Row edit' }).first()).toContainText('Reverted');
  expect(errors).toEqual([]);
});
