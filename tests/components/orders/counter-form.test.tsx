import { screen, waitFor, within } from '@testing-library/react';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { anOrder, anOrderLine, aProfile } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const COUNTER = 'POST /api/v1/orders/42/counter/';
const seller = aProfile({ permissions: ['add_offer'] });
const starfall = anOrderLine({
  id: 101,
  product: 'Starfall Tactics',
  unit_price: '9.50',
  list_unit_price: '12.50',
  total: '95.00',
});
const moonlit = anOrderLine({
  id: 102,
  product: 'Moonlit Harbor',
  unit_price: '20.00',
  list_unit_price: '20.00',
  quantity: 2,
  total: '40.00',
});
const order = anOrder({
  id: 42,
  negotiation: 'special_price_requested',
  lines: [starfall, moonlit],
  total: '135.00',
  item_count: 12,
});
const countered = anOrder({
  ...order,
  negotiation: 'counter_proposed',
  counter_note: 'Best we can do.',
  lines: [{ ...starfall, counter_unit_price: '11.00' }, moonlit],
});

/** Review Orders with order 42 open and its counter form opened from it. */
async function openCounterForm(routes: Routes = {}) {
  const page = renderPage(<ReviewOrdersPage />, {
    path: '/seller/review-orders/inprogress?order=42',
    signedIn: seller,
    routes: {
      'GET /api/v1/review-orders/': { body: { count: 1, next: null, previous: null, results: [order] } },
      'GET /api/v1/options/': { body: { publishers: [], regions: [], sellers: [] } },
      'GET /api/v1/orders/42/': { body: order },
      ...routes,
    },
  });
  const orderDialog = await screen.findByRole('dialog', { name: 'Order #42' });
  await page.user.click(await within(orderDialog).findByRole('button', { name: 'Counter-offer…' }));
  const form = screen.getByRole('dialog', { name: 'Counter-offer on order #42' });
  return { ...page, orderDialog, form };
}

const line = (form: HTMLElement, product: string) => within(form).getByRole('group', { name: new RegExp(product) });
const priceOf = (form: HTMLElement, product: string) =>
  within(line(form, product)).getByRole('textbox', { name: 'Unit price' });
