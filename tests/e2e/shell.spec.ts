import { expect, test } from './fixtures';
import { basketButton, basketPopover } from './journeys';
import { type ApiOffer, apiAs, orderableOffers } from './marketplace-api';
import { CLIENT, SELLER, startSignedIn, watchConsole } from './support';

test('the menu shows the client items, marks the parent on sub-routes and remembers being collapsed', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/orders/inprogress');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveText(['Offers', 'My Orders', 'Billing', 'My Account', 'Log Out']);
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: 'In Progress' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('My Orders: In Progress · Game Offers Marketplace');

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  const width = await menu.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeLessThan(100);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  // Narrow items keep their accessible names, and show them as tooltips on keyboard focus.
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Offers' })).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Offers');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  expect(await menu.evaluate((element) => element.getBoundingClientRect().width)).toBe(240);
  expect(errors).toEqual([]);
});

test('sellers see the seller menu and product title', async ({ page, request }) => {
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/review-orders/completed');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveText([
    'Manage Offers',
    'Review Orders',
    'Create Invoice',
    'My Account',
    'Log Out',
  ]);
  await expect(menu.getByText('Game Offers Seller Hub')).toBeVisible();
  // The browser tab carries the seller variant too.
  await expect(page).toHaveTitle('Review Orders: Completed · Game Offers Seller Hub');
  await expect(page.locator('html')).toHaveAttribute('data-variant', 'seller');
});

test('keyboard only: skip link, menu navigation and log out', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeFocused();
  await page.getByRole('link', { name: 'Log Out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('marketplace:refresh-token'))).toBeNull();
});

test('log out keeps the basket and lands on /signin', async ({ page, request }) => {
  const line = {
    id: '7',
    offer_id: 7,
    name: 'Shadow Frontier: Standard Edition (PC (Steam))',
    price: 19.99,
    quantity: 2,
    hot: false,
    publisher: 'Ubisoft',
    seller: 'Nordic Keys',
    region: 'Europe',
  };
  await startSignedIn(page, request, CLIENT, { basket: [line] });
  await page.goto('/offers');
  await expect(page.getByRole('button', { name: /^Basket, 1 position,/ })).toBeVisible();
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('marketplace:access-token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:basket'))).toBe(JSON.stringify([line]));
});

test('the theme follows the preference from My Account, without reload', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT, { theme: 'light' });
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark').click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the basket tooltip shows on the first hover after a reload, and stays while Submit moves to My Orders', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const [offer] = (await orderableOffers(await apiAs(request, CLIENT), 1, { offset: 8 })) as [ApiOffer];
  const line = {
    id: String(offer.id),
    offer_id: offer.id,
    name: offer.product,
    price: Number(offer.unit_price),
    quantity: 1,
    hot: false,
    publisher: offer.publisher,
    seller: offer.seller,
    region: offer.region,
  };
  await startSignedIn(page, request, CLIENT, { basket: [line] });
  await page.goto('/profile');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  const button = basketButton(page);
  const tooltip = page.getByRole('tooltip');

  // Nothing was clicked or typed since the reload: the pointer arrives on the button in one move,
  // so the browser reports it entering the button before it reports any movement.
  const box = await button.boundingBox();
  if (!box) throw new Error('The basket button has no box');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await expect(tooltip).toHaveText(/^Basket \(1 positions\) - €\d+\.\d\d$/);
  await page.mouse.move(centre.x - 400, centre.y + 300);
  await expect(tooltip).toHaveCount(0);

  // Submit, and the pointer goes back to the button while the popover closes; focus comes back to
  // the button, then moves to My Orders' heading: the tooltip under the resting pointer stays.
  await button.click();
  await basketPopover(page).getByRole('button', { name: 'Submit' }).click();
  await page.mouse.move(centre.x, centre.y, { steps: 5 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeFocused();
  await expect(tooltip).toHaveText('Basket (0 positions) - €0.00');
  expect(errors).toEqual([]);
});
