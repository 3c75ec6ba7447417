/**
 * Bulk update with an offer changed meanwhile (behaviour §7, bulk update): the conflict lists it
 * with theirs and yours, and "Apply to the others" writes the rest. With the mouse, and with the
 * keyboard only.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pressUntilFocused, selectCellOf, tabInto, tabTo } from './journeys';
import { type ApiOffer, apiAs, dataOf, twoUnpublished } from './marketplace-api';
import { SELLER, startSignedIn, watchConsole } from './support';

test.describe.configure({ timeout: 90_000 });

async function priceOf(request: APIRequestContext, offer: ApiOffer) {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
  );
  return results[0]?.unit_price;
}

const grid = (page: Page) => page.getByRole('grid');
const selectionBar = (page: Page) => page.getByRole('group', { name: 'Selected offers' });
const snackbar = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'These offers changed meanwhile' });

/**
 * Two unpublished offers, the first saved by someone else once the page is open (its version
 * moves on), and prices neither has: theirs, and the one the seller's bulk update sends.
 */
async function setUp(page: Page, request: APIRequestContext) {
  const [changed, other] = await twoUnpublished(request);
  const unused = ['77.70', '55.50', '66.60', '44.40'].filter(
    (price) => price !== changed.unit_price && price !== other.unit_price,
  );
  const [theirs, mine] = unused as [string, string];
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  await expect(grid(page).getByRole('rowheader', { name: other.product, exact: true })).toBeVisible();
  const changeMeanwhile = async () => {
    const api = await apiAs(request, SELLER);
    await dataOf(
      api.POST('/api/v1/manage-offers/update/', { body: { offers: [{ id: changed.id, unit_price: theirs }] } }),
    );
  };
  return { changed, other, theirs, mine, changeMeanwhile };
}

/** The conflict lists the changed offer with its price and the seller's. */
async function expectConflict(page: Page, changed: ApiOffer, theirs: string, mine: string) {
  const conflict = conflictDialog(page);
  await expect(conflict).toContainText('1 offer changed after you chose them');
  const price = conflict.getByRole('table', { name: changed.product }).getByRole('row', { name: /Unit price/ });
  await expect(price).toContainText(`€${theirs}`);
  await expect(price).toContainText(`€${mine}`);
}

/** Only the other offer took the seller's price; the changed one keeps theirs. */
async function expectOthersApplied(page: Page, request: APIRequestContext, prices: Awaited<ReturnType<typeof setUp>>) {
  await expect(snackbar(page)).toContainText('1 offer updated');
  await expect(conflictDialog(page)).toHaveCount(0);
  expect(await priceOf(request, prices.changed)).toBe(prices.theirs);
  expect(await priceOf(request, prices.other)).toBe(prices.mine);
}

test('bulk update with one offer changed meanwhile', async ({ page, request }) => {
  const errors = watchConsole(page);
  const run = await setUp(page, request);
  for (const offer of [run.changed, run.other]) {
    const checkbox = grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true });
    await checkbox.click();
    await expect(checkbox).toBeChecked();
  }
  await expect(selectionBar(page)).toContainText('2 selected');
  await run.changeMeanwhile();

  await selectionBar(page).getByRole('button', { name: 'Update…' }).click();
  const form = page.getByRole('dialog', { name: 'Update offers' });
  await form.getByRole('textbox', { name: 'Unit price' }).fill(run.mine);
  await form.getByRole('button', { name: 'Update 2 offers' }).click();

  await expectConflict(page, run.changed, run.theirs, run.mine);
  await conflictDialog(page).getByRole('button', { name: 'Apply to the others' }).click();
  await expectOthersApplied(page, request, run);
  // The browser logs the refused call itself; nothing else may go wrong.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test('the same with the keyboard only', async ({ page, request }) => {
  const errors = watchConsole(page);
  const run = await setUp(page, request);
  // Into the grid, to the selection column, down to each offer's row; Space selects it.
  await tabInto(page, grid(page));
  await page.keyboard.press('Control+Home');
  for (const offer of [run.changed, run.other]) {
    await pressUntilFocused(page, 'ArrowDown', selectCellOf(grid(page), offer.product));
    await page.keyboard.press('Space');
    await expect(grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true })).toBeChecked();
  }
  await expect(selectionBar(page)).toContainText('2 selected');
  await run.changeMeanwhile();

  // The bar sits above the grid; the form's price, then its button, are Tab stops of the dialog.
  await tabTo(page, selectionBar(page).getByRole('button', { name: 'Update…' }), { back: true });
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Update offers' });
  await tabTo(page, form.getByRole('textbox', { name: 'Unit price' }));
  await page.keyboard.type(run.mine);
  await tabTo(page, form.getByRole('button', { name: 'Update 2 offers' }));
  await page.keyboard.press('Enter');

  await expectConflict(page, run.changed, run.theirs, run.mine);
  await tabTo(page, conflictDialog(page).getByRole('button', { name: 'Apply to the others' }));
  await page.keyboard.press('Enter');
  await expectOthersApplied(page, request, run);
  // The bar left with the selection; the keyboard carries on in the grid, where the rows were chosen.
  await expect(selectCellOf(grid(page), run.other.product)).toBeFocused();
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});
