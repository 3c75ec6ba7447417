import type { components } from '@openapi/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { onDataChange } from '@/core/data-events';
import { CreateInvoicePage } from '@/features/billing/pages/create-invoice-page';
import { anInvoice, anOrder, aProfile, type Invoice } from '../../support/fixtures';
import { type Routes, renderPage, type SeenRequest } from '../../support/render';

/** An order as the server sends it (amounts as decimal strings). */
type Order = components['schemas']['Order'];

const REVIEW_ORDERS = 'GET /api/v1/review-orders/';
const INVOICES = 'GET /api/v1/invoices/';
const CREATE = 'POST /api/v1/invoices/';

const ada = { id: 7, name: 'Ada Client', company: 'Pixel Retail GmbH' };
const ben = { id: 8, name: 'Ben Buyer' };
const nordic = { id: 3, name: 'Nordic Keys' };
const pixel = { id: 4, name: 'Pixel Wholesale' };

const completed = (id: number, overrides: Partial<Order> = {}) =>
  anOrder({
    id,
    status: 'completed',
    client: ada,
    seller: nordic,
    completed_at: '2026-11-21T10:00:00Z',
    ...overrides,
  });

const adaNordic41 = completed(41, { total: '125.00', created_at: '2026-11-19T09:00:00Z' });
const adaNordic42 = completed(42, { total: '80.50', created_at: '2026-11-18T09:00:00Z' });
const adaPixel43 = completed(43, { seller: pixel, total: '9.99' });
const benNordic44 = completed(44, { client: ben, total: '300.00' });

/** Answers each page of the completed, not invoiced orders from `orders`, by limit and offset. */
const pagesOf =
  (orders: Order[]) =>
  ({ query }: SeenRequest) => {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 10);
    const results = orders.slice(offset, offset + limit);
    const next = offset + limit < orders.length ? `/api/v1/review-orders/?offset=${offset + limit}` : null;
    return { body: { count: orders.length, next, previous: null, results } };
  };

const invoicesPage = (invoices: Invoice[]) => ({
  body: { count: invoices.length, next: null, previous: null, results: invoices },
});

function renderCreateInvoice(options: { orders?: Order[]; invoices?: Invoice[]; routes?: Routes; path?: string } = {}) {
  const { orders = [adaNordic41, adaNordic42, adaPixel43, benNordic44], invoices = [], routes = {} } = options;
  return renderPage(<CreateInvoicePage />, {
    path: options.path ?? '/seller/create-invoice',
    signedIn: aProfile({ permissions: ['add_offer', 'change_offer', 'delete_offer'] }),
    routes: { [REVIEW_ORDERS]: pagesOf(orders), [INVOICES]: invoicesPage(invoices), ...routes },
  });
}

type User = ReturnType<typeof renderPage>['user'];

