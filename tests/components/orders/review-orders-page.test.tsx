import { getLocalTimeZone, today } from '@internationalized/date';
import { screen, waitFor, within } from '@testing-library/react';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { captureDownloads, csvRecordsOf } from '../../support/downloads';
import { anOrder, aProfile, type Order } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const LIST = 'GET /api/v1/review-orders/';
const READ = 'GET /api/v1/orders/42/';
const APPROVE = 'POST /api/v1/orders/42/approve/';
const CANCEL = 'POST /api/v1/orders/42/cancel/';
const seller = aProfile({
  email: 'sam@example.com',
  first_name: 'Sam',
  last_name: 'Seller',
  permissions: ['add_offer'],
});
const options = {
  publishers: [],
  regions: [{ id: 2, code: 'EU', name: 'Europe' }],
  sellers: [
    { id: 3, name: 'Nordic Keys', is_own: true },
    { id: 4, name: 'Arcade Supply', is_own: false },
    { id: 5, name: 'Pixel Wholesale', is_own: true },
  ],
};
const requested = anOrder({
  id: 42,
  negotiation: 'special_price_requested',
  client: { id: 7, name: 'Ada Client', company: 'Pixel Retail GmbH' },
  seller: { id: 3, name: 'Nordic Keys' },
  client_note: 'For a spring bundle',
});

function showReviewOrders(path: string, routes: Routes = {}) {
  return renderPage(<ReviewOrdersPage />, {
    path,
    signedIn: seller,
    routes: {
      [LIST]: { body: { count: 1, next: null, previous: null, results: [requested] } },
      'GET /api/v1/options/': { body: options },
      ...routes,
    },
  });
}

/** Review Orders with order 42 open, as `order` stands. */
async function openOrder(order: Order, routes: Routes = {}) {
  const page = showReviewOrders('/seller/review-orders/inprogress?order=42', { [READ]: { body: order }, ...routes });
  const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
  await within(dialog).findByRole('heading', { name: 'Next step' });
  return { ...page, dialog };
}

const downloads = captureDownloads();

const grid = () => screen.getByRole('grid', { name: /orders$/ });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });
const fact = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const moves = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => name !== '');

