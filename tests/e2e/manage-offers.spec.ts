/**
 * Inline row editing on Manage Offers (behaviour §2, Manage Offers table), as seller@example.com:
 * double-click and save, Escape, keyboard only, a server field error, two tabs on one offer, and
 * an unsaved edit that outlives a reload.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { centsOf, euros, notice, pressUntilFocused, tabInto, tabTo } from './journeys';
import { type ApiOffer, apiAs, dataOf } from './marketplace-api';
import { SELLER, startSignedIn, watchConsole } from './support';

// Saves, list reloads and a second tab: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });
// The editing row reads and writes local times: one zone, so a picked day is known in UTC.
test.use({ timezoneId: 'UTC' });

const UPDATE = '**/api/v1/manage-offers/update/';

/** A moment as a date-time picker writes it in the browser's zone: "09/01/2027, 5:20 PM". */
function pickerText(moment: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${two(moment.getDate())}/${two(moment.getMonth() + 1)}/${moment.getFullYear()}`;
  const hours = moment.getHours();
  return `${day}, ${hours % 12 || 12}:${two(moment.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The `index`-th of the seller's published offers (oldest first) whose product name no other
 * offer of theirs contains: the grid is narrowed to it by the search in the URL. Each test takes
 * its own index, so no test edits another's offer.
 */
async function publishedOffer(request: APIRequestContext, index: number): Promise<ApiOffer> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: {
        query: {
          publishType: 'published',
          ordering: 'created_at',
          limit: 100,
        },
      },
    }),
  );
  const named: ApiOffer[] = [];
  for (const offer of results) {
    if (named.length > index) break;
    const found = await dataOf(
      api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
    );
    if (found.count === 1) named.push(offer);
  }
  const offer = named[index];
  if (!offer) throw new Error(`The demo seller has fewer than ${index + 1} published offers with names of their own`);
  return offer;
}

/** The offer as the server has it now. */
async function current(request: APIRequestContext, offer: ApiOffer): Promise<ApiOffer> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
  );
  const [found] = results;
  if (!found || found.id !== offer.id) throw new Error(`Offer ${offer.id} is not found by its name`);
  return found;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Published offers' });
const rowHeader = (page: Page, product: string) => grid(page).getByRole('rowheader', { name: product, exact: true });
const rowOf = (page: Page, product: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: product, exact: true }) });
/** Only one row edits at a time, so the grid's inputs are that row's. */
const productInput = (page: Page) => grid(page).getByRole('textbox', { name: 'Product' });
const priceInput = (page: Page) => grid(page).getByRole('textbox', { name: 'Unit price' });
const action = (page: Page, verb: 'Update' | 'Cancel', product: string) =>
  grid(page).getByRole('button', { name: `${verb} ${product}`, exact: true });

/** Manage Offers narrowed to one offer by its product name, its row shown. */
async function openOffer(page: Page, product: string) {
  await page.goto(`/seller/manage-offers?search=${encodeURIComponent(product)}`);
  await expect(rowHeader(page, product)).toBeVisible();
  await expect(grid(page).getByRole('row')).toHaveCount(2);
}

/** Opens the row's editor with a double-click on one of its plain cells. */
async function editByDoubleClick(page: Page, offer: ApiOffer) {
  await rowOf(page, offer.product).getByRole('gridcell', { name: offer.publisher, exact: true }).dblclick();
  await expect(productInput(page)).toBeFocused();
  await expect(productInput(page)).toHaveValue(offer.product);
}

/** A region other than the offer's, from the seller's options. */
async function anotherRegion(request: APIRequestContext, offer: ApiOffer): Promise<string> {
  const options = await dataOf((await apiAs(request, SELLER)).GET('/api/v1/options/'));
  const region = options.regions.find((candidate) => candidate.id !== offer.region_id);
  if (!region) throw new Error('The demo data has a single region');
  return region.name;
}

