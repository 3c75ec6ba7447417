import { expect, test } from '@playwright/test';
import { CLIENT, expectNoAxeViolations, SELLER, startSignedIn } from './support';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const path of ['/signin', '/signup', '/verify-email?token=unknown']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('marketplace:theme', JSON.stringify(t)), theme);
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page);
      });
    }

    for (const [role, email, paths] of [
      ['client', CLIENT, ['/offers', '/orders', '/profile']],
      ['seller', SELLER, ['/seller/manage-offers', '/seller/review-orders', '/profile']],
    ] as const) {
      for (const path of paths) {
        test(`${role} ${path} has no axe violations`, async ({ page, request }) => {
          await startSignedIn(page, request, email, { theme });
          await page.goto(path);
          await expect(page.locator('h1')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectNoAxeViolations(page);
        });
      }
      test(`${role} shell with the menu collapsed has no axe violations`, async ({ page, request }) => {
        await startSignedIn(page, request, email, { theme, 'menu-open': false });
        await page.goto('/profile');
        await expect(page.locator('h1')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}
