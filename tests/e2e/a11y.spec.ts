import type { APIRequestContext, Page } from '@playwright/test';
import { goTo } from './faults/fault-table';
import { expect, test } from './fixtures';
import { basketButton, basketPopover, centsOf, euros, offersGrid, searchOffers } from './journeys';
import { type ApiOffer, apiAs, counter, dataOf, orderableOffers, publishedRows } from './marketplace-api';
import {
  CLIENT,
  expectNoAxeViolations,
  pasteOnFocused,
  SELLER,
  signInWithForm,
  startSignedIn,
  watchConsole,
} from './support';

/** Two basket lines, stored as an earlier visit would have left them. */
async function aBasket(request: APIRequestContext) {
  const offers = await orderableOffers(await apiAs(request, CLIENT), 2);
  return offers.map((offer, index) => ({
    id: String(offer.id),
    offer_id: offer.id,
    name: offer.product,
    price: Number(offer.unit_price),
    quantity: index + 1,
    hot: false,
    publisher: offer.publisher,
    seller: offer.seller,
    region: offer.region,
  }));
}

/** A page whose lists have loaded: its heading shown and the network quiet. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const grid of await page.getByRole('grid').all()) await expect(grid).not.toHaveAttribute('aria-busy', 'true');
}

/**
 * Axe on the page as it is now, in both themes: the light one against every WCAG 2.2 AA rule, then
 * the dark one, which changes colours only (custom properties), against the colour rules. The
 * theme follows the system's here, so switching the emulated colour scheme turns it in place: both
 * scans see the same state, and the page is left light.
 */
async function expectNoViolationsInEitherTheme(page: Page) {
  const theme = page.locator('html');
  await expect(theme).toHaveAttribute('data-theme', 'light');
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(theme).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, { coloursOnly: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(theme).toHaveAttribute('data-theme', 'light');
}

/**
 * Signs in through the form, as a person does (the signed-in routes are scanned after it, in the
 * same document: what the sign-in left behind, in the live region for instance, is scanned too).
 */
async function signInThroughForm(page: Page, email: string) {
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Live-region entries that name an element no longer in the page (axe: role-img-alt). */
const danglingAnnouncements = (page: Page) =>
  page
    .locator('[data-live-announcer] [aria-labelledby]')
    .evaluateAll((entries) =>
      entries
        .filter((entry) =>
          (entry.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => !document.getElementById(id)),
        )
        .map((entry) => entry.outerHTML),
    );

const SELLER_PATHS = [
  '/seller/manage-offers',
  '/seller/manage-offers/unpublished',
  '/seller/review-orders',
  '/seller/review-orders/inprogress',
  '/seller/review-orders/completed',
  '/seller/review-orders/cancelled',
  '/seller/create-invoice',
  '/profile',
];

const offersGridOf = (page: Page) => page.getByRole('grid', { name: 'Published offers' });

/** The seller's newest published offer, as Manage Offers lists it first. */
async function newestPublished(request: APIRequestContext) {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: {
        query: {
          publishType: 'published',
          ordering: '-publish_date',
          limit: 1,
        },
      },
    }),
  );
  const [offer] = results;
  if (!offer) throw new Error('The demo seller has no published offer');
  return offer;
}

/** Manage Offers with the first row's editor open (a double-click on its Publisher cell). */
async function editFirstRow(page: Page) {
  await settled(page);
  const grid = offersGridOf(page);
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).dblclick();
  await expect(grid.getByRole('textbox', { name: 'Product' })).toBeFocused();
  return grid;
}

const CLIENT_PATHS = [
  '/offers',
  '/offers/promo',
  '/offers/order',
  '/orders',
  '/orders/inprogress',
  '/orders/completed',
  '/orders/cancelled',
  '/billing',
  '/profile',
];

// Every state in both themes (expectNoViolationsInEitherTheme).
for (const path of ['/signin', '/signup', '/verify-email?token=unknown']) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    // An unknown link also says so in the snackbar: scanned once it is in, not while it fades in.
    if (path.startsWith('/verify-email')) {
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).not.toBeEmpty();
    }
    await expectNoViolationsInEitherTheme(page);
  });
}

// One sign-in through the form per role, then every route in the same document, as a person
// moves through the app: what the sign-in and each page left behind is scanned on the next.
for (const [role, email, home, paths] of [
  ['client', CLIENT, '/offers', CLIENT_PATHS],
  ['seller', SELLER, '/seller/manage-offers', SELLER_PATHS],
] as const) {
  test(`${role}: after signing in through the form, every route has no axe violations and no console errors`, async ({
    page,
    request,
  }) => {
    test.setTimeout(paths.length * 15_000);
    const errors = watchConsole(page);
    if (role === 'client') {
      await page.addInitScript(
        (basket) => {
          if (localStorage.getItem('marketplace:basket') === null)
            localStorage.setItem('marketplace:basket', JSON.stringify(basket));
        },
        await aBasket(request),
      );
    }
    await signInThroughForm(page, email);
    await expect(page).toHaveURL(home);
    // At once, while what the sign-in said is still in the live region (seconds).
    expect(await danglingAnnouncements(page)).toEqual([]);
    for (const path of paths) {
      await test.step(path, async () => {
        await goTo(page, path);
        await expect(page).toHaveURL(path);
        await settled(page);
        await expectNoViolationsInEitherTheme(page);
      });
    }
    expect(errors).toEqual([]);
  });
}

