import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CLIENT, expectNoAxeViolations, startSignedIn, watchConsole } from './support';

// WCAG 2.2 1.4.10: at a phone's width (or a desktop at 400% zoom) nothing scrolls sideways and
// the menu moves behind a button in the top bar.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function scrollsSideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth > root.clientWidth;
  });
}

test('the page reflows to the full width with the menu behind a button', async ({ page, request }) => {
  const errors = watchConsole(page);
  await startSignedIn(page, request, CLIENT);
  for (const path of ['/offers', '/orders/inprogress', '/billing', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollsSideways(page), path).toBe(false);
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Game Offers Marketplace');
  expect((await page.getByRole('main').boundingBox())?.width).toBe(PHONE.width);
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  expect(errors).toEqual([]);
});

test('keyboard only: the drawer keeps focus, Escape closes it and focus returns', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer(page)).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');

  const menu = drawer(page).getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveText(['Offers', 'My Orders', 'Billing', 'My Account', 'Log Out']);
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  // Close, five links, then round again: focus never leaves the drawer.
  const closeButton = drawer(page).getByRole('button', { name: 'Close menu' });
  await page.keyboard.press('Tab');
  await expect(closeButton).toBeFocused();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(closeButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('link', { name: 'Log Out' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(menuButton(page)).toBeFocused();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Enter on a link goes there and closes the drawer.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Offers' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/offers$/);
  await expect(drawer(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
});

test('choosing a link navigates and closes; the close button and the backdrop close it too', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await menuButton(page).click();
  await drawer(page).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(drawer(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  await menuButton(page).click();
  await drawer(page).getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await expect(menuButton(page)).toBeFocused();

  await menuButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
  await expect(drawer(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  expect(errors).toEqual([]);
});

test('the drawer neither reads nor changes the wide menu’s remembered state', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT, { 'menu-open': false });
  await page.goto('/orders');
  await menuButton(page).click();
  // Collapsed on wide screens, but the drawer always shows the names.
  await expect(drawer(page).getByText('My Orders')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.setViewportSize(PHONE);
  await menuButton(page).click();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:menu-open'))).toBe('true');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open drawer has no axe violations (${theme})`, async ({ page, request }) => {
    await startSignedIn(page, request, CLIENT, { theme });
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'Log Out' })).toBeInViewport();
    await expectNoAxeViolations(page);
  });
}
