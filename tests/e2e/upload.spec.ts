import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tabTo } from './journeys';
import { type Api, apiAs, dataOf } from './marketplace-api';
import { expectNoAxeViolations, SELLER, startSignedIn, watchConsole } from './support';

// Uploads, their checks and list reloads: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * CSV rows for products named `<tag> <name>`, with the seller's real names (its first own
 * storefront, the first publisher and region), valid from yesterday for 30 days.
 */
async function offerRows(api: Api, tag: string) {
  const options = await dataOf(api.GET('/api/v1/options/'));
  const store = options.sellers.find((seller) => seller.is_own);
  const [publisher] = options.publishers;
  const [region] = options.regions;
  if (!store || !publisher || !region) throw new Error('The demo seller needs a storefront, a publisher and a region');
  const start = new Date(Date.now() - DAY_MS).toISOString();
  const end = new Date(Date.now() + 30 * DAY_MS).toISOString();
  return (name: string, { regionName = region.code, price = '12.50' } = {}) =>
    `${tag} ${name},${publisher.name},${store.name},${regionName},regular,false,${price},${start},${end}`;
}

const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

/** How many of the seller's unpublished offers carry `tag` in their product name. */
async function unpublishedWith(api: Api, tag: string) {
  const page = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { publishType: 'unpublished', search: tag } } }),
  );
  return page.count;
}

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload offers' });
const unpublishedGrid = (page: Page) => page.getByRole('grid', { name: 'Unpublished offers' });
/** The Unpublished tab's rows whose product carries `tag`. */
const rowsWith = (page: Page, tag: string) => unpublishedGrid(page).getByRole('rowheader', { name: tag });

/** Picks `file` with the dialog's "Choose a CSV file…" button, pressed by `press`. */
async function chooseFile(page: Page, file: ReturnType<typeof csv>, press: (button: Locator) => Promise<void>) {
  const chooser = page.waitForEvent('filechooser');
  await press(uploadDialog(page).getByRole('button', { name: 'Choose a CSV file…' }));
  await (await chooser).setFiles(file);
}
const click = (button: Locator) => button.click();

test('a seller uploads a CSV with a bad row, sees why and nothing is added, then uploads it fixed', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, SELLER);
  const tag = `Upload ${Date.now()}`;
  const row = await offerRows(api, tag);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = uploadDialog(page);
  await chooseFile(page, csv('offers.csv', [HEADER, row('Alpha'), row('Beta', { regionName: 'Atlantis' })]), click);

  await expect(
    dialog.getByRole('heading', { name: 'offers.csv: 1 problem to fix. Nothing was uploaded.' }),
  ).toBeVisible();
  const problems = dialog.getByRole('table');
  await expect(problems.getByRole('row').nth(1)).toHaveText(
    /^3\s*region\s*Unknown region "Atlantis"; use a region code or name\.$/,
  );
  await expectNoAxeViolations(page);
  expect(await unpublishedWith(api, tag)).toBe(0);
  await expect(rowsWith(page, tag)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download errors as CSV' }).click();
  const errorsFile = await (await download).path();
  expect((await readFile(errorsFile, 'utf8')).split('\r\n')).toEqual([
    '\uFEFFrow,column,message',
    '3,region,"Unknown region ""Atlantis""; use a region code or name."',
    '',
  ]);

  const fixed = csv('offers.csv', [HEADER, row('Alpha'), row('Beta')]);
  await chooseFile(page, fixed, click);
  await expect(dialog.getByText('2 offers uploaded. They are in the Unpublished tab.')).toBeVisible();
  expect(await unpublishedWith(api, tag)).toBe(2);
  await expectNoAxeViolations(page);

  // The same file again is not imported without asking, and not at all when the seller declines.
  await chooseFile(page, fixed, click);
  await expect(dialog.getByRole('alert')).toContainText('Upload it again anyway?');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Don’t upload' }).click();
  expect(await unpublishedWith(api, tag)).toBe(2);

  await chooseFile(page, fixed, click);
  await dialog.getByRole('button', { name: 'Upload again' }).click();
  await expect(dialog.getByText('2 offers uploaded. They are in the Unpublished tab.')).toBeVisible();
  expect(await unpublishedWith(api, tag)).toBe(4);

  await dialog.getByRole('link', { name: 'Unpublished tab' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/seller\/manage-offers\/unpublished$/);
  // Newest first: both imports of both offers lead the Unpublished tab.
  await expect(rowsWith(page, `${tag} Alpha`)).toHaveCount(2);
  await expect(rowsWith(page, `${tag} Beta`)).toHaveCount(2);
  // Chromium logs every 4xx; the duplicate's 409 is an answer the dialog expects.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test('a seller uploads a CSV with the keyboard only', async ({ page, request }) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, SELLER);
  const tag = `Keyboard upload ${Date.now()}`;
  const row = await offerRows(api, tag);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/unpublished');

  const upload = page.getByRole('button', { name: 'Upload CSV' });
  await tabTo(page, upload);
  await page.keyboard.press('Enter');
  const dialog = uploadDialog(page);
  await expect(dialog).toBeVisible();

  await chooseFile(page, csv('keyboard.csv', [HEADER, row('One'), row('Two', { price: '7.5' })]), async (button) => {
    await tabTo(page, button);
    await page.keyboard.press('Enter');
  });
  await expect(dialog.getByText('2 offers uploaded. They are in the Unpublished tab.')).toBeVisible();
  expect(await unpublishedWith(api, tag)).toBe(2);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(upload).toBeFocused();
  // The list reloaded behind the dialog.
  await expect(rowsWith(page, tag)).toHaveCount(2);
  expect(errors).toEqual([]);
});
