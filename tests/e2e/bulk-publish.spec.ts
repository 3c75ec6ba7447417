import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pressUntilFocused, selectCellOf, tabInto, tabTo } from './journeys';
import { type ApiOffer, apiAs, dataOf, twoUnpublished } from './marketplace-api';
import { expectNoAxeViolations, SELLER, startSignedIn, watchConsole } from './support';

// Two tabs, two calls and their list reloads: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

async function isPublished(request: APIRequestContext, offer: ApiOffer) {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
  );
  return results[0]?.is_published;
}

const grid = (page: Page) => page.getByRole('grid');
const rowOf = (page: Page, offer: ApiOffer) => grid(page).getByRole('rowheader', { name: offer.product });
const selectCell = (page: Page, offer: ApiOffer) => selectCellOf(grid(page), offer.product);
const selectionBar = (page: Page) => page.getByRole('group', { name: 'Selected offers' });
const snackbar = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const tab = (page: Page, name: 'Published' | 'Unpublished') =>
  page.getByRole('navigation', { name: 'Offer lists' }).getByRole('link', { name, exact: true });

test('a seller publishes two offers together, then undoes it', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offers = await twoUnpublished(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  for (const offer of offers) await expect(rowOf(page, offer)).toBeVisible();
  await expect(selectionBar(page)).toHaveCount(0);

  for (const offer of offers) {
    const checkbox = grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true });
    await checkbox.click();
    await expect(checkbox).toBeChecked();
  }
  await expect(selectionBar(page)).toContainText('2 selected');
  await expectNoAxeViolations(page);

  await selectionBar(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish offers' });
  await expect(confirm).toContainText('Publish the 2 selected offers?');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Publish 2 offers' }).click();

  await expect(snackbar(page)).toContainText('2 offers published');
  await expect(selectionBar(page)).toHaveCount(0);
  // The Unpublished list reloads without them.
  for (const offer of offers) await expect(rowOf(page, offer)).toHaveCount(0);

  // The pointer rests on the snackbar, which keeps it open (behaviour §2), while the keyboard
  // opens the Published tab: the newest published offers come first there.
  await snackbar(page).getByRole('button', { name: 'Undo' }).hover();
  await tab(page, 'Published').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/seller\/manage-offers(\?|$)/);
  for (const offer of offers) await expect(rowOf(page, offer)).toBeVisible();
  expect(await isPublished(request, offers[0])).toBe(true);

  await snackbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(snackbar(page)).toContainText('Publishing undone');
  for (const offer of offers) await expect(rowOf(page, offer)).toHaveCount(0);

  await tab(page, 'Unpublished').click();
  for (const offer of offers) await expect(rowOf(page, offer)).toBeVisible();
  expect(await isPublished(request, offers[0])).toBe(false);
  expect(await isPublished(request, offers[1])).toBe(false);
  expect(errors).toEqual([]);
});

test('the same with the keyboard only', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offers = await twoUnpublished(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  for (const offer of offers) await expect(rowOf(page, offer)).toBeVisible();

  // Into the grid, to the selection column, down to each offer's row; Space selects it.
  await tabInto(page, grid(page));
  await page.keyboard.press('Home');
  for (const offer of offers) {
    await pressUntilFocused(page, 'ArrowDown', selectCell(page, offer));
    await page.keyboard.press('Space');
    await expect(grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true })).toBeChecked();
  }
  await expect(selectionBar(page)).toContainText('2 selected');

  // The bar sits above the grid.
  await tabTo(page, selectionBar(page).getByRole('button', { name: 'Publish', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Publish offers' });
  // Focus starts on Cancel, so a habitual Enter does nothing harmful.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, confirm.getByRole('button', { name: 'Publish 2 offers' }));
  await page.keyboard.press('Enter');
  await expect(snackbar(page)).toContainText('2 offers published');
  for (const offer of offers) await expect(rowOf(page, offer)).toHaveCount(0);

  // The snackbar comes last on the page; focus on it keeps it open (behaviour §2).
  await tabTo(page, snackbar(page).getByRole('button', { name: 'Undo' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(snackbar(page)).toContainText('Publishing undone');
  for (const offer of offers) await expect(rowOf(page, offer)).toBeVisible();
  expect(await isPublished(request, offers[1])).toBe(false);
  expect(errors).toEqual([]);
});
