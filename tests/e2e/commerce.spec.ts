import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  basketButton,
  basketLines,
  basketPopover,
  centsOf,
  euros,
  lineOf,
  notice,
  offersGrid,
  openOrderByKeyboard,
  orderHeader,
  pressUntilFocused,
  searchOffers,
  tabInto,
  tabTo,
} from './journeys';
import { type ApiOffer, type ApiOrder, apiAs, dataOf, orderableOffers } from './marketplace-api';
import { CLIENT, startSignedIn, watchConsole } from './support';

// Whole journeys through several pages: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The orders the next checkout places, as the server answers it to the app. */
async function nextCheckout(page: Page): Promise<ApiOrder[]> {
  const response = await page.waitForResponse(
    (answer) => answer.url().endsWith('/api/v1/cart/checkout/') && answer.request().method() === 'POST',
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { orders: ApiOrder[] }).orders;
}

/** Offer id and quantity of every line of `orders`, sorted. */
const linesOf = (orders: readonly ApiOrder[]) =>
  orders
    .flatMap((order) => order.lines.map((line) => [line.offer_id, line.quantity]))
    .sort((a, b) => Number(a[0]) - Number(b[0]));

/** A sent order leads to My Orders, on In Progress, where the new orders are listed. */
async function expectOrdersInProgress(page: Page, orderIds: readonly number[]) {
  await expect(page).toHaveURL(/\/orders\/inprogress$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: 'In Progress' }),
  ).toHaveAttribute('aria-current', 'page');
  for (const id of orderIds) await expect(orderHeader(page, id)).toBeVisible();
}

test('a client filters by publisher, adds three offers, changes a quantity and sends them from the popover', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  const [anyOffer] = await orderableOffers(api, 1);
  const publisher = (anyOffer as ApiOffer).publisher;
  const offers = await orderableOffers(api, 3, { publisher: (anyOffer as ApiOffer).publisher_id });
  const [first, second, third] = offers as [ApiOffer, ApiOffer, ApiOffer];
  // One page holds every offer of a publisher, so the three are on it.
  await startSignedIn(page, request, CLIENT, { 'page-size': 100 });
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();

  await page.getByRole('button', { name: /Publisher$/ }).click();
  await page.getByRole('option', { name: publisher, exact: true }).click();
  await expect(page).toHaveURL(/publisher=\d+/);
  const grid = offersGrid(page);
  // Every row shown is the publisher's, and all of its regular offers are shown.
  const { count } = await dataOf(
    api.GET('/api/v1/offers/', {
      params: {
        query: {
          type: 'regular',
          publisher: (anyOffer as ApiOffer).publisher_id,
          limit: 1,
        },
      },
    }),
  );
  await expect(grid.getByRole('row')).toHaveCount(count + 1);
  await expect(grid.getByRole('gridcell', { name: publisher, exact: true })).toHaveCount(count);

  // The second offer goes in twice as many: a row quantity of 2.
  await grid.getByRole('spinbutton', { name: `Quantity for ${second.product}`, exact: true }).fill('2');
  for (const offer of offers) {
    await grid.getByRole('button', { name: `Add ${offer.product} to basket`, exact: true }).click();
  }
  await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 3 positions,/);

  await basketButton(page).click();
  const popover = basketPopover(page);
  await expect(popover).toBeVisible();
  await expect(basketLines(popover).getByRole('listitem')).toHaveCount(3);
  await expect(lineOf(popover, second.product).getByRole('textbox')).toHaveValue('2');
  const quantity = lineOf(popover, third.product).getByRole('textbox', { name: `Quantity of ${third.product}` });
  await quantity.fill('4');
  await page.keyboard.press('Tab');
  const total = centsOf(first.unit_price) + centsOf(second.unit_price, 2) + centsOf(third.unit_price, 4);
  await expect(popover.getByText(`Total: ${euros(total)}`)).toBeVisible();

  const checkout = nextCheckout(page);
  await popover.getByRole('button', { name: 'Submit' }).click();
  const placed = await checkout;
  await expect(notice(page)).toHaveText('Order sent successfully!');
  await expect(popover).toHaveCount(0);
  await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 0 positions,/);
  expect(linesOf(placed)).toEqual(
    linesOf([
      {
        lines: [
          { offer_id: first.id, quantity: 1 },
          { offer_id: second.id, quantity: 2 },
          { offer_id: third.id, quantity: 4 },
        ],
      },
    ] as ApiOrder[]),
  );
  await expectOrdersInProgress(
    page,
    placed.map((order) => order.id),
  );
  expect(errors).toEqual([]);
});

