/**
 * Create Invoice (behaviour §2, seller section): a seller bills a client's completed orders, records the payment, and
 * the client follows the invoice in Billing.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { checkFocusInContext, expect, test } from './fixtures';
import { centsOf, euros, notice, pressUntilFocused, tabInto, tabTo } from './journeys';
import { type ApiOrder, apiAs, dataOf } from './marketplace-api';
import { CLIENT, expectNoAxeViolations, SELLER, startSignedIn, watchConsole } from './support';

// Whole journeys through two accounts: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The seller's completed orders on no invoice yet, oldest first. */
async function invoiceableOrders(request: APIRequestContext): Promise<ApiOrder[]> {
  const seller = await apiAs(request, SELLER);
  const page = await dataOf(
    seller.GET('/api/v1/review-orders/', {
      params: {
        query: {
          status: 'completed',
          invoiced: false,
          ordering: 'created_at',
          limit: 100,
        },
      },
    }),
  );
  return page.results;
}

/** An order of the client named `clientName` still to invoice, and how many storefronts its orders span. */
async function orderToInvoice(request: APIRequestContext, clientName: string) {
  const orders = (await invoiceableOrders(request)).filter((order) => order.client.name === clientName);
  const [order] = orders;
  if (!order) throw new Error(`The demo data has no completed order of ${clientName} to invoice`);
  const storefronts = new Set(orders.map((candidate) => candidate.seller.id)).size;
  return { order, storefronts };
}

const ordersGrid = (page: Page) => page.getByRole('grid', { name: 'Orders to invoice' });
const issuedGrid = (page: Page) => page.getByRole('grid', { name: 'Issued invoices' });
const clientSelect = (page: Page) => page.getByRole('button', { name: /Client$/ });
const storefrontSelect = (page: Page) => page.getByRole('button', { name: /Storefront$/ });
const orderCheckbox = (page: Page, orderId: number) =>
  ordersGrid(page).getByRole('checkbox', { name: `Select #${orderId}`, exact: true });
const totalLine = (page: Page) => page.getByText(/^Total for/);

/** The invoice number the snackbar gives after "Create invoice". */
async function createdNumber(page: Page, clientName: string): Promise<string> {
  await expect(notice(page)).toHaveText(new RegExp(`^Invoice INV-\\d{4}-\\d{4} created for ${clientName}: `));
  const text = (await notice(page).textContent()) ?? '';
  const number = /INV-\d{4}-\d{4}/.exec(text)?.[0];
  if (!number) throw new Error(`No invoice number in "${text}"`);
  return number;
}

/** A second browser context signed in as `email`, beside the seller's. */
async function pageOf(browser: Browser, request: APIRequestContext, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await checkFocusInContext(context);
  const page = await context.newPage();
  await startSignedIn(page, request, email);
  return page;
}

const rowOf = (grid: Locator, invoiceNumber: string) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('rowheader', { name: invoiceNumber, exact: true }) });

test('the seller invoices a completed order and marks it paid; the client sees it in Billing', async ({
  page,
  browser,
  request,
}) => {
  const errors = watchConsole(page);
  const { order, storefronts } = await orderToInvoice(request, 'Ada Client');
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/create-invoice');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Invoice' })).toBeVisible();

  await clientSelect(page).click();
  await page.getByRole('option', { name: /^Ada Client \(Pixel Retail GmbH\)/ }).click();
  if (storefronts > 1) {
    await storefrontSelect(page).click();
    await page.getByRole('option', { name: new RegExp(`^${order.seller.name},`) }).click();
  }
  await expect(totalLine(page)).toHaveText('Total for 0 orders: €0.00');
  await orderCheckbox(page, order.id).check();
  await expect(totalLine(page)).toHaveText(`Total for 1 order: ${euros(centsOf(order.total))}`);
  await page.getByRole('button', { name: 'Create invoice' }).click();

  const number = await createdNumber(page, 'Ada Client');
  // Billed: the order leaves the list of orders to invoice; the invoice heads the issued ones.
  await expect(orderCheckbox(page, order.id)).toHaveCount(0);
  const issued = rowOf(issuedGrid(page), number);
  await expect(issued).toContainText('Ada Client');
  await expect(issued).toContainText(order.seller.name);
  await expect(issued).toContainText('Unpaid');

  const client = await pageOf(browser, request, CLIENT);
  await client.goto('/billing');
  await client.getByRole('searchbox', { name: 'Search invoices' }).fill(number);
  const billed = rowOf(client.getByRole('grid', { name: 'Invoices' }), number);
  await expect(billed).toContainText(euros(centsOf(order.total)));
  await expect(billed).toContainText('Unpaid');
  await billed.getByRole('link', { name: number }).click();
  const detail = client.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(detail.getByRole('table', { name: 'Orders' })).toContainText(`#${order.id}`);

  await issued.getByRole('button', { name: `Mark ${number} paid` }).click();
  const paying = page.getByRole('dialog', { name: `Mark ${number} paid` });
  await expect(paying.getByRole('group', { name: 'Payment date' })).toBeVisible();
  await paying.getByRole('button', { name: 'Mark paid' }).click();
  await expect(notice(page)).toHaveText(new RegExp(`^Invoice ${number} marked as paid on `));
  await expect(paying).toHaveCount(0);
  await expect(issued).toContainText('Paid');
  await expect(issued.getByRole('button', { name: `Mark ${number} paid` })).toHaveCount(0);

  await client.reload();
  await expect(client.getByRole('dialog', { name: `Invoice ${number}` })).toContainText('Paid');
  const after = await apiAs(request, CLIENT);
  const invoices = await dataOf(after.GET('/api/v1/invoices/', { params: { query: { search: number } } }));
  expect(invoices.results.map((invoice) => [invoice.number, invoice.payment_status])).toEqual([[number, 'paid']]);
  expect(invoices.results[0]?.orders.map((billedOrder) => billedOrder.id)).toEqual([order.id]);
  await client.context().close();
  expect(errors).toEqual([]);
});

