/**
 * deploy/nginx.conf with no API instance left: nginx answers /api/ itself with the 503
 * an instance gives when its database is away, so the app says the service is briefly
 * unavailable rather than "The server had a problem (502)". Runs last: it stops the API.
 */
import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../server/http/headers';

const NGINX_URL = process.env.NGINX_URL ?? '';
const API_URL = process.env.API_URL ?? '';
const API_PID = Number(process.env.API_PID);

test.beforeAll(async () => {
  if (!API_PID) throw new Error('API_PID is not set: run this through `npm run test:nginx`');
  process.kill(API_PID, 'SIGTERM');
  // Stopped once its port refuses connections.
  await expect
    .poll(
      () =>
        fetch(`${API_URL}/api/v1/schema/`).then(
          () => 'answers',
          () => 'refused',
        ),
      { timeout: 20_000 },
    )
    .toBe('refused');
});

test('a read gets a 503 to try again, with Retry-After and the security headers', async () => {
  const answer = await fetch(`${NGINX_URL}/api/v1/offers/?tab=regular`);
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('retry-after')).toBe('2');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
  expect(await answer.json()).toEqual({
    detail: 'The service is briefly unavailable: the server does not answer. Please try again in a moment.',
    code: 'service_unavailable',
  });
});

test('a write gets a 503 saying it may or may not have been saved', async () => {
  const answer = await fetch(`${NGINX_URL}/api/v1/cart/add/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ offer_id: 1, quantity: 1 }),
  });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('2');
  expect(await answer.json()).toEqual({
    detail:
      'The service is briefly unavailable: the server did not answer, so this change may or may not have been saved. Check before sending it again.',
    code: 'service_unavailable',
  });
});

test('signing in says the service is briefly unavailable', async ({ page }) => {
  await page.goto(`${NGINX_URL}/signin`);
  await page.getByLabel('Email').fill('client@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'briefly unavailable' })).toHaveText(
    'The service is briefly unavailable. Please try again in a moment.',
  );
});
