/**
 * The announcement contract (behaviour §10), the snackbar's voice and the messages not heard in
 * the other announcement tests, and an order's dialog opening from its grid and closing. Test
 * names carry the contract's row numbers.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { notify } from '@/ui/notify';
import { anOrder, aProfile } from '../../support/fixtures';
import { renderPage } from '../../support/render';
import { expectHeard, focus, focusReaches, heard, listen } from '../../support/screen-reader';
import { renderReviewOrders, rowHeader } from './announcement-fixtures';

const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

describe('the snackbar', { timeout: 30_000 }, () => {
  it('M1–M3 says a success or an information politely and an error assertively; Undo and Close are reachable', async () => {
    const { user } = renderPage(<p>Page</p>);
    await listen();
    act(() => void notify({ type: 'success', message: 'Profile saved' }));
    await expectHeard(['polite: Profile saved']);
    act(() => void notify({ type: 'error', message: 'Failed to clear cart' }));
    await expectHeard(['assertive: Failed to clear cart']);
    act(() => void notify({ type: 'info', message: 'Basket cleared', onUndo: () => undefined }));
    await expectHeard(['polite: Basket cleared']);

    await user.tab();
    await user.tab();
    await expectHeard(['button, Undo', 'button, Close notification']);
    expect(within(snackbar()).getByRole('button', { name: 'Close notification' })).toHaveFocus();
  });

  it('M4 the profile says it saved', async () => {
    const { user } = renderPage(<ProfilePage />, {
      path: '/profile',
      signedIn: aProfile(),
      routes: { 'POST /api/v1/profile': { body: aProfile({ company: 'Difference Engines' }) } },
    });
    const company = await screen.findByLabelText('Company');
    await listen();
    await user.clear(company);
    await user.type(company, 'Difference Engines');
    await focus(screen.getByRole('button', { name: 'Save' }));
    expect((await heard()).at(-1)).toBe('button, Save');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(snackbar()).toHaveTextContent('Profile saved'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled'));
    await expectHeard(['assertive: Save', 'polite: Profile saved', 'assertive: Save']);
  });
});

describe('an order’s dialog', { timeout: 30_000 }, () => {
  it('D1, D2, M5 opens from its grid with its title, says a move was made, and Escape gives focus back', async () => {
    const requested = anOrder({ id: 42, negotiation: 'special_price_requested' });
    const { user } = renderReviewOrders({
      'GET /api/v1/orders/42/': { body: requested },
      'POST /api/v1/orders/42/approve/': { body: { ...requested, status: 'completed' } },
    });
    const link = within(await rowHeader('#42')).getByRole('link', { name: '#42' });
    await listen();
    await focus(link.closest('th'));
    await expectHeard(['rowheader, #42']);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
    await focusReaches(() => dialog);
    await expectHeard(['dialog, Order #42']);

    await focus(within(dialog).getByRole('button', { name: 'Approve requested price' }));
    await expectHeard(['button, Approve requested price']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(snackbar()).toHaveTextContent('Order approved'));
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Next step' })).toHaveFocus());
    await expectHeard([
      'assertive: Approve requested price',
      'dialog, Order #42',
      'polite: Order approved',
      'heading, Next step, level 3',
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(link.closest('th')).toHaveFocus());
    await expectHeard(['rowheader, #42']);
  });
});
