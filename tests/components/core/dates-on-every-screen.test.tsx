/**
 * One date convention (behaviour §5, §9): every screen that shows or takes a date, walked with dates
 * that read differently day first and month first (9 January 2027 at 17:20, 3 February 2027 at
 * 08:05). Tables say "09/01/27 at 17:20" (24-hour); pickers, date fields and their stand-ins say
 * "09/01/2027, 5:20 PM"; what shows a date is named in words ("Start: 9 January 2027, 5:20 PM").
 * Each screen's whole text is then searched for numeric dates: every one must be a day-first
 * writing of a date the screen was given, so a month-first "01/09/2027" anywhere fails.
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { SessionContext } from '@/core/session/session';
import { BillingPage } from '@/features/billing/pages/billing-page';
import { CreateInvoicePage } from '@/features/billing/pages/create-invoice-page';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { shownText } from '../../support/dates';
import { anInvoice, anOffer, anOrder, aProfile, someOptions } from '../../support/fixtures';
import { type Routes, renderPage } from '../../support/render';

/** Instants whose wall clock, in whatever zone the tests run, is 9 January 2027 17:20 and 3 February 2027 08:05. */
const JAN_9 = new Date(2027, 0, 9, 17, 20).toISOString();
const FEB_3 = new Date(2027, 1, 3, 8, 5).toISOString();
/** Every numeric date these fixtures may show, day first; anything else on a screen is a fault. */
const DAY_FIRST = ['09/01/27', '03/02/27', '09/01/2027', '03/02/2027'];

const page = (results: unknown[]) => ({ body: { count: results.length, next: null, previous: null, results } });
const seller = aProfile({ permissions: ['add_offer', 'change_offer', 'delete_offer'] });
const offer = anOffer({ id: 12, product: 'Moon Run', start: JAN_9, end: FEB_3, published_at: JAN_9 });
const order = anOrder({
  id: 42,
  created_at: JAN_9,
  history: [{ type: 'placed', by: 'Ada Lovelace', note: '', at: FEB_3 }],
});
const invoice = anInvoice({
  id: 5,
  number: 'INV-2027-0005',
  client: { id: 7, name: 'Ada Client' },
  issued_at: JAN_9,
  due_date: '2027-02-03',
  orders: [{ id: 42, created_at: FEB_3, total: '1250.00', regions: ['EU'] }],
});

/** The pages that read the session's profile render once it is in, as the app shell does. */
function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

function show(ui: React.ReactNode, path: string, routes: Routes, profile = aProfile()) {
  return renderPage(<SignedIn>{ui}</SignedIn>, {
    path,
    signedIn: profile,
    routes: { 'GET /api/v1/options/': { body: someOptions }, ...routes },
  });
}

/** The document's texts: each text node apart, but a date field's segments together. */
function texts() {
  const fields = screen
    .queryAllByRole('spinbutton', { hidden: true })
    .map((segment) => segment.closest('[role="group"]'))
    .filter((field, index, all): field is Element => field !== null && all.indexOf(field) === index);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const loose: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!fields.some((field) => field.contains(node))) loose.push(node.textContent ?? '');
  }
  return [...fields.map(shownText), ...loose];
}

/** Every numeric date in the document is one of `allowed` (day first). */
function expectOnlyDayFirst(allowed: readonly string[] = DAY_FIRST) {
  const found = texts().flatMap((text) => text.match(/\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g) ?? []);
  expect(found.length).toBeGreaterThan(0);
  expect(found.filter((date) => !allowed.includes(date))).toEqual([]);
}

/** A lazily loaded filter field before it is used: its text and its name. */
function expectTrigger(name: string, text: string) {
  expect(shownText(screen.getByRole('button', { name }))).toBe(text);
}

