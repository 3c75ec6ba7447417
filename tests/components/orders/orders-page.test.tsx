import { screen, waitFor, within } from '@testing-library/react';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { formatDateTime } from '@/lib/dates';
import { anOrder, aProfile } from '../../support/fixtures';
import { type Routes, renderPage } from '../../support/render';

const LIST = 'GET /api/v1/orders/';
const options = {
  publishers: [],
  regions: [{ id: 2, code: 'EU', name: 'Europe' }],
  sellers: [
    { id: 3, name: 'Pixel Traders', is_own: false },
    { id: 4, name: 'Quartz Market', is_own: false },
  ],
};
const countered = anOrder({ id: 42, negotiation: 'counter_proposed', total: '1250.00', item_count: 100 });
const plain = anOrder({ id: 43, created_at: '2026-11-18T16:40:00Z', seller: { id: 4, name: 'Quartz Market' } });

function showOrders(path: string, routes: Routes = {}) {
  return renderPage(<OrdersPage />, {
    path,
    signedIn: aProfile(),
    routes: {
      [LIST]: { body: { count: 12, next: null, previous: null, results: [countered, plain] } },
      'GET /api/v1/options/': { body: options },
      ...routes,
    },
  });
}

const grid = () => screen.getByRole('grid', { name: /orders$/ });

describe('My Orders', () => {
  it('lists the orders of the view in the URL', async () => {
    const { server } = showOrders(
      '/orders/inprogress?search=star&seller=3&region=2&counterOffer=only&startDate=2026-11-01&endDate=2026-11-30&ordering=total&page=2',
    );
    const row = (await within(grid()).findByRole('rowheader', { name: '#42' })).closest('tr') as HTMLElement;
    expect(grid()).toHaveAccessibleName('In Progress orders');
    expect(within(row).getByText(formatDateTime(countered.created_at))).toBeInTheDocument();
    expect(within(row).getByText('Pixel Traders')).toBeInTheDocument();
    expect(within(row).getByText('100')).toBeInTheDocument();
    expect(within(row).getByText('Counter-offer to answer')).toBeInTheDocument();
    expect(within(row).getByText('€1,250.00')).toBeInTheDocument();
    expect(within(grid()).getByRole('rowheader', { name: '#43' })).toBeInTheDocument();

    const query = Object.fromEntries(server.callsTo(LIST)[0]?.query ?? []);
    expect(query).toEqual({
      status: 'in_progress',
      search: 'star',
      seller: '3',
      region: '2',
      counterOffer: 'only',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      ordering: 'total',
      limit: '10',
      offset: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('star');
  });

  it('shows completed orders newest first by default, and drops bad values in the URL', async () => {
    const { server } = showOrders('/orders?seller=abc&ordering=price&startDate=2026-13-45&page=0');
    await within(grid()).findByRole('rowheader', { name: '#42' });
    expect(Object.fromEntries(server.callsTo(LIST)[0]?.query ?? [])).toEqual({
      status: 'completed',
      ordering: '-created_at',
      limit: '10',
      offset: '0',
    });
  });

  it('writes a filter to the URL and reads the list again from the first page', async () => {
    const { user, server, location } = showOrders('/orders/completed?page=2');
    await within(grid()).findByRole('rowheader', { name: '#42' });
    await user.click(screen.getByRole('button', { name: /Counter-offers/ }));
    await user.click(await screen.findByRole('option', { name: 'Counter-offers only' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/completed?counterOffer=only'));
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(server.callsTo(LIST)[1]?.query.get('counterOffer')).toBe('only');
    expect(server.callsTo(LIST)[1]?.query.get('offset')).toBe('0');
  });

  it('sends the search once the typing pauses', async () => {
    const { user, server, location } = showOrders('/orders/cancelled');
    await within(grid()).findByRole('rowheader', { name: '#42' });
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'Starfall');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/cancelled?search=Starfall'));
    // One new view for the whole word, not one per keystroke.
    expect(location.history?.filter((entry) => entry.includes('search='))).toEqual([
      '/orders/cancelled?search=Starfall',
    ]);
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(server.callsTo(LIST)[1]?.query.get('search')).toBe('Starfall');
  });

  it('opens an order from its number, in a dialog named by the URL, and closes it again', async () => {
    const { user, location, server } = showOrders('/orders/inprogress?seller=3', {
      'GET /api/v1/orders/42/': { body: countered },
    });
    await user.click(await within(grid()).findByRole('link', { name: '#42' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/inprogress?seller=3&order=42'));
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
    expect(await within(dialog).findByText('Waiting for you to answer the counter-offer')).toBeInTheDocument();
    // Opening an order reads no list again.
    expect(server.callsTo(LIST)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/inprogress?seller=3'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads the list again once after a 503’s Retry-After, then says the service is briefly unavailable', async () => {
    const unavailable = {
      status: 503,
      body: { detail: 'The database does not answer.', code: 'service_unavailable' },
      headers: { 'Retry-After': '1' },
    };
    const { user, server } = showOrders('/orders', { [LIST]: unavailable });
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.callsTo(LIST)).toHaveLength(1);
    expect(screen.queryByText(/briefly unavailable/)).not.toBeInTheDocument();

    const message = await screen.findByText(
      'The service is briefly unavailable. Please try again in a moment.',
      {},
      { timeout: 3000 },
    );
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toHaveTextContent(/503|database/);
    expect(server.callsTo(LIST)).toHaveLength(2);

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(3));
  }, 10_000);

  it('shows the list when its one retry after a 503 succeeds', async () => {
    let calls = 0;
    const { server } = showOrders('/orders', {
      [LIST]: () =>
        ++calls === 1
          ? { status: 503, body: { detail: 'Away.', code: 'service_unavailable' }, headers: { 'Retry-After': '0' } }
          : { body: { count: 1, next: null, previous: null, results: [plain] } },
    });
    expect(await within(grid()).findByRole('rowheader', { name: '#43' })).toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(2);
    expect(screen.queryByText(/briefly unavailable/)).not.toBeInTheDocument();
  });
});
