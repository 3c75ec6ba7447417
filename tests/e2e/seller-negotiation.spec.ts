/**
 * Review Orders (behaviour §4): a client places an order, the seller counters it with a new price on one
 * line and a note, the client accepts in My Orders, the seller approves; the order ends completed.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { checkFocusInContext, expect, test } from './fixtures';
import { centsOf, euros, notice, pressUntilFocused, tabInto, tabTo } from './journeys';
import { type Api, type ApiOffer, type ApiOrder, apiAs, dataOf } from './marketplace-api';
import { CLIENT, expectNoAxeViolations, SELLER, startSignedIn, watchConsole } from './support';

// Two people and several pages: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Two offers of one storefront of seller@example.com that the client can order for days yet, each
 * with a product name no other offer has (a line is then found by its name). From `offset` in the
 * offers list, so journeys do not share offers.
 */
async function twoOffersOfOneStorefront(request: APIRequestContext, offset: number): Promise<[ApiOffer, ApiOffer]> {
  const seller = await apiAs(request, SELLER);
  const { sellers } = await dataOf(seller.GET('/api/v1/options/'));
  const own = new Set(sellers.filter((storefront) => storefront.is_own).map((storefront) => storefront.id));
  const client = await apiAs(request, CLIENT);
  const { results } = await dataOf(
    client.GET('/api/v1/offers/', {
      params: {
        query: {
          type: 'regular',
          limit: 100,
          offset,
        },
      },
    }),
  );
  const byStorefront = new Map<number, ApiOffer[]>();
  for (const offer of results) {
    if (!own.has(offer.seller_id) || Date.parse(offer.end) <= Date.now() + DAY_MS) continue;
    const named = await dataOf(
      client.GET('/api/v1/offers/', { params: { query: { search: offer.product, limit: 1 } } }),
    );
    if (named.count !== 1) continue;
    const found = [...(byStorefront.get(offer.seller_id) ?? []), offer];
    if (found.length === 2) return found as [ApiOffer, ApiOffer];
    byStorefront.set(offer.seller_id, found);
  }
  throw new Error('No two orderable offers of one storefront of the demo seller');
}

/** The client orders both offers (one storefront, so one order) through the cart, as the basket would. */
async function placeOrder(client: Api, offers: readonly ApiOffer[]): Promise<ApiOrder> {
  let cart: { items: { id: number; offer_id: number }[] } = { items: [] };
  for (const offer of offers)
    cart = await dataOf(client.POST('/api/v1/cart/add/', { body: { offer_id: offer.id, quantity: 4 } }));
  const ids = cart.items.filter((item) => offers.some((offer) => offer.id === item.offer_id)).map((item) => item.id);
  const { orders } = await dataOf(client.POST('/api/v1/cart/checkout/', { body: { cart_item_ids: ids } }));
  const [order] = orders;
  if (orders.length !== 1 || !order) throw new Error(`Expected one order, got ${orders.length}`);
  return order;
}

const reviewGrid = (page: Page, tab: string) => page.getByRole('grid', { name: `${tab} orders` });
const orderLink = (page: Page, tab: string, orderId: number) =>
  reviewGrid(page, tab).getByRole('rowheader', { name: `#${orderId}`, exact: true });
const lineGroup = (page: Page, product: string) =>
  page.getByRole('dialog', { name: /^Counter-offer on order/ }).getByRole('group', { name: product });

/** The client, in a browser of its own, accepts the counter-offer in My Orders. */
async function acceptAsClient(browser: Browser, request: APIRequestContext, order: ApiOrder, price: string) {
  const context = await browser.newContext();
  await checkFocusInContext(context);
  const page = await context.newPage();
  const errors = watchConsole(page);
  await startSignedIn(page, request, CLIENT);
  await page.goto('/orders/inprogress');
  await page
    .getByRole('grid', { name: 'In Progress orders' })
    .getByRole('link', { name: `#${order.id}` })
    .click();
  const detail = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(detail).toContainText(euros(centsOf(price)));
  await expect(detail).toContainText('Four of each, at this price.');
  await detail.getByRole('button', { name: 'Accept counter-offer' }).click();
  await expect(notice(page)).toHaveText('Counter-offer accepted');
  expect(errors).toEqual([]);
  await context.close();
}