test('a double-click opens the row; a new price, region and start day are saved and stay after a reload', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const offer = await publishedOffer(request, 0);
  const region = await anotherRegion(request, offer);
  await startSignedIn(page, request, SELLER);
  await openOffer(page, offer.product);

  await editByDoubleClick(page, offer);
  // Nothing changed yet: the action reads Cancel (SPEC §2).
  await expect(action(page, 'Cancel', offer.product)).toBeVisible();
  await priceInput(page).fill('12.34');
  await expect(action(page, 'Update', offer.product)).toBeVisible();
  // The stand-in becomes React Aria's select at the press, its list open.
  await grid(page)
    .getByRole('button', { name: `${offer.region} Region`, exact: true })
    .click();
  await page.getByRole('option', { name: region, exact: true }).click();
  await expect(grid(page).getByRole('button', { name: `${region} Region`, exact: true })).toBeVisible();
  // The Start stand-in becomes the date-time picker; its calendar changes the day and keeps the time.
  const start = new Date(offer.start);
  const day = start.getUTCDate() === 1 ? 2 : 1;
  const chosen = new Date(start);
  chosen.setUTCDate(day);
  const month = start.toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
  // The stand-in writes the start as the picker will, day first on a 12-hour clock, and is named
  // as the picker is ("Start: 9 January 2027, 5:20 PM").
  const standIn = grid(page).getByRole('button', { name: /^Start: / });
  await expect(standIn).toHaveText(pickerText(start));
  const name = (await standIn.getAttribute('aria-label')) ?? '';
  expect(name).toMatch(/^Start: \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [AP]M$/);
  await standIn.click();
  await expect(grid(page).getByRole('group', { name, exact: true })).toBeVisible();
  await grid(page)
    .getByRole('button', { name: /^Calendar/ })
    .click();
  const calendar = page.getByRole('dialog').getByRole('grid');
  // Day first, as the calendar names its days ("Friday, 1 January 2027"); not the 11th or 21st.
  const named = new RegExp(`\\b${day} ${month} ${chosen.getUTCFullYear()}`);
  await calendar.getByRole('button', { name: named }).click();
  await expect(calendar).toHaveCount(0);
  await action(page, 'Update', offer.product).click();

  await expect(notice(page)).toHaveText('Offer updated');
  await expect(productInput(page)).toHaveCount(0);
  const row = rowOf(page, offer.product);
  await expect(row.getByRole('gridcell', { name: euros(1234), exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: region, exact: true })).toBeVisible();

  await page.reload();
  await expect(rowOf(page, offer.product).getByRole('gridcell', { name: euros(1234), exact: true })).toBeVisible();
  await expect(rowOf(page, offer.product).getByRole('gridcell', { name: region, exact: true })).toBeVisible();
  const saved = await current(request, offer);
  expect(saved).toMatchObject({ unit_price: '12.34', region, version: offer.version + 1 });
  expect(Date.parse(saved.start)).toBe(chosen.getTime());
  expect(errors).toEqual([]);
});

test('Escape drops the edit: the row shows its old values and nothing is written', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offer = await publishedOffer(request, 1);
  await startSignedIn(page, request, SELLER);
  await openOffer(page, offer.product);

  await editByDoubleClick(page, offer);
  await productInput(page).fill(`${offer.product} (changed)`);
  await priceInput(page).fill('99.99');
  await expect(action(page, 'Update', offer.product)).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(productInput(page)).toHaveCount(0);
  const row = rowOf(page, offer.product);
  await expect(row.getByRole('gridcell', { name: euros(centsOf(offer.unit_price)), exact: true })).toBeVisible();
  await expect(grid(page).getByRole('rowheader', { name: /\(changed\)/ })).toHaveCount(0);
  // Focus goes back to the cell the edit came from.
  await expect(row.getByRole('gridcell', { name: offer.publisher, exact: true })).toBeFocused();

  await page.reload();
  await expect(
    rowOf(page, offer.product).getByRole('gridcell', { name: euros(centsOf(offer.unit_price)) }),
  ).toBeVisible();
  // No draft was left behind to offer back.
  await expect(page.getByRole('region', { name: 'Unsaved edit' })).toHaveCount(0);
  expect(await current(request, offer)).toMatchObject({ unit_price: offer.unit_price, version: offer.version });
  expect(errors).toEqual([]);
});

