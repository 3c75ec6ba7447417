/**
 * DRF's list serializers answer a 400 in the nested shape (`{"offers": [{}, {"unit_price": [...]}]}`),
 * not the contract's dotted keys. Each screen that takes field errors from such a call shows them on
 * the field they name: the editing row, the bulk update, the counter-offer form and the CSV upload
 * (which also renews a token refused with 403 on the way).
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { onTestFinished, vi } from 'vitest';
import { SessionContext } from '@/core/session/session';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { BulkActions, type OfferSelection } from '@/features/seller-offers/components/bulk-actions';
import { UploadOffersButton } from '@/features/seller-offers/components/upload-offers';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import {
  DECIMAL_PLACES,
  expiredWithSessionFirst,
  MIN_ONE,
  nestedLineErrors,
  nestedOfferErrors,
  pageOf,
} from '../../support/drf-answers';
import { anOffer, anOrder, anOrderLine, aProfile } from '../../support/fixtures';
import { asRead } from '../../support/read';
import { renderPage } from '../../support/render';

const seller = aProfile({ id: 7, permissions: ['add_offer'] });
const options = {
  publishers: [{ id: 3, name: 'Nebula Works' }],
  regions: [{ id: 2, code: 'EU', name: 'Europe' }],
  sellers: [{ id: 5, name: 'Pixel Traders', is_own: true }],
};
const starfall = anOffer({ id: 11, product: 'Starfall Tactics', is_published: false, published_at: null });
const moonRun = anOffer({ id: 12, product: 'Moon Run', unit_price: '20.00', is_published: false, published_at: null });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

/** Manage Offers' selection bar as the page holds it. */
function Selection({ initial }: { initial: OfferSelection }) {
  const [selection, setSelection] = useState(initial);
  const rows = asRead([starfall, moonRun]);
  const filters = { publishType: 'unpublished' as const };
  return (
    <BulkActions
      tab="unpublished"
      selection={selection}
      filters={filters}
      rows={rows}
      onSettled={() => setSelection(initial)}
    />
  );
}