const quantityOf = (form: HTMLElement, product: string) =>
  within(line(form, product)).getByRole('textbox', { name: 'Quantity' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

describe('The counter form', () => {
  it('starts from the current prices and quantities and asks for at least one change', async () => {
    const { form, user, server } = await openCounterForm();
    expect(priceOf(form, 'Starfall Tactics')).toHaveValue('9.50');
    expect(priceOf(form, 'Starfall Tactics')).toHaveAccessibleDescription(/Now €9.50/);
    expect(quantityOf(form, 'Moonlit Harbor')).toHaveValue('2');
    expect(within(form).getByText('Total €135.00 (unchanged)')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Change the unit price or the quantity of at least one line.',
    );
    expect(priceOf(form, 'Starfall Tactics')).toHaveFocus();
    expect(server.callsTo(COUNTER)).toHaveLength(0);

    // A change clears the message.
    await user.clear(quantityOf(form, 'Moonlit Harbor'));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks prices and quantities when they are left and on send', async () => {
    const { form, user, server } = await openCounterForm();
    await user.clear(priceOf(form, 'Starfall Tactics'));
    await user.type(priceOf(form, 'Starfall Tactics'), '0');
    await user.tab();
    expect(priceOf(form, 'Starfall Tactics')).toHaveAccessibleDescription(
      /Enter a price above zero, for example 9.50./,
    );
    await user.clear(quantityOf(form, 'Moonlit Harbor'));
    await user.type(quantityOf(form, 'Moonlit Harbor'), '200000');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(quantityOf(form, 'Moonlit Harbor')).toHaveAccessibleDescription(/Enter a quantity from 1 to 100,000./);
    expect(priceOf(form, 'Starfall Tactics')).toHaveFocus();
    expect(server.callsTo(COUNTER)).toHaveLength(0);
  });

  it('shows old → new per line and the new total, and sends only the changed lines and fields', async () => {
    const answer = deferred<Reply>();
    const { form, orderDialog, user, server } = await openCounterForm({ [COUNTER]: () => answer.promise });
    await user.clear(priceOf(form, 'Starfall Tactics'));
    await user.type(priceOf(form, 'Starfall Tactics'), '11');
    await user.tab();
    expect(priceOf(form, 'Starfall Tactics')).toHaveValue('11.00');
    // The arrow is for the eye; screen readers hear "to" instead.
    expect(line(form, 'Starfall Tactics')).toHaveTextContent('Unit price €9.50 → to €11.00');
    expect(line(form, 'Starfall Tactics')).toHaveTextContent('Line total €95.00 → to €110.00');
    expect(line(form, 'Moonlit Harbor')).toHaveTextContent('Unchanged');
    expect(within(form).getByText(/^Total/)).toHaveTextContent('Total €135.00 → to €150.00');
    await user.type(within(form).getByRole('textbox', { name: 'Note to the client' }), '  Best we can do.  ');

    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(server.callsTo(COUNTER).map((call) => call.body)).toEqual([
      { lines: [{ line_id: 101, unit_price: '11.00' }], note: 'Best we can do.' },
    ]);
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    answer.resolve({ body: countered });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Counter-offer on/ })).not.toBeInTheDocument());
    await waitFor(() => expect(snackbar()).toHaveTextContent('Counter-offer sent'));
    expect(within(orderDialog).getByText('Waiting for the client to answer the counter-offer')).toBeInTheDocument();
    // While the client answers, the seller may only cancel.
    expect(within(orderDialog).queryByRole('button', { name: 'Counter-offer…' })).not.toBeInTheDocument();
    expect(within(orderDialog).queryByRole('button', { name: 'Approve order' })).not.toBeInTheDocument();
  });

  it('sends a quantity alone, and puts the server’s messages on the line they name', async () => {
    const { form, user, server } = await openCounterForm({
      [COUNTER]: {
        status: 400,
        body: { 'lines.0.quantity': ['Ensure this value is less than or equal to 50.'], note: ['Too long.'] },
      },
    });
    await user.clear(quantityOf(form, 'Moonlit Harbor'));
    await user.type(quantityOf(form, 'Moonlit Harbor'), '60');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    expect(server.callsTo(COUNTER)[0]?.body).toEqual({ lines: [{ line_id: 102, quantity: 60 }] });

    // The server numbers the lines as sent: line 0 is Moonlit Harbor, the only one changed.
    await waitFor(() =>
      expect(quantityOf(form, 'Moonlit Harbor')).toHaveAccessibleDescription(
        /Ensure this value is less than or equal to 50./,
      ),
    );
    expect(quantityOf(form, 'Moonlit Harbor')).toHaveFocus();
    expect(quantityOf(form, 'Starfall Tactics')).not.toHaveAccessibleDescription(/Ensure/);
    expect(within(form).getByRole('textbox', { name: 'Note to the client' })).toHaveAccessibleDescription(/Too long./);
    // The field messages say what is wrong: no snackbar repeats the general refusal.
    expect(snackbar()).not.toHaveTextContent('Could not make a counter-offer on this order');
    expect(quantityOf(form, 'Moonlit Harbor')).toHaveValue('60');
  });

  it('shows a refusal without field messages in the snackbar and keeps the form', async () => {
    const { form, user } = await openCounterForm({
      [COUNTER]: { status: 403, body: { detail: 'Only the seller of this order can do this.' } },
    });
    await user.clear(priceOf(form, 'Starfall Tactics'));
    await user.type(priceOf(form, 'Starfall Tactics'), '10.5');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() =>
      expect(snackbar()).toHaveTextContent('You do not have permission to make a counter-offer on this order'),
    );
    expect(screen.getByRole('dialog', { name: 'Counter-offer on order #42' })).toBeInTheDocument();
    expect(priceOf(form, 'Starfall Tactics')).toHaveValue('10.50');
  });

  it('closes on a 409, showing the order as it now is', async () => {
    let reads = 0;
    const { form, orderDialog, user } = await openCounterForm({
      'GET /api/v1/orders/42/': () => ({
        body: reads++ === 0 ? order : { ...order, status: 'cancelled', cancelled_at: '2026-11-22T07:00:00Z' },
      }),
      [COUNTER]: { status: 409, body: { detail: 'This order is cancelled: it can no longer be changed.' } },
    });
    await user.clear(priceOf(form, 'Starfall Tactics'));
    await user.type(priceOf(form, 'Starfall Tactics'), '10');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('This order changed meanwhile'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Counter-offer on/ })).not.toBeInTheDocument());
    expect(within(orderDialog).getByText('Nothing left to do: the order is cancelled')).toBeInTheDocument();
  });
});
