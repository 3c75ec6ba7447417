import { expect, test } from './fixtures';
import { CLIENT, SELLER, startSignedIn } from './support';

test.describe('signed out', () => {
  for (const path of ['/', '/offers', '/seller/manage-offers', '/profile', '/anything/else']) {
    test(`${path} goes to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    });
  }
});

const clientRedirects: [string, RegExp][] = [
  ['/', /\/offers$/],
  ['/signin', /\/offers$/],
  ['/signup', /\/offers$/],
  ['/verify-email?token=x', /\/offers$/],
  ['/seller/manage-offers', /\/offers$/],
  ['/seller/anything', /\/offers$/],
  ['/editor/42', /\/offers$/],
];

test.describe('client', () => {
  for (const [path, target] of clientRedirects) {
    test(`${path} redirects to ${target.source}`, async ({ page, request }) => {
      await startSignedIn(page, request, CLIENT);
      await page.goto(path);
      await expect(page).toHaveURL(target);
    });
  }

  for (const [path, heading] of <[string, string][]>[
    ['/offers/promo', 'Offers'],
    ['/offers/order', 'My Cart'],
    ['/orders/cancelled', 'My Orders'],
    ['/billing', 'Billing'],
    ['/profile', 'My Account'],
  ]) {
    test(`${path} shows ${heading}`, async ({ page, request }) => {
      await startSignedIn(page, request, CLIENT);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});

const sellerRedirects: [string, RegExp][] = [
  ['/', /\/seller\/manage-offers$/],
  ['/signin', /\/seller\/manage-offers$/],
  ['/offers', /\/seller\/manage-offers$/],
  ['/offers/order', /\/seller\/manage-offers$/],
  ['/orders/completed', /\/seller\/manage-offers$/],
  ['/billing', /\/seller\/manage-offers$/],
  ['/editor/anything', /\/seller\/manage-offers$/],
];

test.describe('seller', () => {
  for (const [path, target] of sellerRedirects) {
    test(`${path} redirects to ${target.source}`, async ({ page, request }) => {
      await startSignedIn(page, request, SELLER);
      await page.goto(path);
      await expect(page).toHaveURL(target);
    });
  }

  for (const [path, heading] of <[string, string][]>[
    ['/seller/manage-offers/unpublished', 'Manage Offers'],
    ['/seller/review-orders/inprogress', 'Review Orders'],
    ['/seller/create-invoice', 'Create Invoice'],
  ]) {
    test(`${path} shows ${heading}`, async ({ page, request }) => {
      await startSignedIn(page, request, SELLER);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});