describe('Review Orders', { timeout: 20_000 }, () => {
  it('lists the orders of the status tab from review-orders, showing the client and storefront', async () => {
    const { server } = showReviewOrders('/seller/review-orders/inprogress?counterOffer=only&seller=3');
    const row = (await within(grid()).findByRole('rowheader', { name: '#42' })).closest('tr') as HTMLElement;
    expect(grid()).toHaveAccessibleName('In Progress orders');
    expect(within(row).getByText('Ada Client (Pixel Retail GmbH)')).toBeInTheDocument();
    expect(within(row).getByText('Nordic Keys')).toBeInTheDocument();
    expect(within(row).getByText('Special price to answer')).toBeInTheDocument();
    expect(within(grid()).getByRole('columnheader', { name: 'Client' })).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo(LIST)[0]?.query ?? [])).toEqual({
      status: 'in_progress',
      counterOffer: 'only',
      seller: '3',
      ordering: '-created_at',
      limit: '10',
      offset: '0',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Review Orders' })).toBeInTheDocument();
  });

  it('shows completed orders by default and filters by the seller’s own storefronts only', async () => {
    const { user, server } = showReviewOrders('/seller/review-orders');
    await within(grid()).findByRole('rowheader', { name: '#42' });
    expect(grid()).toHaveAccessibleName('Completed orders');
    expect(server.callsTo(LIST)[0]?.query.get('status')).toBe('completed');

    await user.click(screen.getByRole('button', { name: /Storefront/ }));
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['All storefronts', 'Nordic Keys', 'Pixel Wholesale']);
    await user.click(screen.getByRole('option', { name: 'Pixel Wholesale' }));
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(server.callsTo(LIST)[1]?.query.get('seller')).toBe('5');
  });

  it('exports the filtered set from review-orders, naming the client', async () => {
    const { user, server } = showReviewOrders('/seller/review-orders/inprogress?seller=3');
    await within(grid()).findByRole('rowheader', { name: '#42' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const pages = server.callsTo(LIST).filter((request) => request.query.get('limit') === '100');
    expect(pages.map((request) => Object.fromEntries(request.query))).toEqual([
      { status: 'in_progress', seller: '3', ordering: '-created_at', limit: '100', offset: '0' },
    ]);
    const [file] = downloads;
    expect(file?.name).toBe(`review-orders-${today(getLocalTimeZone()).toString()}.csv`);
    expect(await csvRecordsOf(file)).toEqual([
      'Order,Placed,Client,Company,Storefront,Items,Negotiation,Status,Total (EUR)',
      '42,2026-11-20T09:15:00Z,Ada Client,Pixel Retail GmbH,Nordic Keys,10,Special price to answer,In Progress,125.00',
    ]);
  });

  it('answers a special-price request: approve the requested price, counter or cancel', async () => {
    const { dialog } = await openOrder(requested);
    expect(moves(dialog)).toEqual(['Approve requested price', 'Counter-offer…', 'Cancel order']);
    expect(
      within(dialog).getByText(
        'The client asks for a special price: approve the order to accept the requested price, or make a counter-offer',
      ),
    ).toBeInTheDocument();
    expect(fact(dialog, 'Client')).toHaveTextContent('Ada Client (Pixel Retail GmbH)');
    expect(fact(dialog, 'Storefront')).toHaveTextContent('Nordic Keys');
    expect(fact(dialog, "Client's note")).toHaveTextContent('For a spring bundle');
  });

  it.each([
    [
      'an order without negotiation',
      anOrder({ negotiation: 'none' }),
      ['Approve order', 'Counter-offer…', 'Cancel order'],
    ],
    [
      'an accepted counter-offer',
      anOrder({ negotiation: 'counter_accepted' }),
      ['Approve order', 'Counter-offer…', 'Cancel order'],
    ],
    ['a counter-offer awaiting the client', anOrder({ negotiation: 'counter_proposed' }), ['Cancel order']],
    ['a completed order', anOrder({ status: 'completed', negotiation: 'counter_accepted' }), []],
    ['a cancelled order', anOrder({ status: 'cancelled' }), []],
  ])('offers the seller only the moves the table allows on %s', async (_, order, offered) => {
    const { dialog } = await openOrder(order);
    expect(moves(dialog)).toEqual(offered);
    // Nothing of the client's side.
    expect(within(dialog).queryByRole('button', { name: 'Accept counter-offer' })).not.toBeInTheDocument();
  });

  it('approves the order, then nothing is left to do', async () => {
    const answer = deferred<Reply>();
    const { dialog, user, server } = await openOrder(requested, { [APPROVE]: () => answer.promise });
    await user.click(within(dialog).getByRole('button', { name: 'Approve requested price' }));
    expect(server.callsTo(APPROVE)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeDisabled();

    answer.resolve({ body: { ...requested, status: 'completed', completed_at: '2026-11-22T08:00:00Z' } });
    await waitFor(() => expect(snackbar()).toHaveTextContent('Order approved'));
    expect(within(dialog).getByText('Nothing left to do: the order is completed')).toBeInTheDocument();
    expect(moves(dialog)).toEqual([]);
  });

  it('says so when approving is not allowed, and keeps the order', async () => {
    const { dialog, user } = await openOrder(requested, {
      [APPROVE]: { status: 403, body: { detail: 'Only the seller of this order can do this.' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Approve requested price' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('You do not have permission to approve this order'));
    expect(within(dialog).getByText('You do not have permission to approve this order')).toBeInTheDocument();
    expect(fact(dialog, 'Negotiation')).toHaveTextContent('Special price to answer');
  });

  it('cancels only after a confirmation, sending the reason given', async () => {
    const { dialog, user, server } = await openOrder(requested, {
      [CANCEL]: { body: { ...requested, status: 'cancelled', cancelled_at: '2026-11-22T08:00:00Z' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Cancel order #42?' });
    expect(confirm).toHaveTextContent('The order is cancelled for you and the client. This cannot be undone.');
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Sold out');
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.callsTo(CANCEL)).toHaveLength(0);

    // A new confirmation starts without the reason typed before.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    confirm = screen.getByRole('alertdialog', { name: 'Cancel order #42?' });
    const reason = within(confirm).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('');
    await user.type(reason, '  This product is out of stock.  ');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Order cancelled'));
    expect(server.callsTo(CANCEL).map((call) => call.body)).toEqual([{ reason: 'This product is out of stock.' }]);
    expect(within(dialog).getByText('Nothing left to do: the order is cancelled')).toBeInTheDocument();
  });

  it('cancels without a body field when no reason is given', async () => {
    const { dialog, user, server } = await openOrder(requested, {
      [CANCEL]: { body: { ...requested, status: 'cancelled', cancelled_at: '2026-11-22T08:00:00Z' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel order #42?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() => expect(server.callsTo(CANCEL)).toHaveLength(1));
    expect(server.callsTo(CANCEL)[0]?.body).toEqual({});
  });
});