test('the seller counters an order in Review Orders, the client accepts, the seller approves', async ({
  page,
  browser,
  request,
}) => {
  const errors = watchConsole(page);
  const offers = await twoOffersOfOneStorefront(request, 40);
  const [first, second] = offers;
  const order = await placeOrder(await apiAs(request, CLIENT), offers);
  const firstLine = order.lines.find((line) => line.product === first.product);
  const secondLine = order.lines.find((line) => line.product === second.product);
  if (!firstLine || !secondLine) throw new Error('The order lacks a line');
  const price = (Math.floor(centsOf(firstLine.unit_price) * 0.9) / 100).toFixed(2);
  const total = centsOf(price, firstLine.quantity) + centsOf(secondLine.unit_price, secondLine.quantity);

  // The seller counters the first line's price, with a note.
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/review-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Review Orders' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: 'In Progress' }).click();
  await orderLink(page, 'In Progress', order.id).getByRole('link').click();
  const detail = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(detail).toContainText('Waiting for you to approve the order or make a counter-offer');
  await detail.getByRole('button', { name: 'Counter-offer…' }).click();

  const form = page.getByRole('dialog', { name: `Counter-offer on order #${order.id}` });
  await lineGroup(page, first.product).getByRole('textbox', { name: 'Unit price' }).fill(price);
  await expect(lineGroup(page, first.product)).toContainText(`Unit price ${euros(centsOf(firstLine.unit_price))}`);
  await expect(lineGroup(page, second.product)).toContainText('Unchanged');
  await expect(form.getByText(/^Total/)).toContainText(euros(total));
  await form.getByRole('textbox', { name: 'Note to the client' }).fill('Four of each, at this price.');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send counter-offer' }).click();

  await expect(notice(page)).toHaveText('Counter-offer sent');
  await expect(form).toHaveCount(0);
  await expect(detail).toContainText('Waiting for the client to answer the counter-offer');
  await expect(detail.getByRole('definition').filter({ hasText: 'Counter-offer sent' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
  const seller = await apiAs(request, SELLER);
  const countered = await dataOf(seller.GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: order.id } } }));
  expect(countered.negotiation).toBe('counter_proposed');
  expect(countered.lines.find((line) => line.id === firstLine.id)).toMatchObject({
    counter_unit_price: price,
    counter_quantity: firstLine.quantity,
  });
  expect(countered.lines.find((line) => line.id === secondLine.id)).toMatchObject({
    counter_unit_price: null,
    counter_quantity: null,
  });

  await acceptAsClient(browser, request, order, price);

  // The seller opens the order again (read afresh) and approves it.
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await orderLink(page, 'In Progress', order.id).getByRole('link').click();
  await expect(detail).toContainText('The client accepted your counter-offer: approve the order to complete it');
  await detail.getByRole('button', { name: 'Approve order' }).click();
  await expect(notice(page)).toHaveText('Order approved');
  await expect(detail).toContainText('Nothing left to do: the order is completed');

  const completed = await dataOf(seller.GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: order.id } } }));
  expect(completed.status).toBe('completed');
  expect(completed.lines.find((line) => line.id === firstLine.id)).toMatchObject({ unit_price: price });
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: 'Completed' }).click();
  await expect(orderLink(page, 'Completed', order.id)).toBeVisible();
  expect(errors).toEqual([]);
});

test('keyboard only: the seller counters a line and, once accepted, approves the order', async ({ page, request }) => {
  const errors = watchConsole(page);
  const offers = await twoOffersOfOneStorefront(request, 60);
  const [first] = offers;
  const client = await apiAs(request, CLIENT);
  const order = await placeOrder(client, offers);
  const firstLine = order.lines.find((line) => line.product === first.product);
  if (!firstLine) throw new Error('The order lacks a line');
  const price = (Math.floor(centsOf(firstLine.unit_price) * 0.8) / 100).toFixed(2);

  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/review-orders/inprogress');
  await expect(orderLink(page, 'In Progress', order.id)).toBeVisible();
  await tabInto(page, reviewGrid(page, 'In Progress'));
  await page.keyboard.press('Control+Home');
  await pressUntilFocused(page, 'ArrowDown', orderLink(page, 'In Progress', order.id), 100);
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: `Order #${order.id}` });
  await tabTo(page, detail.getByRole('button', { name: 'Counter-offer…' }), { limit: 20 });
  await page.keyboard.press('Enter');

  const form = page.getByRole('dialog', { name: `Counter-offer on order #${order.id}` });
  const unitPrice = lineGroup(page, first.product).getByRole('textbox', { name: 'Unit price' });
  await tabTo(page, unitPrice, { limit: 20 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(price);
  await tabTo(page, form.getByRole('textbox', { name: 'Note to the client' }), { limit: 20 });
  await page.keyboard.type('Four of each, at this price.');
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveText('Counter-offer sent');
  await expect(form).toHaveCount(0);
  // The pressed button is gone: focus is on what happens next, inside the order's dialog.
  await expect(detail.getByRole('heading', { name: 'Next step' })).toBeFocused();

  await dataOf(
    client.POST('/api/v1/orders/{orderId}/counter/response/', {
      params: { path: { orderId: order.id } },
      body: { accept: true },
    }),
  );
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  // Closing hands focus back to the order's cell in the grid.
  await expect(orderLink(page, 'In Progress', order.id)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail).toContainText('Counter-offer accepted');
  await tabTo(page, detail.getByRole('button', { name: 'Approve order' }), { limit: 20 });
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveText('Order approved');
  await expect(detail).toContainText('Nothing left to do: the order is completed');
  const completed = await dataOf(
    (await apiAs(request, SELLER)).GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: order.id } } }),
  );
  expect(completed.status).toBe('completed');
  expect(completed.lines.find((line) => line.id === firstLine.id)).toMatchObject({ unit_price: price });
  expect(errors).toEqual([]);
});
