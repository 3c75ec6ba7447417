import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect, test } from './fixtures';
import { CLIENT, startSignedIn, tokensFor } from './support';

/** An access token exactly like the server's, signed with its secret, that expired a minute ago. */
async function expiredAccessToken(userId: number) {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'jwt-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type: 'access', user_id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti('e2e-expired')
    .setIssuedAt(now - 360)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

test('an expired access token is refreshed silently', async ({ page, request }) => {
  const tokens = await tokensFor(request, CLIENT);
  const profile = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${tokens.access}` } });
  const expired = await expiredAccessToken(((await profile.json()) as { id: number }).id);
  expect((await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${expired}` } })).status()).toBe(
    401,
  );
  await page.addInitScript(
    ({ access, refresh }) => {
      localStorage.setItem('marketplace:access-token', JSON.stringify(access));
      localStorage.setItem('marketplace:refresh-token', JSON.stringify(refresh));
    },
    { access: expired, refresh: tokens.refresh },
  );
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const access = await page.evaluate(() => localStorage.getItem('marketplace:access-token'));
  expect(access).not.toBe(JSON.stringify(expired));
});

test('a network failure while loading the account offers a retry instead of signing out', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT);
  await page.route('**/api/v1/profile', (route) => route.abort('internetdisconnected'));
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Your account could not be loaded' })).toBeVisible();
  await expect(page.getByText('Cannot reach the server. Check your connection and try again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:refresh-token'))).not.toBeNull();
  await page.unroute('**/api/v1/profile');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
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
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  expect(await page.evaluate(() => localStorage.getItem('marketplace:menu-open'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('marketplace:theme'))).toBeNull();
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
