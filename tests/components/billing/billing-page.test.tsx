import { act, screen, waitFor, within } from '@testing-library/react';
import { BillingPage } from '@/features/billing/pages/billing-page';
import { anInvoice, aProfile, type Invoice } from '../../support/fixtures';
import { type RenderPageOptions, renderPage } from '../../support/render';
import { billingRoutes, INVOICES, someInvoices } from './billing-fixtures';

const overdue = anInvoice({ id: 1, number: 'INV-2026-0001', payment_status: 'overdue', total: '1250.00' });
const paid = anInvoice({
  id: 2,
  number: 'INV-2026-0002',
  payment_status: 'paid',
  payment_date: '2026-11-20',
  seller: { id: 5, name: 'Pixel Traders' },
  total: '80.00',
});

function renderBilling(options: RenderPageOptions & { invoices?: Invoice[] } = {}) {
  const { invoices = [overdue, paid], ...rest } = options;
  const page = renderPage(<BillingPage />, {
    path: '/billing',
    signedIn: aProfile(),
    ...rest,
    routes: { ...billingRoutes(invoices), ...rest.routes },
  });
  const lastQuery = () => Object.fromEntries(page.server.callsTo(INVOICES).at(-1)?.query ?? []);
  const url = () => page.location.history?.at(-1) ?? '';
  return { ...page, lastQuery, url };
}

const grid = () => screen.getByRole('grid', { name: 'Invoices' });
const rowOf = (number: string) => within(grid()).getByRole('row', { name: new RegExp(number) });

