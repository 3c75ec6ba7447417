import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { type ApiOffer, apiAs, dataOf } from './marketplace-api';
import { pasteOnFocused, SELLER, startSignedIn, watchConsole } from './support';

test.describe.configure({ timeout: 90_000 });

/** The first five offers of the seller's Unpublished tab, in its default order (as the page lists them). */
async function firstFive(request: APIRequestContext): Promise<ApiOffer[]> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: { query: { publishType: 'unpublished', ordering: '-created_at', limit: 5 } },
    }),
  );
  expect(results, 'five unpublished offers in the demo data').toHaveLength(5);
  return results;
}

async function current(request: APIRequestContext, offer: ApiOffer): Promise<ApiOffer | undefined> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { publishType: 'unpublished', search: offer.product } } }),
  );
  return results.find((each) => each.id === offer.id);
}

test('a seller pastes a 5×3 block with two invalid cells, unticks a row and applies the rest', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const offers = await firstFive(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('rowheader', { name: offers[0]?.product })).toBeVisible();

  // Start, End, (Uploaded is skipped), Unit price; the second row's price and the fourth row's end are refused.
  const block = [
    ['2027-01-01T10:00:00Z', '2027-03-01T10:00:00Z', '€1,234.56'],
    ['2027-01-02T10:00:00Z', '2027-03-02T10:00:00Z', '0'],
    ['2027-01-03T10:00:00Z', '2027-03-03T10:00:00Z', '12.30'],
    ['2027-02-04T10:00:00Z', '2027-01-04T10:00:00Z', '14.00'],
    ['2027-01-05T10:00:00Z', '2027-03-05T10:00:00Z', '15.50'],
  ];
  // The first row's Start cell: after the selection cell, the publisher, seller and region.
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(4).focus();
  await pasteOnFocused(page, `${block.map((row) => row.join('\t')).join('\r\n')}\r\n`);

  const preview = page.getByRole('dialog', { name: 'Review changes' });
  await expect(preview.getByText('5 offers, 2 with problems')).toBeVisible();
  await expect(preview.getByRole('checkbox', { name: offers[1]?.product })).toBeDisabled();
  await expect(preview.getByRole('checkbox', { name: offers[3]?.product })).toBeDisabled();
  await preview.getByRole('checkbox', { name: offers[0]?.product }).uncheck();
  await preview.getByRole('button', { name: 'Apply to 2 offers' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('2 offers updated');

  const [first, , third, , fifth] = await Promise.all(offers.map((offer) => current(request, offer)));
  const instant = (iso: string | undefined) => Date.parse(iso ?? '');
  expect(third?.unit_price).toBe('12.30');
  expect(instant(third?.start)).toBe(instant('2027-01-03T10:00:00Z'));
  expect(instant(third?.end)).toBe(instant('2027-03-03T10:00:00Z'));
  expect(fifth?.unit_price).toBe('15.50');
  expect(instant(fifth?.start)).toBe(instant('2027-01-05T10:00:00Z'));
  expect(first?.version).toBe(offers[0]?.version);
  expect(errors).toEqual([]);
});
