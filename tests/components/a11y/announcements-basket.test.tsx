/**
 * The announcement contract (behaviour §10), the basket: adding from the Offers grid, the basket
 * button, changing and removing lines, clearing, and each outcome of Submit. Test names carry the
 * contract's row numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { BasketButton } from '@/features/basket/components/basket-button';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { aProfile } from '../../support/fixtures';
import { type Routes, renderPage } from '../../support/render';
import { expectHeard, focus, focusReaches, heard, listen } from '../../support/screen-reader';
import { answerAvailability, availability, fillBasket, serverCart } from '../basket/basket-fixtures';
import { options, rowHeader, starfall } from './announcement-fixtures';

const basketButton = () => screen.getByRole('button', { name: /^Basket,/ });
const popover = () => screen.getByRole('dialog', { name: 'Basket Items' });
const inPopover = (role: string, name: string) => within(popover()).getByRole(role, { name });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

function renderBasket(routes: Routes = {}) {
  return renderPage(
    <OrderSubmissionProvider>
      <BasketButton />
    </OrderSubmissionProvider>,
    { path: '/offers', routes: { ...availability(), ...routes } },
  );
}

/** Two lines (2 × Starfall Odyssey at €12.50, 1 × Cave Runner at €8.00), the popover open from the keyboard. */
async function openBasket(routes: Routes = {}) {
  fillBasket();
  const page = renderBasket(routes);
  await listen();
  await page.user.tab();
  await page.user.keyboard('{Enter}');
  await focusReaches(popover);
  await waitFor(() => expect(inPopover('button', 'Submit')).toBeEnabled());
  return page;
}

/** Moves focus to Submit (heard first) and presses it with Enter. */
async function pressSubmit(user: ReturnType<typeof renderPage>['user']) {
  await heard();
  await focus(inPopover('button', 'Submit'));
  await expectHeard(['button, Submit']);
  await user.keyboard('{Enter}');
}

describe('the basket', { timeout: 30_000 }, () => {
  it('K1 adding from the Offers grid says what was added and the basket’s new count and total', async () => {
    const { user } = renderPage(
      <OrderSubmissionProvider>
        <OffersPage />
        <BasketButton />
      </OrderSubmissionProvider>,
      {
        path: '/offers',
        signedIn: aProfile(),
        routes: {
          'GET /api/v1/options/': { body: { ...options } },
          'GET /api/v1/offers/': { body: { count: 1, next: null, previous: null, results: [starfall] } },
        },
      },
    );
    await rowHeader('Starfall Tactics');
    await listen();
    await focus(screen.getByRole('button', { name: 'Add Starfall Tactics to basket' }));
    await heard();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(basketButton()).toHaveAccessibleName('Basket, 1 position, total €12.50'));
    await expectHeard(['polite: Added 1 × Starfall Tactics to the basket', 'polite: Basket, 1 position, total €12.50']);
  });

  it('K2, K3 the button names the count and total; the popover opens with its title', async () => {
    fillBasket();
    const { user } = renderBasket();
    await listen();
    await user.tab();
    await expectHeard([
      'button, Basket, 2 positions, total €33.00, Basket (2 positions) - €33.00, not expanded, has popup dialog',
    ]);
    await user.keyboard('{Enter}');
    await focusReaches(popover);
    await waitFor(() => expect(inPopover('button', 'Submit')).toBeEnabled());
    await expectHeard(['dialog, Basket Items', 'polite: Checking the current offers…']);
  });

  it('K4–K7 a changed quantity, a removed line and a cleared basket say the new count and total', async () => {
    const { user } = await openBasket();
    await heard();
    await user.click(inPopover('textbox', 'Quantity of Cave Runner'));
    await user.keyboard('{Control>}a{/Control}3{Tab}');
    await expectHeard([
      'Number field, Quantity of Cave Runner, 1',
      'assertive: 3',
      'button, Remove Cave Runner',
      'polite: Basket, 2 positions, total €49.00',
    ]);

    await user.click(inPopover('button', 'Remove Starfall Odyssey'));
    await expectHeard(['polite: Basket, 1 position, total €24.00', 'dialog, Basket Items']);

    await user.click(inPopover('button', 'Clear Basket'));
    await waitFor(() => expect(basketButton()).toHaveFocus());
    await expectHeard([
      'polite: Basket cleared',
      'polite: Basket, 0 positions, total €0.00',
      'button, Basket, 0 positions, total €0.00, not expanded, has popup dialog',
    ]);

    // Focus on Undo goes back where it came from as the message goes.
    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(basketButton()).toHaveFocus());
    await expectHeard([
      'polite: Basket, 1 position, total €24.00',
      'button, Basket, 1 position, total €24.00, not expanded, has popup dialog',
    ]);
  });

  it('K8 Submit: the order is sent, the popover closes', async () => {
    const { user } = await openBasket(serverCart());
    await pressSubmit(user);
    await waitFor(() => expect(basketButton()).toHaveFocus());
    await expectHeard([
      'assertive: Submit',
      'polite: Order sent successfully!',
      'polite: Basket, 0 positions, total €0.00',
      'button, Basket, 0 positions, total €0.00, Basket (0 positions) - €0.00, not expanded, has popup dialog',
    ]);
  });

  it('K9 Submit: a failed step is said assertively, focus stays in the popover, Escape closes it', async () => {
    const { user } = await openBasket({
      ...serverCart(),
      'POST /api/v1/cart/add/': {
        status: 400,
        body: { quantity: ['Ensure this value is less than or equal to 1000.'] },
      },
    });
    await pressSubmit(user);
    await waitFor(() => expect(within(snackbar()).getByRole('alert')).not.toBeEmptyDOMElement());
    await expectHeard(['assertive: Submit', 'assertive: Failed to add Starfall Odyssey to cart', 'assertive: Submit']);
    expect(inPopover('button', 'Submit')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(basketButton()).toHaveFocus());
    await expectHeard([
      'button, Basket, 2 positions, total €33.00, Basket (2 positions) - €33.00, not expanded, has popup dialog',
    ]);
  });

  it('K10 Submit: a price changed meanwhile stops the order and says so', async () => {
    const check = { count: 0 };
    const { user } = await openBasket({
      ...serverCart(),
      'POST /api/v1/offers/availability/': (request) => {
        check.count += 1;
        return answerAvailability(check.count === 1 ? {} : { 102: { unit_price: '9.00' } })(request);
      },
    });
    await pressSubmit(user);
    await waitFor(() => expect(within(popover()).getByText('Total: €34.00')).toBeInTheDocument());
    await expectHeard([
      'assertive: Submit',
      'polite: Your basket changed: check it, then press Submit again.',
      'assertive: Submit',
      'polite: Basket, 2 positions, total €34.00',
    ]);
  });
});