test('client empty My Cart has no axe violations', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT, { basket: [] });
  await page.goto('/offers/order');
  await settled(page);
  await expect(page.getByText('Your basket is empty')).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
});

test('Manage Offers with a row in edit mode, a select open and a field error has no axe violations', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  const grid = await editFirstRow(page);
  await expectNoViolationsInEitherTheme(page);

  await grid.getByRole('button', { name: / Region$/ }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // The offer rules refuse an empty name: the message sits under the input.
  const product = grid.getByRole('textbox', { name: 'Product' });
  await product.fill('');
  await grid.getByRole('button', { name: /^Update / }).click();
  await expect(product).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolationsInEitherTheme(page);
  expect(errors).toEqual([]);
});

test('Manage Offers with a date-time picker open in the editing row has no axe violations', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  const grid = await editFirstRow(page);
  // Focus turns the Start stand-in into the date-time picker; its button opens the calendar
  // (from the keyboard: the pointer journey is in manage-offers.spec.ts).
  await grid.getByRole('button', { name: /^Start: / }).focus();
  await expect(grid.getByRole('group', { name: 'Start' })).toBeVisible();
  await grid.getByRole('button', { name: /^Calendar/ }).press('Enter');
  await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  expect(errors).toEqual([]);
});

test("Manage Offers' conflict dialog has no axe violations", async ({ page, request }) => {
  const offer = await newestPublished(request);
  await startSignedIn(page, request, SELLER);
  // Someone saved the offer meanwhile: the server's 409 carries their version.
  await page.route('**/api/v1/manage-offers/update/', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        detail: 'This offer was changed since you opened it.',
        code: 'stale_version',
        offers: [{ ...offer, unit_price: '1.00', version: offer.version + 1 }],
      }),
    }),
  );
  await page.goto(`/seller/manage-offers?search=${encodeURIComponent(offer.product)}`);
  const grid = await editFirstRow(page);
  await grid.getByRole('textbox', { name: 'Unit price' }).fill('2.00');
  await grid.getByRole('button', { name: `Update ${offer.product}` }).click();
  const conflict = page.getByRole('dialog', { name: 'This offer changed meanwhile' });
  await expect(conflict).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await conflict.getByRole('button', { name: 'Keep their version' }).click();
  await expect(conflict).toHaveCount(0);
});

/**
 * An offer of the Published tab's first page whose price was changed and the change reverted,
 * through the API: its history and Recent changes list a change, a revert and a "Reverted" mark.
 */
async function changedAndReverted(request: APIRequestContext) {
  const [offer] = (await publishedRows(request, 8, 1)) as [ApiOffer];
  const api = await apiAs(request, SELLER);
  const { batch_id } = await dataOf(
    api.POST('/api/v1/manage-offers/update/', {
      body: {
        source: 'row_edit',
        offers: [{ id: offer.id, version: offer.version, unit_price: (Number(offer.unit_price) + 1).toFixed(2) }],
      },
    }),
  );
  if (batch_id === undefined) throw new Error('The change was not recorded');
  await dataOf(
    api.POST('/api/v1/manage-offers/changes/{batchId}/revert/', { params: { path: { batchId: batch_id } } }),
  );
  return offer;
}

test("Manage Offers' change preview, with a refused cell, has no axe violations", async ({ page, request }) => {
  const errors = watchConsole(page);
  const [first] = (await publishedRows(request, 0, 1)) as [ApiOffer];
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  await settled(page);
  // Two prices pasted from a row's Unit price: the second is refused (not above zero).
  const price = first.unit_price === '1.23' ? '1.24' : '1.23';
  await offersGridOf(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: first.product, exact: true }) })
    .getByRole('gridcell', { name: euros(centsOf(first.unit_price)), exact: true })
    .focus();
  await pasteOnFocused(page, `${price}\r\n0\r\n`);
  const preview = page.getByRole('dialog', { name: 'Review changes' });
  await expect(preview.getByText('2 offers, 1 with problems')).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("an offer's history panel has no axe violations", async ({ page, request }) => {
  const errors = watchConsole(page);
  const offer = await changedAndReverted(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers');
  await settled(page);
  await offersGridOf(page)
    .getByRole('button', { name: `History of ${offer.product}`, exact: true })
    .click();
  const history = page.getByRole('dialog', { name: `History of ${offer.product}` });
  await expect(history.getByText('Reverted')).toBeVisible();
  await expect(history.getByRole('button', { name: /^Revert the change of / })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolationsInEitherTheme(page);
  expect(errors).toEqual([]);
});

test('Recent changes has no axe violations', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offer = await changedAndReverted(request);
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/manage-offers/changes');
  await settled(page);
  const changes = page.getByRole('grid', { name: 'Recent changes' });
  await expect(changes.getByRole('rowheader', { name: offer.product, exact: true }).first()).toBeVisible();
  await expect(changes.getByText('Reverted').first()).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  expect(errors).toEqual([]);
});

test("the seller's order dialog has no axe violations", async ({ page, request }) => {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/review-orders/', {
      params: {
        query: {
          status: 'in_progress',
          limit: 1,
        },
      },
    }),
  );
  const [order] = results;
  if (!order) throw new Error('The demo seller has no order in progress');
  await startSignedIn(page, request, SELLER);
  await page.goto(`/seller/review-orders/inprogress?order=${order.id}`);
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolationsInEitherTheme(page);
});

