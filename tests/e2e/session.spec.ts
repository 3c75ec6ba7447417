import { expect, test } from '@playwright/test';
import { CLIENT, startSignedIn, tokensFor } from './support';

test('an expired access token is refreshed silently', async ({ page, request }) => {
  const tokens = await tokensFor(request, CLIENT);
  await page.addInitScript((refresh) => {
    localStorage.setItem('marketplace:access-token', JSON.stringify('expired.or.invalid'));
    localStorage.setItem('marketplace:refresh-token', JSON.stringify(refresh));
  }, tokens.refresh);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const access = await page.evaluate(() => localStorage.getItem('marketplace:access-token'));
  expect(access).not.toContain('expired.or.invalid');
});

test('a revoked refresh token signs out and removes both tokens', async ({ page, request }) => {
  const tokens = await tokensFor(request, CLIENT);
  expect((await request.post('/api/v1/token/blacklist', { data: { refresh: tokens.refresh } })).status()).toBe(200);
  await page.addInitScript((refresh) => {
    localStorage.setItem('marketplace:access-token', JSON.stringify('expired.or.invalid'));
    localStorage.setItem('marketplace:refresh-token', JSON.stringify(refresh));
  }, tokens.refresh);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('marketplace:refresh-token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:access-token'))).toBeNull();
});

test('corrupted saved values are ignored', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT);
  await page.addInitScript(() => {
    localStorage.setItem('marketplace:menu-open', '{not json');
    localStorage.setItem('marketplace:theme', '"purple"');
    localStorage.setItem('marketplace:popup-basket', '42');
  });
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:menu-open'))).toBeNull();
});

test('signing out in one tab signs out the others', async ({ context, request }) => {
  const first = await context.newPage();
  await startSignedIn(first, request, CLIENT);
  await first.goto('/offers');
  await expect(first.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/billing');
  await expect(second.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await second.goto('/signout');
  await expect(second).toHaveURL(/\/signin$/);
  await expect(first).toHaveURL(/\/signin$/);
});