async function chooseOption(user: User, select: RegExp, option: string | RegExp) {
  await user.click(await screen.findByRole('button', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const ordersGrid = () => screen.getByRole('grid', { name: 'Orders to invoice' });
const pick = (user: User, orderId: number) =>
  user.click(within(ordersGrid()).getByRole('checkbox', { name: `Select #${orderId}` }));
const total = () => screen.getByText(/^Total for/);
const createButton = () => screen.getByRole('button', { name: 'Create invoice' });
/** The group is named by the label and the day in words ("Due date: 24 December 2026"). */
const dueDateField = () => screen.getByRole('group', { name: /^Due date/ });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });
/** What a date field says about its value: its description and error, read from its first segment. */
const dateHelp = (field: HTMLElement) => {
  const [segment] = within(field).getAllByRole('spinbutton');
  return expect(segment);
};

/** Types a day into a date field's day, month and year segments (day first). */
async function typeDay(user: User, field: HTMLElement, day: string, month: string, year: string) {
  const [daySegment] = within(field).getAllByRole('spinbutton');
  await user.click(daySegment as HTMLElement);
  await user.keyboard(`${day}${month}${year}`);
}

beforeEach(() => {
  // Only the clock is fixed: today is Tuesday 24 November 2026 in the browser's zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

// Whole flows through selects, a grid and date fields: more than the default 5 s on a busy machine.
describe('CreateInvoicePage: the new invoice', { timeout: 20_000 }, () => {
  it('lists the clients of every page of completed orders not invoiced yet', async () => {
    const many = Array.from({ length: 100 }, (_, index) => completed(1000 + index));
    const { user, server } = renderCreateInvoice({ orders: [...many, benNordic44] });
    await user.click(await screen.findByRole('button', { name: /Client$/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ada Client (Pixel Retail GmbH), 100 orders',
      'Ben Buyer, 1 order',
    ]);
    const queries = server.callsTo(REVIEW_ORDERS).map((call) => Object.fromEntries(call.query));
    expect(queries).toEqual([
      { status: 'completed', invoiced: 'false', ordering: '-created_at', limit: '100', offset: '0' },
      { status: 'completed', invoiced: 'false', ordering: '-created_at', limit: '100', offset: '100' },
    ]);
  });

  it("offers one storefront's orders of the chosen client at a time, and says why", async () => {
    const { user } = renderCreateInvoice();
    await chooseOption(user, /Client$/, /^Ada Client/);
    const storefront = screen.getByRole('button', { name: /Storefront$/ });
    expect(storefront).toHaveTextContent('Nordic Keys, 2 orders');
    expect(storefront).toHaveAccessibleDescription('An invoice bills the orders of one storefront.');
    const rows = within(ordersGrid()).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['#41', '#42']);

    await pick(user, 41);
    await chooseOption(user, /Storefront$/, /^Pixel Wholesale/);
    expect(
      within(ordersGrid())
        .getAllByRole('rowheader')
        .map((row) => row.textContent),
    ).toEqual(['#43']);
    // A pick never carries over to another storefront.
    expect(total()).toHaveTextContent('Total for 0 orders: €0.00');
  });

  it('names the only storefront of a client without asking', async () => {
    const { user } = renderCreateInvoice();
    await chooseOption(user, /Client$/, /^Ben Buyer/);
    expect(screen.queryByRole('button', { name: /Storefront$/ })).not.toBeInTheDocument();
    expect(screen.getByText('Storefront', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Nordic Keys');
    expect(within(ordersGrid()).getByRole('rowheader')).toHaveTextContent('#44');
  });

  it('adds up the picked orders as they are picked', async () => {
    const { user } = renderCreateInvoice();
    await chooseOption(user, /Client$/, /^Ada Client/);
    expect(total()).toHaveTextContent('Total for 0 orders: €0.00');
    await pick(user, 41);
    expect(total()).toHaveTextContent('Total for 1 order: €125.00');
    await pick(user, 42);
    expect(total()).toHaveTextContent('Total for 2 orders: €205.50');
    await pick(user, 41);
    expect(total()).toHaveTextContent('Total for 1 order: €80.50');
  });

  it('issues today and is due in 30 days unless another day is chosen', async () => {
    renderCreateInvoice();
    expect(await screen.findByText('Issue date')).toBeInTheDocument();
    expect(screen.getByText('Issue date', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Today, 24/11/26');
    const field = screen.getByRole('group', { name: 'Due date: 24 December 2026' });
    const segments = within(field).getAllByRole('spinbutton');
    expect(segments.map((segment) => segment.textContent)).toEqual(['24', '12', '2026']);
  });

  it('asks for an order first, and sends nothing', async () => {
    const { user, server } = renderCreateInvoice();
    await chooseOption(user, /Client$/, /^Ada Client/);
    await user.click(createButton());
    expect(screen.getByText('Pick at least one order to invoice.')).toHaveAttribute('role', 'alert');
    expect(within(ordersGrid()).getByRole('checkbox', { name: 'Select #41' })).toHaveFocus();
    await pick(user, 41);
    expect(screen.queryByText('Pick at least one order to invoice.')).not.toBeInTheDocument();
    expect(server.callsTo(CREATE)).toHaveLength(0);
  });

  it('asks for a due date, today or later', async () => {
    const { user, server } = renderCreateInvoice();
    await chooseOption(user, /Client$/, /^Ada Client/);
    await pick(user, 41);
    await user.click(screen.getByRole('button', { name: 'Clear Due date' }));
    await user.click(createButton());
    dateHelp(dueDateField()).toHaveAccessibleDescription(expect.stringContaining('Enter a due date.'));
    expect(within(dueDateField()).getAllByRole('spinbutton')[0]).toHaveFocus();

    await typeDay(user, dueDateField(), '23', '11', '2026');
    dateHelp(dueDateField()).toHaveAccessibleDescription(
      expect.stringContaining('The due date cannot be in the past.'),
    );
    await user.click(createButton());
    expect(server.callsTo(CREATE)).toHaveLength(0);

    await typeDay(user, dueDateField(), '24', '11', '2026');
    dateHelp(dueDateField()).toHaveAccessibleDescription(
      expect.not.stringContaining('The due date cannot be in the past.'),
    );
  });

  it('creates the invoice, says so, and lets the billed orders leave the list', async () => {
    const ordersChanged = vi.fn();
    const invoicesChanged = vi.fn();
    const stops = [onDataChange('orders', ordersChanged), onDataChange('invoices', invoicesChanged)];
    let invoiced = false;
    const created = anInvoice({
      id: 9,
      number: 'INV-2026-0009',
      client: ada,
      seller: nordic,
      total: '205.50',
      due_date: '2026-12-24',
    });
    const { user, server } = renderCreateInvoice({
      routes: {
        [REVIEW_ORDERS]: (request) =>
          pagesOf(invoiced ? [adaPixel43, benNordic44] : [adaNordic41, adaNordic42, adaPixel43, benNordic44])(request),
        [CREATE]: () => {
          invoiced = true;
          return { status: 201, body: created };
        },
      },
    });
    await chooseOption(user, /Client$/, /^Ada Client/);
    await pick(user, 42);
    await pick(user, 41);
    await user.click(createButton());

    await waitFor(() =>
      expect(snackbar()).toHaveTextContent('Invoice INV-2026-0009 created for Ada Client: €205.50, due 24/12/26.'),
    );
    expect(server.callsTo(CREATE)[0]?.body).toEqual({ order_ids: [41, 42], due_date: '2026-12-24' });
    expect(ordersChanged).toHaveBeenCalled();
    expect(invoicesChanged).toHaveBeenCalled();
    // Ada's Nordic Keys orders are billed: her Pixel Wholesale order is what is left.
    await waitFor(() =>
      expect(
        within(ordersGrid())
          .getAllByRole('rowheader')
          .map((row) => row.textContent),
      ).toEqual(['#43']),
    );
    expect(total()).toHaveTextContent('Total for 0 orders: €0.00');
    for (const stop of stops) stop();
  });

  it("puts the server's refusals next to what they concern", async () => {
    const { user } = renderCreateInvoice({
      routes: {
        [CREATE]: {
          status: 400,
          body: { order_ids: ['Order 41 is already invoiced.'], due_date: ['The due date cannot be in the past.'] },
        },
      },
    });
    await chooseOption(user, /Client$/, /^Ada Client/);
    await pick(user, 41);
    await user.click(createButton());
    expect(await screen.findByText('Order 41 is already invoiced.')).toHaveAttribute('role', 'alert');
    dateHelp(dueDateField()).toHaveAccessibleDescription(
      expect.stringContaining('The due date cannot be in the past.'),
    );
  });

  it('shows any other refusal in the snackbar', async () => {
    const { user } = renderCreateInvoice({
      routes: { [CREATE]: { status: 403, body: { detail: 'You do not own these orders.' } } },
    });
    await chooseOption(user, /Client$/, /^Ben Buyer/);
    await pick(user, 44);
    await user.click(createButton());
    await waitFor(() => expect(snackbar()).toHaveTextContent('You do not own these orders.'));
  });

  it('says when there is nothing to invoice', async () => {
    renderCreateInvoice({ orders: [] });
    expect(await screen.findByText('No orders to invoice')).toBeInTheDocument();
  });
});

describe('CreateInvoicePage: issued invoices', { timeout: 20_000 }, () => {
  const unpaid = anInvoice({
    id: 5,
    number: 'INV-2026-0005',
    client: ada,
    seller: nordic,
    issued_at: '2026-11-10T09:30:00Z',
    due_date: '2026-12-10',
    total: '205.50',
  });
  const paid = anInvoice({
    id: 6,
    number: 'INV-2026-0006',
    client: ben,
    seller: pixel,
    payment_status: 'paid',
    payment_date: '2026-11-20',
  });
  const PAY = 'POST /api/v1/invoices/5/pay/';

  async function openMarkPaid(routes: Routes = {}) {
    const page = renderCreateInvoice({ invoices: [unpaid, paid], routes });
    const grid = await screen.findByRole('grid', { name: 'Issued invoices' });
    await within(grid).findByRole('row', { name: /INV-2026-0005/ });
    await page.user.click(within(grid).getByRole('button', { name: 'Mark INV-2026-0005 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark INV-2026-0005 paid' });
    return { ...page, grid, dialog };
  }

  it('lists the invoices newest first, to whom and from which storefront, with Mark paid on unpaid ones', async () => {
    const { server } = renderCreateInvoice({ invoices: [unpaid, paid] });
    const grid = await screen.findByRole('grid', { name: 'Issued invoices' });
    const row = await within(grid).findByRole('row', { name: /INV-2026-0005/ });
    expect(row).toHaveTextContent('Ada Client');
    expect(row).toHaveTextContent('Nordic Keys');
    expect(row).toHaveTextContent('€205.50');
    const paidRow = within(grid).getByRole('row', { name: /INV-2026-0006/ });
    expect(within(paidRow).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo(INVOICES)[0]?.query ?? [])).toEqual({
      ordering: '-issued_at',
      limit: '10',
      offset: '0',
    });
  });

  it('filters by payment status through the URL', async () => {
    const { user, server, location } = renderCreateInvoice({ invoices: [unpaid] });
    await screen.findByRole('row', { name: /INV-2026-0005/ });
    await chooseOption(user, /Payment status$/, 'Overdue');
    await waitFor(() => expect(server.callsTo(INVOICES).at(-1)?.query.get('paymentStatus')).toBe('overdue'));
    expect(location.history?.at(-1)).toBe('/seller/create-invoice?paymentStatus=overdue');
  });

  it('records a payment on today by default and reloads the invoices', async () => {
    const invoicesChanged = vi.fn();
    const stop = onDataChange('invoices', invoicesChanged);
    const { dialog, user, server } = await openMarkPaid({
      [PAY]: { body: { ...unpaid, payment_status: 'paid', payment_date: '2026-11-24' } },
    });
    expect(dialog).toHaveTextContent('Ada Client (Pixel Retail GmbH) owes €205.50, due 10/12/26. Issued 10/11/26.');
    const field = within(dialog).getByRole('group', { name: 'Payment date: 24 November 2026' });
    expect(
      within(field)
        .getAllByRole('spinbutton')
        .map((segment) => segment.textContent),
    ).toEqual(['24', '11', '2026']);
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    await waitFor(() => expect(snackbar()).toHaveTextContent('Invoice INV-2026-0005 marked as paid on 24/11/26.'));
    expect(server.callsTo(PAY)[0]?.body).toEqual({ payment_date: '2026-11-24' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invoicesChanged).toHaveBeenCalled();
    stop();
  });

  it('refuses a payment date before the issue day', async () => {
    const { dialog, user, server } = await openMarkPaid();
    const field = within(dialog).getByRole('group', { name: /^Payment date/ });
    await typeDay(user, field, '09', '11', '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    dateHelp(field).toHaveAccessibleDescription(
      expect.stringContaining('The payment date cannot be before the invoice was issued.'),
    );
    expect(server.callsTo(PAY)).toHaveLength(0);
  });

  it('shows a 409 in the dialog and reloads the list to show the invoice as it is', async () => {
    const { dialog, user, server } = await openMarkPaid({
      [PAY]: { status: 409, body: { detail: 'This invoice is already paid (2026-11-20).' } },
    });
    const before = server.callsTo(INVOICES).length;
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invoice is already paid (2026-11-20).');
    await waitFor(() => expect(server.callsTo(INVOICES).length).toBeGreaterThan(before));
  });
});