test('keyboard only: invoice a completed order, then mark it paid', async ({ page, request }) => {
  const errors = watchConsole(page);
  const { order, storefronts } = await orderToInvoice(request, 'Ben Buyer');
  await startSignedIn(page, request, SELLER);
  await page.goto('/seller/create-invoice');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Invoice' })).toBeVisible();

  await tabTo(page, clientSelect(page));
  await page.keyboard.press('Enter');
  const benOption = page.getByRole('option', { name: /^Ben Buyer/ });
  await pressUntilFocused(page, 'ArrowDown', benOption);
  await page.keyboard.press('Enter');
  await expect(clientSelect(page)).toContainText('Ben Buyer');
  if (storefronts > 1) {
    await tabTo(page, storefrontSelect(page));
    await page.keyboard.press('Enter');
    await pressUntilFocused(
      page,
      'ArrowDown',
      page.getByRole('option', { name: new RegExp(`^${order.seller.name},`) }),
    );
    await page.keyboard.press('Enter');
    await expect(storefrontSelect(page)).toContainText(order.seller.name);
  }

  // Into the grid, onto the order's selection cell, Space to pick it.
  await tabInto(page, ordersGrid(page));
  await page.keyboard.press('Control+Home');
  const orderRow = ordersGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `#${order.id}`, exact: true }) });
  await pressUntilFocused(page, 'ArrowDown', orderRow.getByRole('gridcell').first());
  await page.keyboard.press('Space');
  await expect(orderCheckbox(page, order.id)).toBeChecked();
  await expect(totalLine(page)).toHaveText(`Total for 1 order: ${euros(centsOf(order.total))}`);

  await tabTo(page, page.getByRole('button', { name: 'Create invoice' }));
  await page.keyboard.press('Enter');
  const number = await createdNumber(page, 'Ben Buyer');
  await expect(orderCheckbox(page, order.id)).toHaveCount(0);

  const grid = issuedGrid(page);
  const issued = rowOf(grid, number);
  await expect(issued).toContainText('Unpaid');
  await tabInto(page, grid);
  await page.keyboard.press('Control+Home');
  await pressUntilFocused(page, 'ArrowDown', issued.getByRole('rowheader'));
  const actionCell = issued
    .getByRole('gridcell')
    .filter({ has: page.getByRole('button', { name: `Mark ${number} paid` }) });
  await pressUntilFocused(page, 'ArrowRight', actionCell);
  // The cell's only widget is a button: Enter moves onto it, Enter again presses it.
  await page.keyboard.press('Enter');
  await expect(issued.getByRole('button', { name: `Mark ${number} paid` })).toBeFocused();
  await page.keyboard.press('Enter');

  const paying = page.getByRole('dialog', { name: `Mark ${number} paid` });
  await expect(paying).toBeVisible();
  await tabTo(page, paying.getByRole('button', { name: 'Mark paid' }), { limit: 15 });
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveText(new RegExp(`^Invoice ${number} marked as paid on `));
  await expect(paying).toHaveCount(0);
  await expect(issued).toContainText('Paid');
  // The button is gone once paid: focus stays in the grid, on its cell.
  await expect(issued.getByRole('gridcell').last()).toBeFocused();
  expect(errors).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`Create Invoice has no axe violations (${theme}): orders picked, a message shown, dialogs open`, async ({
    page,
    request,
  }) => {
    await startSignedIn(page, request, SELLER, { theme });
    await page.goto('/seller/create-invoice');
    await clientSelect(page).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect(ordersGrid(page)).toBeVisible();
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await expect(page.getByText('Pick at least one order to invoice.')).toBeVisible();
    await expectNoAxeViolations(page);

    await ordersGrid(page).getByRole('checkbox').nth(1).check();
    await page
      .getByRole('button', { name: /Calendar/ })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await issuedGrid(page)
      .getByRole('button', { name: /^Mark INV-/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Mark INV-/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
