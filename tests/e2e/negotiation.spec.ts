import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  centsOf,
  euros,
  notice,
  offersGrid,
  openOrderByKeyboard,
  orderHeader,
  pressUntilFocused,
  searchOffers,
  tabInto,
  tabTo,
} from './journeys';
import {
  type ApiOffer,
  type ApiOrder,
  apiAs,
  counter,
  counteredOrder,
  dataOf,
  orderableOffers,
  ordersInProgress,
} from './marketplace-api';
import { CLIENT, startSignedIn, watchConsole } from './support';

// Whole journeys through several pages: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The order a special-price request on `offer` created: the client's newest one on that offer. */
async function requestedOrder(request: APIRequestContext, offer: ApiOffer): Promise<ApiOrder> {
  const api = await apiAs(request, CLIENT);
  const order = (await ordersInProgress(api)).find(
    (candidate) =>
      candidate.negotiation === 'special_price_requested' && candidate.lines.some((line) => line.offer_id === offer.id),
  );
  if (!order) throw new Error(`No special-price request on ${offer.product}`);
  return order;
}

/** Prices for a request: asked 40% below the list price, countered 20% below. */
function pricesFor(offer: ApiOffer) {
  const list = centsOf(offer.unit_price);
  const asked = (Math.floor(list * 0.6) / 100).toFixed(2);
  const countered = (Math.floor(list * 0.8) / 100).toFixed(2);
  return { asked, countered };
}

test('a client asks for a special price, the seller counters and the client accepts', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [offer] = (await orderableOffers(await apiAs(request, CLIENT), 1, { offset: 5 })) as [ApiOffer];
  const { asked, countered } = pricesFor(offer);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await searchOffers(page, offer.product);
  await offersGrid(page)
    .getByRole('button', { name: `Ask for a special price on ${offer.product}`, exact: true })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Ask for a special price' });
  await expect(dialog).toContainText(offer.product);
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await dialog.getByRole('textbox', { name: /Desired unit price/ }).fill(asked);
  await dialog.getByRole('textbox', { name: 'Note' }).fill('For a spring bundle');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request was sent.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  const order = await requestedOrder(request, offer);
  expect(order.lines[0]).toMatchObject({ quantity: 20, unit_price: asked });
  await counter(request, offer, order, countered, 'Our best price for this quantity.');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: 'In Progress' }).click();
  await orderHeader(page, order.id).getByRole('link').click();
  const detail = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(euros(centsOf(countered)));
  await expect(detail).toContainText('Our best price for this quantity.');
  await expect(detail.getByRole('definition').filter({ hasText: 'Counter-offer to answer' })).toBeVisible();
  await detail.getByRole('button', { name: 'Accept counter-offer' }).click();

  await expect(notice(page)).toHaveText('Counter-offer accepted');
  await expect(detail.getByRole('definition').filter({ hasText: 'Counter-offer accepted' })).toBeVisible();
  // Answered: nothing is left to accept.
  await expect(detail.getByRole('button', { name: 'Accept counter-offer' })).toHaveCount(0);
  const after = await apiAs(request, CLIENT);
  const accepted = await dataOf(after.GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: order.id } } }));
  expect(accepted.negotiation).toBe('counter_accepted');
  expect(accepted.lines[0]).toMatchObject({ quantity: 20, unit_price: countered });
  expect(errors).toEqual([]);
});

test('keyboard only: ask for a special price, then accept the counter-offer', async ({ page, request }) => {
  const errors = watchConsole(page);
  const [offer] = (await orderableOffers(await apiAs(request, CLIENT), 1, { offset: 10 })) as [ApiOffer];
  const { asked, countered } = pricesFor(offer);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
  await page.keyboard.type(offer.product);
  const grid = offersGrid(page);
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid.getByRole('rowheader', { name: offer.product })).toBeVisible();

  await tabInto(page, grid);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  const ask = grid.getByRole('button', { name: `Ask for a special price on ${offer.product}`, exact: true });
  const actionCell = grid.getByRole('gridcell').filter({
    has: page.getByRole('button', { name: `Ask for a special price on ${offer.product}`, exact: true }),
  });
  await pressUntilFocused(page, 'ArrowRight', actionCell);
  // The cell's only widget is a button: Enter moves onto it, Enter again presses it.
  await page.keyboard.press('Enter');
  await expect(ask).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Ask for a special price' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('textbox', { name: 'Quantity' }), { limit: 10 });
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
  await tabTo(page, dialog.getByRole('textbox', { name: /Desired unit price/ }), { limit: 10 });
  await page.keyboard.type(asked);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Your request was sent.')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(ask).toBeFocused();

  const order = await requestedOrder(request, offer);
  expect(order.lines[0]).toMatchObject({ quantity: 3, unit_price: asked });
  await counter(request, offer, order, countered, 'Our best price for this quantity.');

  await page.goto('/orders/inprogress');
  const detail = await openOrderByKeyboard(page, order.id);
  await expect(detail).toContainText(euros(centsOf(countered)));
  await tabTo(page, detail.getByRole('button', { name: 'Accept counter-offer' }), { limit: 20 });
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveText('Counter-offer accepted');
  await expect(detail.getByRole('definition').filter({ hasText: 'Counter-offer accepted' })).toBeVisible();
  // The button that had focus is gone once answered: focus moves to the next step, inside the
  // dialog, so Escape still closes it.
  await expect(detail.getByRole('button', { name: 'Accept counter-offer' })).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Next step' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  const accepted = await dataOf(
    (await apiAs(request, CLIENT)).GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: order.id } } }),
  );
  expect(accepted.negotiation).toBe('counter_accepted');
  expect(errors).toEqual([]);
});

test('keyboard only: a counter-offer answered in another tab meanwhile is said so, and Escape closes the order at once', async ({
  page,
  request,
}) => {
  const client = await apiAs(request, CLIENT);
  const [offer] = (await orderableOffers(client, 1, { offset: 30 })) as [ApiOffer];
  const order = await counteredOrder(request, offer);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/orders/inprogress');
  const detail = await openOrderByKeyboard(page, order.id);
  await tabTo(page, detail.getByRole('button', { name: 'Decline', exact: true }), { limit: 20 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Decline the counter-offer?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Decline counter-offer' }), { limit: 5 });

  await dataOf(
    client.POST('/api/v1/orders/{orderId}/counter/response/', {
      params: { path: { orderId: order.id } },
      body: { accept: true },
    }),
  );
  await page.keyboard.press('Enter');
  await expect(detail.getByText('This order changed meanwhile')).toBeVisible();
  // At once, as a fast keyboard user would: the closed confirmation holds neither focus nor keys.
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
});