describe('BillingPage', () => {
  it('lists the invoices due last first, with their columns', async () => {
    const { lastQuery } = renderBilling();
    const row = await screen.findByRole('row', { name: /INV-2026-0002/ });
    expect(lastQuery()).toEqual({ ordering: '-due_date', limit: '10', offset: '0' });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('INV-2026-0002');
    expect(row).toHaveTextContent('Pixel Traders');
    expect(row).toHaveTextContent('02/12/26');
    expect(row).toHaveTextContent('20/11/26');
    expect(row).toHaveTextContent('Issued');
    expect(row).toHaveTextContent('€80.00');
    expect(within(grid()).getByRole('columnheader', { name: /Due date/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads the list and the filter options once, also under StrictMode', async () => {
    const { server } = renderBilling({ strict: true });
    await screen.findByRole('row', { name: /INV-2026-0001/ });
    expect(server.callsTo(INVOICES)).toHaveLength(1);
    expect(server.callsTo('GET /api/v1/options/')).toHaveLength(1);
  });

  it('marks an overdue invoice in words and with an icon, not by colour alone', async () => {
    renderBilling();
    const row = await screen.findByRole('row', { name: /INV-2026-0001/ });
    const status = within(row).getByText('Overdue');
    expect(status.querySelector('svg')).not.toBeNull();
    expect(within(row).getByText('Not paid')).toBeInTheDocument();
    expect(within(rowOf('INV-2026-0002')).getByText('Paid')).toBeInTheDocument();
    expect(within(rowOf('INV-2026-0002')).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('sends the filters, ordering and page of the URL with the list request', async () => {
    const { lastQuery } = renderBilling({
      path: '/billing?search=nordic&dueDate=2026-12-02&paymentDate=2026-11-20&status=issued&seller=3&region=2&paymentStatus=overdue&ordering=total&page=2',
      invoices: someInvoices(25),
    });
    await screen.findByRole('row', { name: /INV-2026-0011/ });
    expect(lastQuery()).toEqual({
      search: 'nordic',
      dueDate: '2026-12-02',
      paymentDate: '2026-11-20',
      status: 'issued',
      seller: '3',
      region: '2',
      paymentStatus: 'overdue',
      ordering: 'total',
      limit: '10',
      offset: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('nordic');
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('Issued');
    await waitFor(() => expect(screen.getByRole('button', { name: /Seller/ })).toHaveTextContent('Nordic Keys'));
    expect(screen.getByRole('button', { name: /Region/ })).toHaveTextContent('Europe');
  });

  it('drops bad values in the URL and keeps the good ones', async () => {
    const { lastQuery } = renderBilling({
      path: '/billing?status=lost&seller=abc&dueDate=2026-02-30&paymentStatus=late&ordering=price&region=4',
    });
    await screen.findByRole('row', { name: /INV-2026-0001/ });
    expect(lastQuery()).toEqual({ ordering: '-due_date', limit: '10', offset: '0', region: '4' });
  });

  it('puts a chosen filter in the URL and reads the first page for it', async () => {
    const { user, lastQuery, url } = renderBilling({ path: '/billing?page=2', invoices: someInvoices(25) });
    await screen.findByRole('row', { name: /INV-2026-0011/ });
    await user.click(screen.getByRole('button', { name: /Payment status/ }));
    await user.click(screen.getByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ paymentStatus: 'overdue', offset: '0' }));
    expect(url()).toBe('/billing?paymentStatus=overdue');
  });

  it('searches once the typing pauses, not per keystroke', async () => {
    const { user, server, lastQuery, url } = renderBilling();
    await screen.findByRole('row', { name: /INV-2026-0001/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'nordic');
    await waitFor(() => expect(lastQuery().search).toBe('nordic'));
    expect(server.callsTo(INVOICES)).toHaveLength(2);
    expect(url()).toBe('/billing?search=nordic');
  });

  it('sorts by a column header into the URL', async () => {
    const { user, lastQuery, url } = renderBilling();
    await screen.findByRole('row', { name: /INV-2026-0001/ });
    await user.click(within(grid()).getByRole('columnheader', { name: /Total/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('total'));
    expect(url()).toBe('/billing?ordering=total');
  });

  it('offers a way back to all invoices when none match the filters', async () => {
    const { user, url } = renderBilling({ path: '/billing?status=cancelled', invoices: [] });
    expect(await screen.findByText('No invoices match these filters')).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    await user.click(resets[resets.length - 1] as HTMLElement);
    await waitFor(() => expect(url()).toBe('/billing'));
  });
});

describe('the invoice dialog', () => {
  const opened = anInvoice({
    id: 5,
    number: 'INV-2026-0005',
    payment_status: 'overdue',
    total: '1250.00',
    orders: [
      { id: 41, created_at: '2026-10-30T08:00:00Z', total: '1000.00', regions: ['EU', 'NA'] },
      { id: 42, created_at: '2026-10-31T08:00:00Z', total: '250.00', regions: ['EU'] },
    ],
  });
  const withInvoice = { 'GET /api/v1/invoices/5/': { body: opened } };

  it('opens from the URL with the invoice orders, totals, dates and status', async () => {
    const { lastQuery } = renderBilling({ path: '/billing?invoice=5', routes: withInvoice });
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-0005' });
    const orders = within(dialog).getByRole('table', { name: 'Orders' });
    const first = within(orders).getByRole('row', { name: /#41/ });
    expect(first).toHaveTextContent('EU, NA');
    expect(first).toHaveTextContent('€1,000.00');
    expect(within(orders).getByRole('row', { name: /#42/ })).toHaveTextContent('€250.00');
    expect(within(orders).getByRole('row', { name: /Invoice total/ })).toHaveTextContent(
      'Invoice total (2 orders)€1,250.00',
    );
    expect(dialog).toHaveTextContent('Due date02/12/26');
    expect(dialog).toHaveTextContent('Payment dateNot paid');
    expect(within(dialog).getByText('Overdue')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('StatusIssued');
    expect(lastQuery()).not.toHaveProperty('invoice');
  });

  it('opens from the invoice number and closes with Escape, keeping the list view', async () => {
    const { user, url } = renderBilling({
      path: '/billing?status=issued',
      invoices: [opened, paid],
      routes: withInvoice,
    });
    await user.click(await screen.findByRole('link', { name: 'INV-2026-0005' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-2026-0005' })).toBeInTheDocument();
    expect(url()).toBe('/billing?status=issued&invoice=5');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(url()).toBe('/billing?status=issued');
  });

  it('opens with Enter on the row header', async () => {
    const { user } = renderBilling({ invoices: [opened], routes: withInvoice });
    const header = within(await screen.findByRole('row', { name: /INV-2026-0005/ })).getByRole('rowheader');
    act(() => header.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-2026-0005' })).toBeInTheDocument();
  });

  it('shows why an invoice could not be read, with a way to try again', async () => {
    let calls = 0;
    const { user } = renderBilling({
      path: '/billing?invoice=5',
      routes: {
        'GET /api/v1/invoices/5/': () => {
          calls += 1;
          return calls === 1 ? { status: 404, body: { detail: 'Not found.' } } : { body: opened };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Invoice' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not found.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-2026-0005' })).toBeInTheDocument();
  });
});
