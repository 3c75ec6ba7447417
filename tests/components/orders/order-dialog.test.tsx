import { screen, waitFor, within } from '@testing-library/react';
import { onDataChange } from '@/core/data-events';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { formatDateTime } from '@/lib/dates';
import { anOrder, anOrderLine, aProfile } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const READ = 'GET /api/v1/orders/42/';
const RESPOND = 'POST /api/v1/orders/42/counter/response/';
const CANCEL = 'POST /api/v1/orders/42/cancel/';

const countered = anOrder({
  id: 42,
  negotiation: 'counter_proposed',
  client_note: 'For a spring bundle',
  counter_note: 'Our best price for this quantity.',
  lines: [
    anOrderLine({ unit_price: '9.50', list_unit_price: '12.50', counter_unit_price: '11.00', counter_quantity: 8 }),
    anOrderLine({ id: 102, product: 'Moonlit Harbor', unit_price: '20.00', list_unit_price: '20.00', quantity: 2 }),
  ],
  history: [
    { type: 'special_price_requested', by: 'Ada Lovelace', note: 'For a spring bundle', at: '2026-11-20T09:15:00Z' },
    {
      type: 'counter_proposed',
      by: 'Sam Seller',
      note: 'Our best price for this quantity.',
      at: '2026-11-21T14:30:00Z',
    },
  ],
});
const accepted = {
  ...countered,
  negotiation: 'counter_accepted' as const,
  history: [
    ...countered.history,
    { type: 'counter_accepted' as const, by: 'Ada Lovelace', note: '', at: '2026-11-22T08:00:00Z' },
  ],
};

function openOrder(routes: Routes) {
  const page = renderPage(<OrdersPage />, {
    path: '/orders/inprogress?order=42',
    signedIn: aProfile(),
    routes: {
      'GET /api/v1/orders/': { body: { count: 1, next: null, previous: null, results: [countered] } },
      'GET /api/v1/options/': { body: { publishers: [], regions: [], sellers: [] } },
      [READ]: { body: countered },
      ...routes,
    },
  });
  return { ...page, dialog: () => screen.getByRole('dialog', { name: 'Order #42' }) };
}

/** The snackbar stays in the top layer, so it is announced while the order's modal is open. */
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });
/** The dialog announces nothing itself: what the snackbar says is not said twice. */
const expectNoLiveRegion = (dialog: HTMLElement) => {
  expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
};

const fact = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('An opened order', () => {
  it('shows its lines side by side, with changes in words, its notes and its history', async () => {
    const { dialog } = openOrder({});
    const lines = await within(await screen.findByRole('dialog', { name: 'Order #42' })).findByRole('table', {
      name: 'Lines',
    });
    const first = within(lines).getByRole('row', { name: /Starfall Tactics/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '€12.50',
      '€9.50€3.00 below list price',
      '€11.00€1.50 above agreed price',
      '10',
      '82 fewer than quantity',
      '€125.00',
    ]);
    const second = within(lines).getByRole('row', { name: /Moonlit Harbor/ });
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€20.00', '€20.00', 'unchanged', '2', 'unchanged', '€125.00']);
    expect(within(lines).getByRole('row', { name: /Total with the counter-offer/ })).toHaveTextContent('€128.00');

    expect(fact(dialog(), 'Your note')).toHaveTextContent('For a spring bundle');
    expect(fact(dialog(), "Seller's note")).toHaveTextContent('Our best price for this quantity.');
    expect(fact(dialog(), 'Negotiation')).toHaveTextContent('Counter-offer to answer');
    const history = within(dialog()).getByRole('list');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Ada Lovelace asked for a special price${formatDateTime('2026-11-20T09:15:00Z')}For a spring bundle`,
      `Sam Seller proposed a counter-offer${formatDateTime('2026-11-21T14:30:00Z')}Our best price for this quantity.`,
    ]);
    expect(within(dialog()).getByText('Waiting for you to answer the counter-offer')).toBeInTheDocument();
  });

  it('accepts the counter-offer, shows the answer and reloads the order lists', async () => {
    const answer = deferred<Reply>();
    const ordersChanged = vi.fn();
    const stop = onDataChange('orders', ordersChanged);
    const { dialog, user, server } = openOrder({ [RESPOND]: () => answer.promise });
    const accept = await within(await screen.findByRole('dialog', { name: 'Order #42' })).findByRole('button', {
      name: 'Accept counter-offer',
    });
    await user.click(accept);
    expect(server.callsTo(RESPOND)[0]?.body).toEqual({ accept: true });
    // While the answer is on its way no other move is offered.
    expect(within(dialog()).getByRole('button', { name: 'Cancel order' })).toBeDisabled();

    answer.resolve({ body: accepted });
    await waitFor(() => expect(fact(dialog(), 'Negotiation')).toHaveTextContent('Counter-offer accepted'));
    expect(within(dialog()).getByText('Waiting for the seller')).toBeInTheDocument();
    // Answered: there is no counter-offer left to accept or decline.
    expect(within(dialog()).queryByRole('button', { name: 'Accept counter-offer' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(within(dialog()).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Ada Lovelace accepted the counter-offer',
    );
    await waitFor(() => expect(snackbar()).toHaveTextContent('Counter-offer accepted'));
    // The pressed button is gone: focus moves to what happens next instead of falling out of the dialog.
    await waitFor(() => expect(within(dialog()).getByRole('heading', { name: 'Next step' })).toHaveFocus());
    expectNoLiveRegion(dialog());
    expect(ordersChanged).toHaveBeenCalledOnce();
    expect(server.callsTo(RESPOND)).toHaveLength(1);
    stop();
  });

  it('shows "This order changed meanwhile" with the order as it now is after a 409', async () => {
    const fresh = anOrder({ ...countered, status: 'cancelled', cancelled_at: '2026-11-22T07:00:00Z' });
    let reads = 0;
    const { dialog, user, server } = openOrder({
      [READ]: () => ({ body: reads++ === 0 ? countered : fresh }),
      [RESPOND]: { status: 409, body: { detail: 'This order is cancelled: it can no longer be changed.' } },
    });
    await user.click(
      await within(await screen.findByRole('dialog', { name: 'Order #42' })).findByRole('button', {
        name: 'Accept counter-offer',
      }),
    );
    await waitFor(() => expect(snackbar()).toHaveTextContent('This order changed meanwhile'));
    expect(server.callsTo(READ)).toHaveLength(2);
    // The fresh order says so beside itself, in visible text only.
    expect(within(dialog()).getByText('This order changed meanwhile')).toBeInTheDocument();
    expect(within(dialog()).getByText('Nothing left to do: the order is cancelled')).toBeInTheDocument();
    expectNoLiveRegion(dialog());
    expect(within(dialog()).queryByRole('button', { name: 'Accept counter-offer' })).not.toBeInTheDocument();
  });

  it('cancels only after a confirmation, and says when that is not allowed', async () => {
    const { dialog, user, server } = openOrder({
      [CANCEL]: { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
    });
    await user.click(
      await within(await screen.findByRole('dialog', { name: 'Order #42' })).findByRole('button', {
        name: 'Cancel order',
      }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel order #42?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.callsTo(CANCEL)).toHaveLength(0);

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel order #42?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() => expect(snackbar()).toHaveTextContent('You do not have permission to cancel this order'));
    expect(within(dialog()).getByText('You do not have permission to cancel this order')).toBeInTheDocument();
    expectNoLiveRegion(dialog());
    expect(server.callsTo(CANCEL)).toHaveLength(1);
    expect(fact(dialog(), 'Negotiation')).toHaveTextContent('Counter-offer to answer');
  });
});
