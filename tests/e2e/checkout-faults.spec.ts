import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  alertNotice,
  basketButton,
  basketLines,
  basketPopover,
  lineOf,
  notice,
  offersGrid,
  searchOffers,
  tabTo,
} from './journeys';
import { type ApiOffer, apiAs, countOrders, orderableOffers } from './marketplace-api';
import { CLIENT, startSignedIn, watchConsole } from './support';

// Whole journeys through several pages: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const CHECKOUT = '**/api/v1/cart/checkout/';
const storedBasket = (page: Page) => page.evaluate(() => localStorage.getItem('marketplace:basket'));

/** Puts `offers` in the basket from the Offers page, the first with `firstQuantity`. */
async function fillBasket(page: Page, offers: readonly ApiOffer[], firstQuantity: number) {
  await page.goto('/offers');
  for (const [index, offer] of offers.entries()) {
    await searchOffers(page, offer.product);
    const grid = offersGrid(page);
    if (index === 0)
      await grid.getByRole('spinbutton', { name: `Quantity for ${offer.product}` }).fill(String(firstQuantity));
    await grid.getByRole('button', { name: `Add ${offer.product} to basket`, exact: true }).click();
  }
  await expect(basketButton(page)).toHaveAccessibleName(new RegExp(`^Basket, ${offers.length} position`));
}

test('a checkout the server fails keeps the basket exactly and says so', async ({ page, request }) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  const offers = await orderableOffers(api, 2);
  const [first, second] = offers as [ApiOffer, ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await fillBasket(page, offers, 3);
  const before = await storedBasket(page);
  const ordersBefore = await countOrders(api);

  let checkouts = 0;
  await page.route(CHECKOUT, async (route) => {
    checkouts += 1;
    await route.fulfill({ status: 500, json: { detail: 'Internal server error' } });
  });
  await basketButton(page).click();
  const popover = basketPopover(page);
  await popover.getByRole('button', { name: 'Submit' }).click();

  // A 500 leaves the outcome open: the app asks by its key, finds no checkout, and reports.
  await expect(alertNotice(page)).toHaveText('Failed to process order');
  await expect(popover.getByText('Failed to process order')).toBeVisible();
  expect(checkouts).toBe(1);
  await expect(basketLines(popover).getByRole('listitem')).toHaveCount(2);
  await expect(lineOf(popover, first.product).getByRole('textbox')).toHaveValue('3');
  await expect(lineOf(popover, second.product).getByRole('textbox')).toHaveValue('1');
  expect(await storedBasket(page)).toBe(before);
  expect(await countOrders(api)).toBe(ordersBefore);
  await expect(popover.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // The same basket goes through once the server works again.
  await page.unroute(CHECKOUT);
  await popover.getByRole('button', { name: 'Submit' }).click();
  await expect(notice(page)).toHaveText('Order sent successfully!');
  await expect(page).toHaveURL(/\/orders\/inprogress$/);
  expect(await countOrders(api)).toBeGreaterThan(ordersBefore);
  // The browser reports the failed answers it was given (500, then 404 for the unknown key).
  expect(errors.filter((error) => !/status of (500|404)/.test(error))).toEqual([]);
});

test('a reload between the checkout and the basket update places the order once', async ({ page, request }) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  // One offer, one storefront: the checkout places exactly one order.
  const [offer] = (await orderableOffers(api, 1)) as [ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await fillBasket(page, [offer], 2);
  const ordersBefore = await countOrders(api);

  // The checkout reaches the server and places the order, but the page never hears back.
  let checkedOut: () => void = () => {};
  const placed = new Promise<void>((resolve) => {
    checkedOut = resolve;
  });
  await page.route(CHECKOUT, async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    checkedOut();
  });
  await basketButton(page).click();
  await basketPopover(page).getByRole('button', { name: 'Submit' }).click();
  await placed;
  expect(await countOrders(api)).toBe(ordersBefore + 1);
  // The answer stays held until the page goes: removing the route first would let Playwright send
  // the checkout again (the server would replay it, and this page would finish before the reload).
  await page.reload();

  // After the reload the app asks the server about the pending submission and finishes it.
  await expect(notice(page)).toHaveText('Order sent successfully!');
  await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 0 positions,/);
  expect(await storedBasket(page)).toBe('[]');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(basketButton(page)).toHaveAccessibleName(/^Basket, 0 positions,/);
  expect(await countOrders(api)).toBe(ordersBefore + 1);
  expect(errors).toEqual([]);
});

test('after a failed Submit, from the keyboard, focus stays in the popover and Escape closes it', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const api = await apiAs(request, CLIENT);
  const [offer] = (await orderableOffers(api, 1, { offset: 12 })) as [ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await fillBasket(page, [offer], 2);
  const ADD = '**/api/v1/cart/add/';
  await page.route(ADD, (route) => route.fulfill({ status: 500, json: { detail: 'Internal server error' } }));

  // The fixture fails any key step that leaves focus on <body>.
  const button = basketButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const popover = basketPopover(page);
  const submit = popover.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(alertNotice(page)).toHaveText(`Failed to add ${offer.product} to cart`);
  await expect(submit).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.unroute(ADD);
  expect(errors.filter((error) => !/status of 500/.test(error))).toEqual([]);
});
