import { act, screen, waitFor, within } from '@testing-library/react';
import { basket } from '@/core/domain/basket';
import { BasketButton } from '@/features/basket/components/basket-button';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { popupBasket } from '@/lib/preferences';
import { aBasketItem } from '../../support/basket';
import { deferred, type RenderPageOptions, type Reply, type Routes, renderPage } from '../../support/render';
import { answerAvailability, availability, fillBasket, serverCart } from './basket-fixtures';

function renderButton(options: RenderPageOptions = {}) {
  return renderPage(
    <OrderSubmissionProvider>
      <BasketButton />
    </OrderSubmissionProvider>,
    { path: '/offers', routes: availability(), ...options },
  );
}

const basketButton = () => screen.getByRole('button', { name: /^Basket,/ });
const popover = () => screen.getByRole('dialog');
const lineOf = (name: string) => {
  const line = within(popover())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name));
  if (!line) throw new Error(`No basket line for ${name}`);
  return line;
};

async function openBasket(options: RenderPageOptions = {}) {
  const rendered = renderButton(options);
  await rendered.user.click(basketButton());
  await screen.findByRole('dialog');
  // The popover's content loads on the first opening.
  await waitFor(() => expect(within(popover()).queryByText('Loading the basket…')).not.toBeInTheDocument());
  return rendered;
}

