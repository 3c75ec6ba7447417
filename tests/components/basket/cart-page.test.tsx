import { screen, waitFor, within } from '@testing-library/react';
import { basket } from '@/core/domain/basket';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { CartPage } from '@/features/basket/pages/cart-page';
import { type RenderPageOptions, renderPage } from '../../support/render';
import { answerAvailability, availability, fillBasket, serverCart } from './basket-fixtures';

function renderCart(options: RenderPageOptions = {}) {
  return renderPage(
    <OrderSubmissionProvider>
      <CartPage />
    </OrderSubmissionProvider>,
    { path: '/offers/order', routes: availability(), ...options },
  );
}

const lines = () => screen.getByRole('list', { name: 'Basket lines' });
const lineOf = (name: string) => {
  const line = within(lines())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name));
  if (!line) throw new Error(`No basket line for ${name}`);
  return line;
};

describe('CartPage', () => {
  it('shows an empty basket with a way to the offers', () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'My Cart' })).toBeInTheDocument();
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
  });

  it('lists the lines with their totals, Submit and Clear Basket', async () => {
    fillBasket();
    const { server } = renderCart();
    expect(lineOf('Starfall Odyssey')).toHaveTextContent('Ubisoft / Keys Direct / EU');
    expect(lineOf('Starfall Odyssey')).toHaveTextContent('Total €25.00');
    expect(screen.getByText('Total: €33.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Basket' })).toBeEnabled();
    await waitFor(() => expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('changes a quantity and removes a line', async () => {
    fillBasket();
    const { user } = renderCart();
    const quantity = within(lineOf('Starfall Odyssey')).getByRole('textbox', { name: 'Quantity of Starfall Odyssey' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.tab();
    expect(screen.getByText('Total: €58.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Cave Runner' }));
    expect(screen.getByText('Total: €50.00')).toBeInTheDocument();
    expect(basket.items().map((line) => [line.id, line.quantity])).toEqual([['101', 4]]);
  });

  it('clears the basket, with Undo in the snackbar', async () => {
    fillBasket();
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear Basket' }));
    expect(screen.getByText('Your basket is empty')).toBeInTheDocument();
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    expect(snackbar).toHaveTextContent('Basket cleared');
    await user.click(within(snackbar).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Total: €33.00')).toBeInTheDocument();
  });

  it('marks an ended offer, and once it is removed sends the rest', async () => {
    fillBasket();
    const { user } = renderCart({ routes: availability({ 102: { status: 'ended' } }) });
    const ended = lineOf('Cave Runner');
    expect(await within(ended).findByText(/Offer has ended/)).toBeInTheDocument();
    expect(screen.getByText(/One line is no longer available/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.click(within(ended).getByRole('button', { name: 'Remove Cave Runner' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('sends the basket and goes to My Orders', async () => {
    fillBasket();
    const { user, server, location } = renderCart({ routes: { ...availability(), ...serverCart() } });
    await waitFor(() => expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/inprogress'));
    expect(server.callsTo('POST /api/v1/cart/add/').map((call) => call.body)).toEqual([
      { offer_id: 101, quantity: 2 },
      { offer_id: 102, quantity: 1 },
    ]);
    expect(basket.items()).toEqual([]);
  });

  it('says when the offers could not be checked, and sends nothing unchecked', async () => {
    fillBasket();
    const down = { status: 503, body: { detail: 'Down for maintenance.' } };
    const { user, server } = renderCart({ routes: { 'POST /api/v1/offers/availability/': down } });
    expect(
      await screen.findByText('The service is briefly unavailable. Please try again in a moment.'),
    ).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(2));
    expect(screen.getByText('The service is briefly unavailable. Please try again in a moment.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(server.callsTo('POST /api/v1/cart/add/')).toHaveLength(0);
    expect(basket.items()).toHaveLength(2);
  });

  it('drops the problem of the check on opening once the check before sending answers', async () => {
    fillBasket();
    const answer = answerAvailability();
    let checks = 0;
    const refused = { status: 400, body: { detail: 'Checkout is closed today.' } };
    const { user } = renderCart({
      routes: {
        ...serverCart(),
        'POST /api/v1/offers/availability/': (request) => {
          checks += 1;
          return checks === 1 ? { status: 503, body: { detail: 'Down for maintenance.' } } : answer(request);
        },
        'POST /api/v1/cart/checkout/': refused,
      },
    });
    expect(
      await screen.findByText('The service is briefly unavailable. Please try again in a moment.'),
    ).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = screen.getByText(/^Total: /).parentElement as HTMLElement;
    await waitFor(() => expect(summary).toHaveTextContent('Checkout is closed today.'));
    expect(
      screen.queryByText('The service is briefly unavailable. Please try again in a moment.'),
    ).not.toBeInTheDocument();
  });

  it('keeps the basket as it was when the order fails', async () => {
    fillBasket();
    const refused = { status: 400, body: { detail: 'Checkout is closed today.' } };
    const { user, server } = renderCart({
      routes: { ...availability(), ...serverCart(), 'POST /api/v1/cart/checkout/': refused },
    });
    await waitFor(() => expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(snackbar).toHaveTextContent('Checkout is closed today.'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Cart' })).toBeInTheDocument();
    expect(basket.items().map((line) => [line.id, line.quantity])).toEqual([
      ['101', 2],
      ['102', 1],
    ]);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