for (const [role, email] of [
  ['client', CLIENT],
  ['seller', SELLER],
] as const) {
  test(`${role} shell with the menu collapsed has no axe violations`, async ({ page, request }) => {
    await startSignedIn(page, request, email, { 'menu-open': false });
    await page.goto('/profile');
    await expect(page.locator('h1')).toBeVisible();
    await expectNoViolationsInEitherTheme(page);
  });
}

test('the open basket popover has no axe violations', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT, { basket: await aBasket(request) });
  await page.goto('/offers');
  await settled(page);
  await basketButton(page).click();
  await expect(basketPopover(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolationsInEitherTheme(page);
});

test('the open empty basket popover has no axe violations', async ({ page, request }) => {
  await startSignedIn(page, request, CLIENT, { basket: [] });
  await page.goto('/offers');
  await settled(page);
  await basketButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Your basket is empty' })).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
});

test('the special-price dialog has no axe violations, blank, with errors and sent', async ({ page, request }) => {
  const [offer] = (await orderableOffers(await apiAs(request, CLIENT), 1, { offset: 15 })) as [ApiOffer];
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await searchOffers(page, offer.product);
  await offersGrid(page)
    .getByRole('button', { name: `Ask for a special price on ${offer.product}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ask for a special price' });
  await expect(dialog).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('textbox', { name: /Desired unit price/ })).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolationsInEitherTheme(page);
  await dialog.getByRole('textbox', { name: /Desired unit price/ }).fill('0.50');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request was sent.')).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
});

test('the order dialog and its confirmation have no axe violations', async ({ page, request }) => {
  const api = await apiAs(request, CLIENT);
  const { results } = await dataOf(
    api.GET('/api/v1/orders/', {
      params: {
        query: {
          status: 'in_progress',
          limit: 1,
        },
      },
    }),
  );
  const [order] = results;
  if (!order) throw new Error('The demo client has no order in progress');
  await startSignedIn(page, request, CLIENT);
  await page.goto(`/orders/inprogress?order=${order.id}`);
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(dialog.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolationsInEitherTheme(page);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel order #${order.id}?` });
  await expect(confirm).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toHaveCount(0);
});

test('the decline confirmation has no axe violations', async ({ page, request }) => {
  // A counter-offer waiting for the client: asked for by the client, countered by the seller.
  const [offer] = (await orderableOffers(await apiAs(request, CLIENT), 1, { offset: 20 })) as [ApiOffer];
  const order = await dataOf(
    (await apiAs(request, CLIENT)).POST('/api/v1/orders/request-special-price/', {
      body: {
        offer_id: offer.id,
        quantity: 5,
        unit_price: (centsOf(offer.unit_price) / 200).toFixed(2),
      },
    }),
  );
  await counter(request, offer, order, (centsOf(offer.unit_price) / 125).toFixed(2), 'Meet you halfway.');
  await startSignedIn(page, request, CLIENT);
  await page.goto(`/orders/inprogress?order=${order.id}`);
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Decline the counter-offer?' });
  await expect(confirm).toBeVisible();
  await expectNoViolationsInEitherTheme(page);
  await confirm.getByRole('button', { name: 'Keep counter-offer' }).click();
  await expect(confirm).toHaveCount(0);
});

test('the invoice dialog has no axe violations', async ({ page, request }) => {
  const api = await apiAs(request, CLIENT);
  const { results } = await dataOf(
    api.GET('/api/v1/invoices/', {
      params: {
        query: {
          limit: 1,
        },
      },
    }),
  );
  const [invoice] = results;
  if (!invoice) throw new Error('The demo client has no invoice');
  await startSignedIn(page, request, CLIENT);
  await page.goto(`/billing?invoice=${invoice.id}`);
  const dialog = page.getByRole('dialog', { name: `Invoice ${invoice.number}` });
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolationsInEitherTheme(page);
});
