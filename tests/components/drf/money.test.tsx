/**
 * A DRF back end with `COERCE_DECIMAL_TO_STRING = False` (amounts as JSON numbers) and DRF's own
 * date-time format (microseconds, the offset of its TIME_ZONE), on the screens that show and edit
 * amounts: Offers, Manage Offers (double-click a row, edit, save) and the counter-offer form.
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { SessionContext } from '@/core/session/session';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { formatDateTime } from '@/lib/dates';
import { OFFER_TIMES_UTC, offerWithNumbers, pageOf } from '../../support/drf-answers';
import { anOrder, anOrderLine, aProfile, someOptions } from '../../support/fixtures';
import { renderPage } from '../../support/render';

const seller = aProfile({ id: 7, permissions: ['add_offer'] });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

/** Pages wait for the session's profile, as the app's signed-in layout does. */
function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

/** Unreadable amounts are reported on the console; a test that expects them counts them. */
function consoleErrors() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  onTestFinished(() => spy.mockRestore());
  return spy;
}

describe('amounts sent as JSON numbers', { timeout: 30_000 }, () => {
  it('lists offers with their prices in euros and their times in the browser’s zone, never NaN', async () => {
    const errors = consoleErrors();
    renderPage(<OffersPage />, {
      path: '/offers',
      signedIn: aProfile(),
      routes: {
        'GET /api/v1/options/': { body: someOptions },
        'GET /api/v1/offers/': {
          body: pageOf([
            offerWithNumbers({ id: 1, product: 'Starfall Tactics', unit_price: 12.5 }),
            offerWithNumbers({ id: 2, product: 'Moon Run', unit_price: 20 }),
            offerWithNumbers({ id: 3, product: 'Cave Runner', unit_price: '12,50' }),
          ]),
        },
      },
    });
    const starfall = await screen.findByRole('row', { name: /Starfall Tactics/ });
    expect(starfall).toHaveTextContent('€12.50');
    expect(starfall).toHaveTextContent(formatDateTime(OFFER_TIMES_UTC.start));
    expect(starfall).toHaveTextContent(formatDateTime(OFFER_TIMES_UTC.end));
    expect(screen.getByRole('row', { name: /Moon Run/ })).toHaveTextContent('€20.00');
    // An amount that cannot be read shows a dash, cannot go into the basket, and is reported once.
    const unreadable = screen.getByRole('row', { name: /Cave Runner/ });
    expect(unreadable).toHaveTextContent('—');
    expect(within(unreadable).getByRole('button', { name: 'Add Cave Runner to basket' })).toBeDisabled();
    expect(document.body.textContent).not.toMatch(/NaN/);
    expect(errors).toHaveBeenCalledOnce();
  });

  it('edits a Manage Offers row opened by a double-click, and saves the price as the contract writes it', async () => {
    const offer = offerWithNumbers({ id: 12, product: 'Moon Run', unit_price: 20, is_published: true });
    const { user, server } = renderPage(
      <SignedIn>
        <ManageOffersPage />
      </SignedIn>,
      {
        path: '/seller/manage-offers',
        signedIn: seller,
        routes: {
          'GET /api/v1/options/': {
            body: { ...someOptions, sellers: [{ id: 5, name: 'Pixel Traders', is_own: true }] },
          },
          'GET /api/v1/manage-offers/': { body: pageOf([offer]) },
          'POST /api/v1/manage-offers/update/': {
            body: { count: 1, offers: [{ ...offer, unit_price: 14, version: 4 }] },
          },
        },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Published offers' });
    expect(within(grid).getByRole('row', { name: /Moon Run/ })).toHaveTextContent('€20.00');
    await user.dblClick(within(grid).getByRole('gridcell', { name: 'Nebula Works' }));
    const product = await screen.findByRole('textbox', { name: 'Product' });
    await waitFor(() => expect(product).toHaveFocus());
    const editingRow = product.closest('tr') as HTMLElement;
    const price = within(editingRow).getByRole('textbox', { name: 'Unit price' });
    expect(price).toHaveValue('20.00');

    await user.clear(price);
    await user.type(price, '14{Enter}');
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Offer updated'));
    expect(server.callsTo('POST /api/v1/manage-offers/update/')[0]?.body).toEqual({
      source: 'row_edit',
      offers: [{ id: 12, version: 3, unit_price: '14.00' }],
    });
  });

  it('opens the counter form of an order whose amounts are numbers, with the prices and totals it shows', async () => {
    const lines = [
      {
        ...anOrderLine({ id: 101, product: 'Starfall Tactics', quantity: 10 }),
        unit_price: 9.5,
        list_unit_price: 12.5,
        total: 95,
      },
    ];
    const order = { ...anOrder({ id: 42, negotiation: 'special_price_requested', item_count: 10 }), lines, total: 95 };
    const { user } = renderPage(<ReviewOrdersPage />, {
      path: '/seller/review-orders/inprogress?order=42',
      signedIn: seller,
      routes: {
        'GET /api/v1/review-orders/': { body: pageOf([order]) },
        'GET /api/v1/options/': { body: { publishers: [], regions: [], sellers: [] } },
        'GET /api/v1/orders/42/': { body: order },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
    expect(within(dialog).getByRole('row', { name: /Starfall Tactics/ })).toHaveTextContent('€9.50');
    expect(dialog).toHaveTextContent('€95.00');
    await user.click(await within(dialog).findByRole('button', { name: 'Counter-offer…' }));
    const form = screen.getByRole('dialog', { name: 'Counter-offer on order #42' });
    expect(within(form).getByRole('textbox', { name: 'Unit price' })).toHaveValue('9.50');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});
