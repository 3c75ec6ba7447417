import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('a demo client signs in and sees who is signed in', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/');
  await page.getByLabel('Email').fill('client@example.com');
  await page.getByLabel('Password').fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as client@example.com')).toBeVisible();
  expect(errors).toEqual([]);
});

test('wrong credentials are refused with the server message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('client@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('No active account found with the given credentials');
});

test('the sign-in screen can be used with the keyboard alone and has no axe violations', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('seller@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Demo-pass-2026');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signed in as seller@example.com (seller)')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations).toEqual([]);
});
