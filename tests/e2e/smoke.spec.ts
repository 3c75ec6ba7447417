import { expect, test } from './fixtures';
import { CLIENT, signInWithForm, watchConsole } from './support';

test('a demo client signs in, lands on the offers and sees who is signed in', async ({ page }) => {
  const errors = watchConsole(page);
  await signInWithForm(page, CLIENT);
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByText('Ada Client')).toBeVisible();
  await expect(menu.getByText(CLIENT)).toBeVisible();
  expect(errors).toEqual([]);
});

test('wrong credentials are refused with the server message in the snackbar', async ({ page }) => {
  await signInWithForm(page, CLIENT, 'wrong-password');
  await expect(
    page.getByRole('alert').filter({ hasText: 'No active account found with the given credentials' }),
  ).toBeAttached();
  await expect(page).toHaveURL(/\/signin$/);
});