test('with the popup basket off, the basket button leads to My Cart, which sends the order', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  const offers = await orderableOffers(api, 3);
  const [first, second, third] = offers as [ApiOffer, ApiOffer, ApiOffer];
  await startSignedIn(page, request, CLIENT, { 'popup-basket': false });
  await page.goto('/offers');
  for (const offer of offers) {
    await searchOffers(page, offer.product);
    await offersGrid(page)
      .getByRole('button', { name: `Add ${offer.product} to basket`, exact: true })
      .click();
  }

  await basketButton(page).click();
  await expect(page).toHaveURL(/\/offers\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  // Not on My Cart itself (behaviour §2).
  await expect(basketButton(page)).toHaveCount(0);
  const cart = page.getByRole('region', { name: 'Basket Items' });
  await expect(basketLines(cart).getByRole('listitem')).toHaveCount(3);
  await lineOf(cart, first.product).getByRole('button', { name: 'Increase' }).click();
  await expect(lineOf(cart, first.product).getByRole('textbox')).toHaveValue('2');
  const total = centsOf(first.unit_price, 2) + centsOf(second.unit_price) + centsOf(third.unit_price);
  await expect(cart.getByText(`Total: ${euros(total)}`)).toBeVisible();

  const checkout = nextCheckout(page);
  await cart.getByRole('button', { name: 'Submit' }).click();
  const placed = await checkout;
  await expect(notice(page)).toHaveText('Order sent successfully!');
  expect(placed.flatMap((order) => order.lines).find((line) => line.offer_id === first.id)?.quantity).toBe(2);
  await expectOrdersInProgress(
    page,
    placed.map((order) => order.id),
  );
  expect(await page.evaluate(() => localStorage.getItem('marketplace:basket'))).toBe('[]');
  expect(errors).toEqual([]);
});

test('keyboard only: find offers, add them, change a quantity, send the basket and open the order', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  const offers = await orderableOffers(api, 3);
  const [first, second] = offers as [ApiOffer, ApiOffer, ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search products' });
  const grid = offersGrid(page);

  for (const [index, offer] of offers.entries()) {
    await tabTo(page, search, { back: index > 0 });
    // Escape empties the search box (React Aria's search field), then the product name goes in.
    await page.keyboard.press('Escape');
    await page.keyboard.type(offer.product);
    await expect(grid.getByRole('row')).toHaveCount(2);
    await expect(grid.getByRole('rowheader', { name: offer.product })).toBeVisible();

    // Into the grid (one tab stop), to its first cell, down to the row, right to its basket cell.
    await tabInto(page, grid);
    await page.keyboard.press('Control+Home');
    const row = grid.getByRole('row').nth(1);
    await page.keyboard.press('ArrowDown');
    await expect(row.getByRole('rowheader')).toBeFocused();
    const basketCell = row.getByRole('gridcell').filter({ has: page.getByRole('button', { name: /to basket$/ }) });
    await pressUntilFocused(page, 'ArrowRight', basketCell);
    // Enter goes into the cell's widgets; Tab moves between them.
    await page.keyboard.press('Enter');
    const quantity = row.getByRole('spinbutton', { name: `Quantity for ${offer.product}` });
    await tabTo(page, quantity, { limit: 4 });
    if (offer === second) {
      await page.keyboard.press('ArrowUp');
      await expect(quantity).toHaveValue('2');
    }
    const add = row.getByRole('button', { name: `Add ${offer.product} to basket` });
    await tabTo(page, add, { limit: 4 });
    await page.keyboard.press(index === 0 ? 'Enter' : 'Space');
    await expect(row.getByText(`${offer === second ? 2 : 1} in basket`)).toBeVisible();
    // Escape leaves the widgets for the cell again.
    await page.keyboard.press('Escape');
    await expect(basketCell).toBeFocused();
  }
  await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 3 positions,/);

  await tabTo(page, basketButton(page), { back: true });
  await page.keyboard.press('Enter');
  const popover = basketPopover(page);
  await expect(popover).toBeVisible();
  // Escape closes the popover and focus returns to the button; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(basketButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();

  const quantity = lineOf(popover, first.product).getByRole('textbox', { name: `Quantity of ${first.product}` });
  await tabTo(page, quantity, { limit: 10 });
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('3');
  await tabTo(page, popover.getByRole('button', { name: 'Submit' }), { limit: 20 });
  const checkout = nextCheckout(page);
  await page.keyboard.press('Enter');
  const placed = await checkout;
  await expect(notice(page)).toHaveText('Order sent successfully!');
  expect(placed.flatMap((order) => order.lines).find((line) => line.offer_id === first.id)?.quantity).toBe(3);
  await expectOrdersInProgress(
    page,
    placed.map((order) => order.id),
  );

  // The newest order opens from its row: into the grid, down to its row header, Enter.
  const newest = placed[0];
  if (!newest) throw new Error('No order was placed');
  const detail = await openOrderByKeyboard(page, newest.id);
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  expect(errors).toEqual([]);
});