describe('nested validation errors on the screens', { timeout: 30_000 }, () => {
  it('puts the editing row’s refusal on its price', async () => {
    const offer = anOffer({ id: 12, product: 'Moon Run', is_published: true });
    const { user } = renderPage(
      <SignedIn>
        <ManageOffersPage />
      </SignedIn>,
      {
        path: '/seller/manage-offers',
        signedIn: seller,
        routes: {
          'GET /api/v1/options/': { body: options },
          'GET /api/v1/manage-offers/': { body: pageOf([offer]) },
          'POST /api/v1/manage-offers/update/': {
            status: 400,
            body: nestedOfferErrors(0, 'unit_price', DECIMAL_PLACES),
          },
        },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Published offers' });
    await user.dblClick(within(grid).getByRole('gridcell', { name: 'Nebula Works' }));
    const product = await screen.findByRole('textbox', { name: 'Product' });
    const price = within(product.closest('tr') as HTMLElement).getByRole('textbox', { name: 'Unit price' });
    await user.clear(price);
    await user.type(price, '14{Enter}');
    // The save goes on in the background and the refusal opens the row again, with new inputs.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Unit price' })).toHaveAccessibleDescription(
        expect.stringContaining(DECIMAL_PLACES),
      ),
    );
    expect(snackbar()).not.toHaveTextContent('Could not update this offer');
  });

  it('names the offer a bulk update’s refusal is about, on the price field', async () => {
    const { user } = renderPage(<Selection initial={{ ids: new Set([11, 12]), allMatching: false, total: 2 }} />, {
      signedIn: seller,
      routes: {
        'GET /api/v1/options/': { body: options },
        'POST /api/v1/manage-offers/update/': { status: 400, body: nestedOfferErrors(1, 'unit_price', DECIMAL_PLACES) },
      },
    });
    await user.click(
      within(screen.getByRole('group', { name: 'Selected offers' })).getByRole('button', { name: 'Update…' }),
    );
    // The form's code loads on the first press.
    const dialog = await screen.findByRole('dialog', { name: 'Update offers' }, { timeout: 10_000 });
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit price' }), '9.5');
    await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Unit price' })).toHaveAccessibleDescription(
        expect.stringContaining(`Moon Run: ${DECIMAL_PLACES}`),
      ),
    );
  });

  it('puts a counter-offer’s refusal on the quantity of the line it names', async () => {
    const lines = [
      anOrderLine({ id: 101, product: 'Starfall Tactics' }),
      anOrderLine({ id: 102, product: 'Moonlit Harbor', quantity: 2 }),
    ];
    const order = anOrder({ id: 42, negotiation: 'special_price_requested', lines });
    const { user } = renderPage(<ReviewOrdersPage />, {
      path: '/seller/review-orders/inprogress?order=42',
      signedIn: seller,
      routes: {
        'GET /api/v1/review-orders/': { body: pageOf([order]) },
        'GET /api/v1/options/': { body: { publishers: [], regions: [], sellers: [] } },
        'GET /api/v1/orders/42/': { body: order },
        'POST /api/v1/orders/42/counter/': { status: 400, body: nestedLineErrors(0, 'quantity', MIN_ONE) },
      },
    });
    const orderDialog = await screen.findByRole('dialog', { name: 'Order #42' });
    await user.click(await within(orderDialog).findByRole('button', { name: 'Counter-offer…' }));
    const form = screen.getByRole('dialog', { name: 'Counter-offer on order #42' });
    const quantity = within(within(form).getByRole('group', { name: /Moonlit Harbor/ })).getByRole('textbox', {
      name: 'Quantity',
    });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(form).getByRole('button', { name: 'Send counter-offer' }));
    // Line 0 of the request is Moonlit Harbor, the only line changed.
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(expect.stringContaining(MIN_ONE)));
  });

  it('lists an upload’s per-row problems, after renewing a token refused with 403 on the way', async () => {
    const answers = [
      { status: expiredWithSessionFirst.status, body: expiredWithSessionFirst.body },
      {
        status: 400,
        body: {
          non_field_errors: ['1 of 2 rows are invalid.'],
          rows: [{}, { region: ['Unknown region "Atlantis".'] }],
        },
      },
    ];
    const sent: (string | null)[] = [];
    class FakeRequest {
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      status = 0;
      statusText = '';
      responseText = '';
      private authorization: string | null = null;
      open() {}
      abort() {}
      setRequestHeader(name: string, value: string) {
        if (name === 'Authorization') this.authorization = value;
      }
      send() {
        sent.push(this.authorization);
        const answer = answers.shift() ?? { status: 500, body: {} };
        setTimeout(() => {
          Object.assign(this, { status: answer.status, responseText: JSON.stringify(answer.body) });
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    onTestFinished(() => void vi.unstubAllGlobals());
    const { user, server } = renderPage(<UploadOffersButton />, {
      signedIn: seller,
      routes: {
        'GET /api/v1/options/': { body: options },
        'POST /api/v1/token/refresh': { body: { access: 'fresh-token', refresh: 'rotated-refresh' } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload offers' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose a CSV file…' })).toBeEnabled());
    const row = (product: string) =>
      `${product},Nebula Works,Pixel Traders,EU,regular,false,12.50,2026-11-01T08:00:00Z,2026-12-31T22:00:00Z`;
    const header = 'product,publisher,seller,region,type,hot,unit_price,start,end';
    const file = new File([[header, row('Game 1'), row('Game 2')].join('\r\n')], 'offers.csv', { type: 'text/csv' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);

    const problems = await within(dialog).findByRole('table');
    // The second item of the list is the file's third line (the header is line 1).
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('3regionUnknown region "Atlantis".');
    expect(sent).toEqual(['Bearer access-token', 'Bearer fresh-token']);
    expect(server.callsTo('POST /api/v1/token/refresh')).toHaveLength(1);
  });
});