test('keyboard only: arrows to the row, Enter edits, type, Tab to the price, Enter saves', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const offer = await publishedOffer(request, 2);
  const renamed = `${offer.product} Remastered`;
  await startSignedIn(page, request, SELLER);
  await openOffer(page, offer.product);

  // Into the grid (one tab stop), to its first cell, down to the offer's row, right to its name.
  await tabInto(page, grid(page));
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await pressUntilFocused(page, 'ArrowRight', rowHeader(page, offer.product), 4);
  await page.keyboard.press('Enter');

  await expect(productInput(page)).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' Remastered');
  await expect(productInput(page)).toHaveValue(renamed);
  // Tab walks the row's inputs (selects and date-time pickers wake as focus reaches them).
  await tabTo(page, priceInput(page), { limit: 30 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type('45.5');
  await page.keyboard.press('Enter');

  await expect(notice(page)).toHaveText('Offer updated');
  await expect(productInput(page)).toHaveCount(0);
  // The price was formatted to 2 decimals before the save; focus is back on the row's name.
  await expect(rowOf(page, renamed).getByRole('gridcell', { name: euros(4550), exact: true })).toBeVisible();
  await expect(rowHeader(page, renamed)).toBeFocused();
  expect(await current(request, offer)).toMatchObject({ product: renamed, unit_price: '45.50' });

  // F2 opens the row again from the keyboard; Escape leaves it unchanged, focus on the row.
  await page.keyboard.press('F2');
  await expect(productInput(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(productInput(page)).toHaveCount(0);
  await expect(rowHeader(page, renamed)).toBeFocused();
  expect(errors).toEqual([]);
});

test("a server's field error lands on the unit price and keeps the edited values", async ({ page, request }) => {
  const errors = watchConsole(page);
  const offer = await publishedOffer(request, 3);
  await startSignedIn(page, request, SELLER);
  await openOffer(page, offer.product);
  // The client's rules would stop a real one: the server's answer is given here.
  const message = 'Ensure this value is less than or equal to 1000000.00.';
  await page.route(UPDATE, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ 'offers.0.unit_price': [message] }),
    }),
  );

  await editByDoubleClick(page, offer);
  await productInput(page).fill(`${offer.product} Deluxe`);
  await priceInput(page).fill('999.99');
  await action(page, 'Update', offer.product).click();

  await expect(priceInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(priceInput(page)).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, '\\.')));
  await expect(productInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(priceInput(page)).toHaveValue('999.99');
  await expect(productInput(page)).toHaveValue(`${offer.product} Deluxe`);
  expect(await current(request, offer)).toMatchObject({ unit_price: offer.unit_price, version: offer.version });

  // With the server answering for real again, the same values save.
  await page.unroute(UPDATE);
  await action(page, 'Update', offer.product).click();
  await expect(notice(page)).toHaveText('Offer updated');
  expect(await current(request, offer)).toMatchObject({
    product: `${offer.product} Deluxe`,
    unit_price: '999.99',
    version: offer.version + 1,
  });
  // The browser reports the refused answer it was given.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});

test('two tabs edit one offer: the second save shows both versions and keeps mine', async ({ context, request }) => {
  const offer = await publishedOffer(request, 4);
  const first = await context.newPage();
  const firstErrors = watchConsole(first);
  await startSignedIn(first, request, SELLER);
  await openOffer(first, offer.product);
  // The second tab shares the first one's storage: it is signed in already.
  const second = await context.newPage();
  const secondErrors = watchConsole(second);
  await openOffer(second, offer.product);
  for (const page of [first, second]) await editByDoubleClick(page, offer);

  await priceInput(first).fill('11.11');
  await action(first, 'Update', offer.product).click();
  await expect(notice(first)).toHaveText('Offer updated');

  await second.bringToFront();
  await priceInput(second).fill('22.22');
  await action(second, 'Update', offer.product).click();
  const conflict = second.getByRole('dialog', { name: 'This offer changed meanwhile' });
  await expect(conflict).toBeVisible();
  const priceRow = conflict.getByRole('row').filter({ has: second.getByRole('rowheader', { name: /^Unit price/ }) });
  await expect(priceRow.getByRole('cell')).toHaveText([euros(1111), euros(2222)]);
  await expect(priceRow.getByRole('rowheader')).toContainText('differs');
  const productRow = conflict.getByRole('row').filter({ has: second.getByRole('rowheader', { name: /^Product/ }) });
  await expect(productRow.getByRole('cell')).toHaveText([offer.product, offer.product]);

  await conflict.getByRole('button', { name: 'Keep my version' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(notice(second)).toHaveText('Offer updated');
  await expect(rowOf(second, offer.product).getByRole('gridcell', { name: euros(2222), exact: true })).toBeVisible();
  expect(await current(request, offer)).toMatchObject({ unit_price: '22.22', version: offer.version + 2 });
  expect(firstErrors).toEqual([]);
  // The second tab was told 409 once, which the browser reports.
  expect(secondErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
});

test('an unsaved edit outlives a reload: "Resume editing" brings the draft back', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offer = await publishedOffer(request, 5);
  await startSignedIn(page, request, SELLER);
  await openOffer(page, offer.product);

  await editByDoubleClick(page, offer);
  await priceInput(page).fill('33.33');
  await expect(action(page, 'Update', offer.product)).toBeVisible();
  // Reloading with changes asks first (the browser's own question); the seller leaves anyway.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(rowHeader(page, offer.product)).toBeVisible();
  expect(asked).toEqual(['beforeunload']);

  const banner = page.getByRole('region', { name: 'Unsaved edit' });
  await expect(banner).toContainText(`You have unsaved changes to “${offer.product}”`);
  await banner.getByRole('button', { name: 'Resume editing' }).click();
  await expect(banner).toHaveCount(0);
  await expect(priceInput(page)).toHaveValue('33.33');
  await action(page, 'Update', offer.product).click();

  await expect(notice(page)).toHaveText('Offer updated');
  await expect(rowOf(page, offer.product).getByRole('gridcell', { name: euros(3333), exact: true })).toBeVisible();
  expect(await current(request, offer)).toMatchObject({ unit_price: '33.33', version: offer.version + 1 });
  // Saved: the draft is gone, so a reload offers nothing back.
  await page.reload();
  await expect(rowHeader(page, offer.product)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved edit' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the product field fits its text as it grows, shrinks and its column narrows', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  const editing = grid(page).getByRole('row').nth(1);
  await editing.getByRole('gridcell').nth(1).dblclick();
  await expect(productInput(page)).toBeFocused();
  // The field fits itself in the frame that draws the new text: read it from that frame on.
  const height = () =>
    productInput(page).evaluate(
      (field) => new Promise<number>((read) => requestAnimationFrame(() => read(field.getBoundingClientRect().height))),
    );

  await productInput(page).fill('Short');
  const oneLine = await height();
  await page.keyboard.type(' and then a much longer name that takes several lines in this column');
  expect(await height()).toBeGreaterThan(oneLine);
  expect(await cutValues(editing)).toEqual([]);

  // Text taken away gives its lines back.
  await productInput(page).fill('Short');
  expect(await height()).toBe(oneLine);

  // A narrower column wraps the text onto more lines: the field follows, nothing cut.
  await productInput(page).fill(
    'Chronicles of the Northern Realms: Definitive Collector Edition with Soundtrack, Art Book and Every Expansion',
  );
  const wide = await height();
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect.poll(height).toBeGreaterThan(wide);
  expect(await productInput(page).evaluate((field) => field.scrollHeight > field.clientHeight + 1)).toBe(false);
});

/**
 * What of the editing row's values its inputs cannot show: text cut at an input's edge, or an
 * input reaching outside the page. The price may reach over the cell before it (its own row's
 * Published day); nothing else leaves its column. Read in the next frame: the product field fits
 * its height to its text in the frame that draws it.
 */
function cutValues(row: Locator) {
  return row.evaluate(
    (tr) =>
      new Promise<string[]>((read) =>
        requestAnimationFrame(() => {
          const header = (element: Element) => {
            const cell = element.closest('td, th') as HTMLTableCellElement;
            const table = cell.closest('table') as HTMLTableElement;
            return table.tHead?.rows[0]?.cells[cell.cellIndex]?.textContent?.trim() ?? `column ${cell.cellIndex}`;
          };
          const problems: string[] = [];
          const shown = 'textarea, input:not([type="checkbox"]), button[aria-haspopup], .date-field__group';
          for (const element of tr.querySelectorAll<HTMLElement>(shown)) {
            // Not shown: no box, or in a visually hidden wrapper (React Aria's input for autofill).
            if (element.getClientRects().length === 0 || element.closest('[style*="clip"]')) continue;
            const box = element.getBoundingClientRect();
            const cell = (element.closest('td, th') as HTMLElement).getBoundingClientRect();
            if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
              problems.push(`${header(element)}: its value is cut`);
            }
            const isPrice = element.matches('input[name="unit_price"]');
            if (box.right > cell.right + 1 || (!isPrice && box.left < cell.left - 1)) {
              problems.push(`${header(element)}: leaves its column`);
            }
            if (box.left < 0 || box.right > innerWidth) problems.push(`${header(element)}: leaves the page`);
          }
          read(problems);
        }),
      ),
  );
}

/** Where each column's cells are, from a row's cells: left edge and width. */
const columnsOf = (row: Locator) =>
  row.evaluate((tr) =>
    [...(tr as HTMLTableRowElement).cells].map((cell) => {
      const { left, width } = cell.getBoundingClientRect();
      return [Math.round(left), Math.round(width)];
    }),
  );

/** A row's top edge, from the top of its table (the page may scroll meanwhile). */
const topInTable = (row: Locator) =>
  row.evaluate((tr) =>
    Math.round(tr.getBoundingClientRect().top - (tr.closest('table') as HTMLElement).getBoundingClientRect().top),
  );

for (const width of [1280, 1440]) {
  test(`at ${width} px the editing row shows every value whole, and the other rows keep their columns`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await startSignedIn(page, request, SELLER);
    await page.goto('/seller/manage-offers');
    const rows = grid(page).getByRole('row');
    await expect(rows.nth(2)).toBeVisible();
    const [editing, next] = [rows.nth(1), rows.nth(2)];
    const before = { columns: await columnsOf(next), top: await topInTable(editing) };

    await editing.getByRole('gridcell').nth(1).dblclick();
    await expect(productInput(page)).toBeFocused();
    // The longest values the contract takes: a product of 200 characters, the highest price.
    const product = 'Chronicles of an Extremely Long Product Name: Definitive Collector Edition, Every Expansion'
      .padEnd(199, ' with Soundtrack')
      .concat('!');
    await productInput(page).fill(product);
    await priceInput(page).fill('1000000.00');
    await expect(productInput(page)).toHaveValue(product);
    expect(await cutValues(editing)).toEqual([]);

    // The real widgets, woken as Tab reaches them, show as much as their stand-ins did.
    await productInput(page).focus();
    for (const name of [/ Publisher$/, / Seller$/, / Region$/]) {
      await page.keyboard.press('Tab');
      await expect(grid(page).getByRole('button', { name })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(
      grid(page)
        .getByRole('group', { name: /^Start: / })
        .getByRole('spinbutton')
        .first(),
    ).toBeFocused();
    expect(await cutValues(editing)).toEqual([]);

    // The row grew where it was; the next row follows it, its columns unchanged.
    expect(await topInTable(editing)).toBe(before.top);
    expect(await topInTable(next)).toBe(before.top + Math.round((await editing.boundingBox())?.height ?? 0));
    expect(await columnsOf(next)).toEqual(before.columns);

    await page.keyboard.press('Escape');
    await expect(productInput(page)).toHaveCount(0);
  });
}