describe('BasketButton', () => {
  it('names the count and total, and shows them in its tooltip', async () => {
    fillBasket();
    const { user } = renderButton();
    expect(basketButton()).toHaveAccessibleName('Basket, 2 positions, total €33.00');
    expect(basketButton()).toHaveTextContent('2');

    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Basket (2 positions) - €33.00');
  });

  it('shows its tooltip on the first hover, and keeps it while the pointer rests there', async () => {
    fillBasket();
    const { user } = renderButton();
    // Typing comes first (or nothing has happened yet, after a reload): the first hover still shows it.
    await user.keyboard('a');
    await user.hover(basketButton());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Basket (2 positions) - €33.00');

    // Focus comes to the button and moves on (a popover closing, then the next page's heading).
    act(() => basketButton().focus());
    act(() => basketButton().blur());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();

    await user.unhover(basketButton());
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('follows the basket as it changes', async () => {
    renderButton();
    expect(basketButton()).toHaveAccessibleName('Basket, 0 positions, total €0.00');
    basket.add(aBasketItem(7, { price: 2.5, quantity: 4 }));
    await waitFor(() => expect(basketButton()).toHaveAccessibleName('Basket, 1 position, total €10.00'));
  });

  it('goes to My Cart when the popup basket is off', async () => {
    popupBasket.write(false);
    fillBasket();
    const { user, location } = renderButton();
    await user.click(basketButton());
    expect(location.history?.at(-1)).toBe('/offers/order');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the basket popover', () => {
  it('says so when the basket is empty', async () => {
    await openBasket();
    expect(popover()).toHaveAccessibleName('Your basket is empty');
    expect(within(popover()).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('lists each line with its details, and the total', async () => {
    fillBasket();
    await openBasket();
    expect(popover()).toHaveAccessibleName('Basket Items');
    const line = lineOf('Starfall Odyssey');
    expect(line).toHaveTextContent('Hot');
    expect(line).toHaveTextContent('Ubisoft / Keys Direct / EU');
    expect(line).toHaveTextContent('Unit price €12.50');
    expect(line).toHaveTextContent('Total €25.00');
    expect(within(line).getByRole('textbox', { name: 'Quantity of Starfall Odyssey' })).toHaveValue('2');
    expect(lineOf('Cave Runner')).toHaveTextContent('Sega / Game Vault / US');
    expect(within(popover()).getByText('Total: €33.00')).toBeInTheDocument();
  });

  it('updates the totals when a quantity changes', async () => {
    fillBasket();
    const { user } = await openBasket();
    const quantity = within(lineOf('Cave Runner')).getByRole('textbox', { name: 'Quantity of Cave Runner' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    expect(lineOf('Cave Runner')).toHaveTextContent('Total €24.00');
    expect(within(popover()).getByText('Total: €49.00')).toBeInTheDocument();
    await user.click(within(lineOf('Cave Runner')).getByRole('button', { name: /Increase/ }));
    expect(within(popover()).getByText('Total: €57.00')).toBeInTheDocument();
  });

  it('removes a line', async () => {
    fillBasket();
    const { user } = await openBasket();
    await user.click(within(popover()).getByRole('button', { name: 'Remove Starfall Odyssey' }));
    expect(within(popover()).queryByText('Starfall Odyssey')).not.toBeInTheDocument();
    expect(within(popover()).getByText('Total: €8.00')).toBeInTheDocument();
    expect(basket.items().map((line) => line.id)).toEqual(['102']);
  });

  it('clears the basket and closes, so that Undo in the snackbar is in reach', async () => {
    fillBasket();
    const { user } = await openBasket();
    await user.click(within(popover()).getByRole('button', { name: 'Clear Basket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(basket.items()).toEqual([]);
    expect(basketButton()).toHaveAccessibleName('Basket, 0 positions, total €0.00');

    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    expect(snackbar).toHaveTextContent('Basket cleared');
    await user.click(within(snackbar).getByRole('button', { name: 'Undo' }));
    expect(basket.items().map((line) => [line.id, line.quantity])).toEqual([
      ['101', 2],
      ['102', 1],
    ]);
    expect(basketButton()).toHaveAccessibleName('Basket, 2 positions, total €33.00');
  });

  it('marks lines whose offer is gone and shows a changed price, which the basket takes', async () => {
    fillBasket();
    const { user, server } = await openBasket({
      routes: availability({ 101: { status: 'withdrawn' }, 102: { unit_price: '9.50' } }),
    });
    const gone = lineOf('Starfall Odyssey');
    expect(await within(gone).findByText(/No longer offered/)).toBeInTheDocument();
    expect(lineOf('Cave Runner')).toHaveTextContent('Price changed: €8.00 → €9.50');
    expect(lineOf('Cave Runner')).toHaveTextContent('Total €9.50');
    expect(basket.items().find((line) => line.id === '102')?.price).toBe(9.5);
    expect(server.callsTo('POST /api/v1/offers/availability/')[0]?.body).toEqual({ offer_ids: [101, 102] });

    const submit = within(popover()).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(within(gone).getByRole('checkbox', { name: 'Keep in basket (Starfall Odyssey)' }));
    expect(submit).toBeEnabled();
    expect(basket.items()).toHaveLength(2);
  });

  it('closes on Escape and gives focus back to the button', async () => {
    fillBasket();
    const { user } = renderButton();
    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(basketButton()).toHaveFocus());
  });
});

describe('sending the basket from the popover', () => {
  it('sends the available lines, then closes and goes to /orders', async () => {
    fillBasket();
    const { user, server, location } = await openBasket({
      routes: { ...availability({ 101: { status: 'withdrawn' } }), ...serverCart() },
    });
    const gone = lineOf('Starfall Odyssey');
    await user.click(await within(gone).findByRole('checkbox', { name: 'Keep in basket (Starfall Odyssey)' }));
    await user.click(within(popover()).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/inprogress'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(2);
    expect(server.callsTo('POST /api/v1/cart/add/').map((call) => call.body)).toEqual([{ offer_id: 102, quantity: 1 }]);
    expect(basket.items().map((line) => line.id)).toEqual(['101']);
  });

  it('stops before sending when a price changed meanwhile, and sends once the user has seen it', async () => {
    fillBasket();
    const before = answerAvailability();
    const after = answerAvailability({ 102: { unit_price: '9.00' } });
    const { user, server, location } = await openBasket({
      routes: {
        'POST /api/v1/offers/availability/': (request) =>
          server.callsTo('POST /api/v1/offers/availability/').length === 1 ? before(request) : after(request),
        ...serverCart(),
      },
    });
    await waitFor(() => expect(server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(1));
    await user.click(within(popover()).getByRole('button', { name: 'Submit' }));

    expect(await within(lineOf('Cave Runner')).findByText(/Price changed/)).toHaveTextContent('€8.00 → €9.00');
    expect(within(popover()).getByText('Total: €34.00')).toBeInTheDocument();
    expect(server.callsTo('POST /api/v1/cart/add/')).toHaveLength(0);

    await user.click(within(popover()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/orders/inprogress'));
    expect(server.callsTo('POST /api/v1/cart/add/')).toHaveLength(2);
  });
});

describe('focus after a Submit that does not go through', () => {
  /** Opens the popover with the keyboard and presses Submit with Enter, as a keyboard user does. */
  async function submitWithKeyboard(routes: Routes) {
    fillBasket();
    // The popover's fake server: `routes` win, and later additions to it are seen.
    const rendered = renderButton({ routes: Object.assign(routes, { ...availability(), ...serverCart(), ...routes }) });
    await rendered.user.tab();
    await rendered.user.keyboard('{Enter}');
    const submit = await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Submit' });
    await waitFor(() => expect(rendered.server.callsTo('POST /api/v1/offers/availability/')).toHaveLength(1));
    submit.focus();
    await rendered.user.keyboard('{Enter}');
    return { ...rendered, submit };
  }

  /** Escape closes the popover from wherever focus was kept, and focus goes back to the basket button. */
  async function escapeBackToButton(user: ReturnType<typeof renderButton>['user']) {
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(basketButton()).toHaveFocus());
  }

  it('keeps focus on Submit while sending and after a cart add fails', async () => {
    const added = deferred<Reply>();
    const { user, server, submit } = await submitWithKeyboard({ 'POST /api/v1/cart/add/': () => added.promise });
    await waitFor(() => expect(server.callsTo('POST /api/v1/cart/add/')).toHaveLength(1));
    // A disabled button drops focus in a browser: while it sends, Submit is pending, not disabled.
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();

    added.resolve({ status: 400, body: {} });
    const snackbar = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() =>
      expect(within(snackbar).getByRole('alert')).toHaveTextContent('Failed to add Starfall Odyssey to cart'),
    );
    expect(submit).toHaveFocus();
    await escapeBackToButton(user);
  });

  it('moves focus to the message when the outcome is unknown and Submit cannot be pressed', async () => {
    const routes: Routes = {
      'POST /api/v1/cart/checkout/': ({ headers }) => {
        // Asking the server whether the order was placed fails too: the outcome stays unknown.
        routes[`GET /api/v1/cart/checkout/${headers.get('Idempotency-Key')}/`] = { status: 503, body: {} };
        return { status: 500, body: {} };
      },
    };
    const { user, submit } = await submitWithKeyboard(routes);
    await waitFor(() => expect(submit).toBeDisabled());
    const message = within(popover()).getByText(/We could not confirm whether your order was placed/).parentElement;
    expect(message).toHaveFocus();
    expect(within(message as HTMLElement).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    await escapeBackToButton(user);
  });
});
