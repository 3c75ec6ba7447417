/** Locators and steps the client commerce journeys share (Offers, basket, My Orders). */
import { expect, type Locator, type Page } from '@playwright/test';

export const offersGrid = (page: Page) => page.getByRole('grid', { name: 'Regular offers' });
export const ordersGrid = (page: Page) => page.getByRole('grid', { name: 'In Progress orders' });
/** The row header cell of an order in My Orders ('#123', a link that opens it). */
export const orderHeader = (page: Page, orderId: number) =>
  ordersGrid(page).getByRole('rowheader', { name: `#${orderId}`, exact: true });
/** The floating basket button; its name reads 'Basket, N positions, total €…'. */
export const basketButton = (page: Page) => page.getByRole('button', { name: /^Basket,/ });
export const basketPopover = (page: Page) => page.getByRole('dialog', { name: 'Basket Items' });
export const basketLines = (scope: Page | Locator) => scope.getByRole('list', { name: 'Basket lines' });
export const lineOf = (scope: Page | Locator, product: string) =>
  basketLines(scope).getByRole('listitem').filter({ hasText: product });

/** The first cell of a grid's row named `product` (its row header): the row's selection checkbox's cell. */
export const selectCellOf = (grid: Locator, product: string) =>
  grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('rowheader', { name: product }) })
    .getByRole('gridcell')
    .first();

/** What the snackbar says politely (success, info) or assertively (errors). */
export const notice = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('status');
export const alertNotice = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('alert');

const EUROS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
/** "12.50" × 3 → 3750. */
export const centsOf = (money: string, quantity = 1) => Math.round(Number(money) * 100) * quantity;
/** 3750 → "€37.50", as the app shows money (behaviour §1). */
export const euros = (cents: number) => EUROS.format(cents / 100);

/** The offers grid narrowed to one product by the search box (debounced, so wait for the row). */
export async function searchOffers(page: Page, product: string) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(product);
  await expect(offersGrid(page).getByRole('row')).toHaveCount(2);
  await expect(offersGrid(page).getByRole('rowheader', { name: product })).toBeVisible();
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);
const holdsFocus = (locator: Locator) =>
  locator
    .evaluate((element) => element.contains(document.activeElement), undefined, { timeout: 2_000 })
    .catch(() => false);

/** Presses `key` until `target` has focus (Tab through a page, arrows in a grid); fails after `limit` presses. */
export async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 20) {
  for (let press = 0; press < limit && !(await isFocused(target)); press += 1) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus: keyboard only, without counting the stops
 * between here and there.
 */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  await pressUntilFocused(page, back ? 'Shift+Tab' : 'Tab', target, limit);
}

/** Presses Tab (or Shift+Tab) until focus is somewhere inside `container` (a grid's one tab stop). */
export async function tabInto(page: Page, container: Locator, { back = false, limit = 60 } = {}) {
  for (let press = 0; press < limit && !(await holdsFocus(container)); press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await holdsFocus(container), 'focus reached the container').toBe(true);
}

/**
 * Opens an order of My Orders (In Progress) from the keyboard: into the grid, to its first row,
 * down to the order's row header, Enter. Gives the order's dialog.
 */
export async function openOrderByKeyboard(page: Page, orderId: number) {
  await expect(orderHeader(page, orderId)).toBeVisible();
  await tabInto(page, ordersGrid(page));
  await page.keyboard.press('Control+Home');
  await pressUntilFocused(page, 'ArrowDown', orderHeader(page, orderId), 100);
  await page.keyboard.press('Enter');
  return page.getByRole('dialog', { name: `Order #${orderId}` });
}
