import { expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo, PASSWORD, SELLER, watchConsole } from './support';

test('register, verify the email from the outbox, sign in and land by role', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const email = `new-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('New');
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByLabel('Confirm password').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();

  const mail = lastMailTo(email);
  expect(mail.link).toMatch(new RegExp(`^${baseURL}/verify-email\\?token=`));
  await page.goto(mail.link);
  await expect(page.getByText('Your email has been verified')).toBeVisible();
  await page.getByRole('link', { name: /sign in/i }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Secret-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  expect(errors).toEqual([]);
});

test('a verification link that is not valid says so', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
  await expect(main.getByText('This verification link is invalid or has expired.')).toBeVisible();
});

test('keyboard only: sign in as a seller and land on Manage Offers', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(SELLER);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/seller\/manage-offers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Offers' })).toBeVisible();
});

test('required fields are announced on blur and focus goes to the first invalid field', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('The field is required')).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test('keyboard only: register, then sign in from the verification page', async ({ page }) => {
  const email = `keys-${Date.now()}@example.com`;
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Secret-pass-2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Secret-pass-2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Registration successful')).toBeVisible();

  await page.goto(lastMailTo(email).link);
  await expect(page.getByText('Your email has been verified')).toBeVisible();
  await page.getByRole('link', { name: /sign in/i }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Secret-pass-2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/offers$/);
});

test('a mismatched confirmation is caught before anything is sent', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/register/')) registerCalls += 1;
  });
  await page.goto('/signup');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secret-pass-1');
  await page.getByLabel('Confirm password').fill('Secret-pass-2');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  expect(registerCalls).toBe(0);
});
