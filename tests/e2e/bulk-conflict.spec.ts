import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
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

test('bulk update with one offer changed meanwhile', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [changed, other] = await twoUnpublished(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  for (const offer of [changed, other]) {
    const checkbox = grid(page).getByRole('checkbox', { name: `Select ${offer.product}`, exact: true });
    await checkbox.click();
    await expect(checkbox).toBeChecked();
  }
  await expect(selectionBar(page)).toContainText('2 selected');

  // Someone else saves the first offer meanwhile: its version moves on.
  const api = await apiAs(request, SELLER);
  await dataOf(
    api.POST('/api/v1/manage-offers/update/', { body: { offers: [{ id: changed.id, unit_price: '77.70' }] } }),
  );

  await selectionBar(page).getByRole('button', { name: 'Update…' }).click();
  const form = page.getByRole('dialog', { name: 'Update offers' });
  await form.getByRole('textbox', { name: 'Unit price' }).fill('55.5');
  await form.getByRole('button', { name: 'Update 2 offers' }).click();

  const conflict = page.getByRole('dialog', { name: 'These offers changed meanwhile' });
  await expect(conflict).toContainText('1 offer changed after you chose them');
  const table = conflict.getByRole('table', { name: changed.product });
  await expect(table.getByRole('row', { name: /Unit price/ })).toContainText('€77.70');
  await expect(table.getByRole('row', { name: /Unit price/ })).toContainText('€55.50');
  await conflict.getByRole('button', { name: 'Apply to the others' }).click();

  await expect(snackbar(page)).toContainText('1 offer updated');
  await expect(conflict).toHaveCount(0);
  expect(await priceOf(request, changed)).toBe('77.70');
  expect(await priceOf(request, other)).toBe('55.50');
  // The browser logs the refused call itself; nothing else may go wrong.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});