/** A picker or date field: named in words, showing the value day first. */
function expectField(name: string, text: string, scope: HTMLElement = document.body) {
  const field = within(scope).getByRole('group', { name });
  // The clear button's and calendar button's icons add no text.
  expect(shownText(field)).toBe(text);
  return field;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('every screen with a date reads it day first', { timeout: 60_000 }, () => {
  it('Offers: the Start and End columns and the validity range filter', async () => {
    const { user } = show(<OffersPage />, '/offers?start_date=2027-01-09&end_date=2027-02-03', {
      'GET /api/v1/offers/': page([offer]),
    });
    const row = (await screen.findByRole('rowheader', { name: /Moon Run/ }, { timeout: 10_000 })).closest('tr');
    expect(row).toHaveTextContent('09/01/27 at 17:20');
    expect(row).toHaveTextContent('03/02/27 at 08:05');
    expectTrigger('Valid between: 9 January 2027 to 3 February 2027', '09/01/2027 – 03/02/2027');
    expectOnlyDayFirst();

    // The real picker: a calendar of January and February, then the field itself.
    await user.click(screen.getByRole('button', { name: /^Valid between:/ }));
    const calendar = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(
      within(calendar)
        .getAllByRole('grid')
        .map((grid) => grid.getAttribute('aria-label')),
    ).toEqual([expect.stringMatching(/January 2027/), expect.stringMatching(/February 2027/)]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expectField('Valid between: 9 January 2027 to 3 February 2027', '09/01/2027–03/02/2027');
    expectOnlyDayFirst();
  });

  it('Manage Offers: the columns, the filters and the editing row, whose stand-ins read as their pickers', async () => {
    const { user } = show(
      <ManageOffersPage />,
      `/seller/manage-offers?valid_at=${encodeURIComponent(JAN_9)}&publishedDate=2027-01-09`,
      { 'GET /api/v1/manage-offers/': page([offer]) },
      seller,
    );
    const row = (await screen.findByRole('rowheader', { name: 'Moon Run' }, { timeout: 10_000 })).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('09/01/27 at 17:20'); // Start and Published
    expect(row).toHaveTextContent('03/02/27 at 08:05');
    expectTrigger('Valid at: 9 January 2027, 5:20 PM', '09/01/2027, 5:20 PM');
    expectTrigger('Published on: 9 January 2027', '09/01/2027');
    expectOnlyDayFirst();

    await user.click(within(row).getByRole('button', { name: 'Edit Moon Run' }));
    const start = await screen.findByRole('button', { name: 'Start: 9 January 2027, 5:20 PM' });
    expect(shownText(start)).toBe('09/01/2027, 5:20 PM');
    const end = screen.getByRole('button', { name: 'End: 3 February 2027, 8:05 AM' });
    expect(shownText(end)).toBe('03/02/2027, 8:05 AM');
    expectOnlyDayFirst();

    // Focus turns the stand-in into the picker: the same text and the same name.
    start.focus();
    const picker = await screen.findByRole('group', { name: 'Start: 9 January 2027, 5:20 PM' }, { timeout: 10_000 });
    expect(shownText(picker)).toBe('09/01/2027, 5:20 PM');
    const segments = within(picker).getAllByRole('spinbutton');
    expect(segments.map((segment) => segment.getAttribute('aria-label'))).toEqual(
      ['day', 'month', 'year', 'hour', 'minute', 'am/pm'].map((name) => `${name}, `),
    );
    // It takes the day first too: 3 typed into the first segment is the 3rd, of January.
    await user.click(segments[0] as HTMLElement);
    await user.keyboard('03');
    expect(await screen.findByRole('group', { name: 'Start: 3 January 2027, 5:20 PM' })).toBeInTheDocument();
  });

  it('My Orders: the Placed column, the date range filter and the order dialog', async () => {
    show(<OrdersPage />, '/orders/inprogress?startDate=2027-01-09&endDate=2027-02-03&order=42', {
      'GET /api/v1/orders/': page([order]),
      'GET /api/v1/orders/42/': { body: order },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('09/01/27 at 17:20'); // Placed
    expect(dialog).toHaveTextContent('03/02/27 at 08:05'); // its history
    const row = within(screen.getByRole('grid', { hidden: true })).getByRole('row', { name: /#42/, hidden: true });
    expect(row).toHaveTextContent('09/01/27 at 17:20');
    expect(
      screen.getByRole('button', { name: 'Placed between: 9 January 2027 to 3 February 2027', hidden: true }),
    ).toHaveTextContent('09/01/2027 – 03/02/2027');
    expectOnlyDayFirst();
  });

  it('Review Orders: the Placed column and the date range filter', async () => {
    show(<ReviewOrdersPage />, '/seller/review-orders/inprogress?startDate=2027-01-09&endDate=2027-02-03', {
      'GET /api/v1/review-orders/': page([order]),
    });
    const row = (await screen.findByRole('rowheader', { name: '#42' }, { timeout: 10_000 })).closest('tr');
    expect(row).toHaveTextContent('09/01/27 at 17:20');
    expectTrigger('Placed between: 9 January 2027 to 3 February 2027', '09/01/2027 – 03/02/2027');
    expectOnlyDayFirst();
  });

  it('Billing: the date columns, the due and payment date filters and the invoice dialog', async () => {
    const paid = anInvoice({
      id: 6,
      number: 'INV-2027-0006',
      issued_at: FEB_3,
      due_date: '2027-02-03',
      payment_date: '2027-01-09',
    });
    show(<BillingPage />, '/billing?dueDate=2027-02-03&paymentDate=2027-01-09&invoice=5', {
      'GET /api/v1/invoices/': page([invoice, paid]),
      'GET /api/v1/invoices/5/': { body: invoice },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2027-0005' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Issued09/01/27 at 17:20');
    expect(dialog).toHaveTextContent('Due date03/02/27');
    expect(within(dialog).getByRole('row', { name: /#42/ })).toHaveTextContent('03/02/27 at 08:05');
    const row = screen.getByRole('row', { name: /INV-2027-0006/, hidden: true });
    expect(row).toHaveTextContent('03/02/27 at 08:05'); // issued
    expect(row).toHaveTextContent('09/01/27'); // paid
    expect(screen.getByRole('button', { name: 'Due date: 3 February 2027', hidden: true })).toHaveTextContent(
      '03/02/2027',
    );
    expect(screen.getByRole('button', { name: 'Payment date: 9 January 2027', hidden: true })).toHaveTextContent(
      '09/01/2027',
    );
    expectOnlyDayFirst();
  });

  it('Create Invoice: the orders, the issue and due dates, the issued invoices and Mark paid', async () => {
    // Today is 9 January 2027; the due date is 30 days on, 8 February.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 9, 10, 0));
    const completed = anOrder({
      id: 41,
      status: 'completed',
      client: { id: 7, name: 'Ada Client' },
      seller: { id: 3, name: 'Nordic Keys' },
      created_at: JAN_9,
      completed_at: FEB_3,
    });
    const { user } = show(
      <CreateInvoicePage />,
      '/seller/create-invoice',
      { 'GET /api/v1/review-orders/': page([completed]), 'GET /api/v1/invoices/': page([invoice]) },
      seller,
    );
    const issued = await screen.findByRole('grid', { name: 'Issued invoices' }, { timeout: 10_000 });
    const row = await within(issued).findByRole('row', { name: /INV-2027-0005/ });
    expect(row).toHaveTextContent('09/01/27 at 17:20');
    expect(row).toHaveTextContent('03/02/27');
    expect(screen.getByText('Issue date', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Today, 09/01/27');
    const due = expectField('Due date: 8 February 2027', '08/02/2027');
    expectOnlyDayFirst([...DAY_FIRST, '08/02/2027']);

    // A due date typed day first.
    await user.click(within(due).getAllByRole('spinbutton')[0] as HTMLElement);
    await user.keyboard('03022027');
    expectField('Due date: 3 February 2027', '03/02/2027');

    await user.click(await screen.findByRole('button', { name: /Client$/ }));
    await user.click(await screen.findByRole('option', { name: /^Ada Client/ }));
    const orders = screen.getByRole('grid', { name: 'Orders to invoice' });
    expect(within(orders).getByRole('row', { name: /#41/ })).toHaveTextContent('09/01/27 at 17:20');

    await user.click(within(issued).getByRole('button', { name: 'Mark INV-2027-0005 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark INV-2027-0005 paid' });
    expect(dialog).toHaveTextContent('due 03/02/27. Issued 09/01/27.');
    expectField('Payment date: 9 January 2027', '09/01/2027', dialog);
    expectOnlyDayFirst();
  });
});
