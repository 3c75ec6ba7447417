/**
 * Manage Offers' saves in the background (behaviour §10, row saves): a row's save goes on while
 * the seller edits another row, each row says in words how its save went, a failed one keeps its
 * values for Retry, and filters ask first while a row is not saved.
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import type { OfferChange } from '@/api/models';
import { SessionContext } from '@/core/session/session';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { anOffer, aProfile, type Offer, someOptions } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';

const LIST = 'GET /api/v1/manage-offers/';
const UPDATE = 'POST /api/v1/manage-offers/update/';
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
const seller = aProfile({ id: 7, permissions: ['add_offer'] });
const options = { ...someOptions, sellers: [{ id: 5, name: 'Pixel Traders', is_own: true }] };
const starfall = anOffer({ id: 11, product: 'Starfall Tactics', version: 3 });
const moonRun = anOffer({ id: 12, product: 'Moon Run', unit_price: '20.00', version: 4 });

function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

/** The page over a server that writes updates (+1 on the version), unless `routes` answers them. */
function renderManageOffers(routes: Routes = {}) {
  let stored: Offer[] = [starfall, moonRun];
  const write = ({ body }: SeenRequest): Reply => {
    const changes = (body as { offers: OfferChange[] }).offers;
    stored = stored.map((offer) => {
      const change = changes.find(({ id }) => id === offer.id);
      if (!change) return offer;
      const { version: _, ...fields } = change;
      return { ...offer, ...fields, version: offer.version + 1 };
    });
    return { body: { count: changes.length, offers: stored.filter((o) => changes.some(({ id }) => id === o.id)) } };
  };
  const page = renderPage(
    <SignedIn>
      <ManageOffersPage />
    </SignedIn>,
    {
      path: '/seller/manage-offers',
      signedIn: seller,
      routes: {
        'GET /api/v1/options/': { body: options },
        [LIST]: () => ({ body: { count: stored.length, next: null, previous: null, results: stored } }),
        [UPDATE]: write,
        ...routes,
      },
    },
  );
  return { ...page, write, updates: () => page.server.callsTo(UPDATE).map((request) => request.body) };
}

const rowOf = (product: string) => {
  const grid = screen.getByRole('grid', { name: 'Published offers' });
  const row = within(grid).getByRole('rowheader', { name: product }).closest('tr');
  if (!row) throw new Error(`No row for ${product}`);
  return row;
};
const productInput = () => screen.getByRole('textbox', { name: 'Product' });

async function edit(user: ReturnType<typeof renderManageOffers>['user'], product: string) {
  await user.click(within(rowOf(product)).getByRole('button', { name: `Edit ${product}` }));
  await waitFor(() => expect(productInput()).toHaveFocus());
}

describe('Manage Offers: saves in the background', () => {
  it('lets the seller edit another row while a save is held, and the answer leaves that typing alone', async () => {
    const held = deferred<void>();
    const page = renderManageOffers({
      [UPDATE]: async (request) => {
        await held.promise;
        return page.write(request);
      },
    });
    const { user, updates } = page;
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await edit(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');
    expect(await within(rowOf('Moon Run')).findByText('Saving…')).toBeInTheDocument();

    await edit(user, 'Starfall Tactics');
    await user.type(productInput(), ' II');
    held.resolve();

    // Written, the list reloads with it, and the row says so for a while.
    await screen.findByRole('rowheader', { name: 'Moon Run Deluxe' });
    expect(within(rowOf('Moon Run Deluxe')).getByText('Saved')).toBeInTheDocument();
    expect(productInput()).toHaveValue('Starfall Tactics II');
    expect(productInput()).toHaveFocus();
    expect(updates()).toEqual([{ source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Deluxe' }] }]);
  });

  it('edits the same row again from what was sent; its next save carries the version written', async () => {
    const held = deferred<void>();
    const page = renderManageOffers({
      [UPDATE]: async (request) => {
        if (page.updates().length === 1) await held.promise;
        return page.write(request);
      },
    });
    const { user, updates } = page;
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await edit(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');
    await edit(user, 'Moon Run');
    expect(productInput()).toHaveValue('Moon Run Deluxe');
    await user.type(productInput(), ' Gold');
    const update = screen.getByRole('button', { name: 'Update Moon Run' });
    expect(update).toBeDisabled();
    expect(update).toHaveTextContent('Saving…');

    held.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Update Moon Run/ })).toBeEnabled());
    expect(productInput()).toHaveValue('Moon Run Deluxe Gold');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]).toEqual({
      source: 'row_edit',
      offers: [{ id: 12, version: 5, product: 'Moon Run Deluxe Gold' }],
    });
  });

  it('marks a failed save Not saved with its reason, and Retry saves it', async () => {
    let calls = 0;
    const page = renderManageOffers({
      [UPDATE]: (request) => {
        calls += 1;
        if (calls === 1) return { status: 503, body: {} };
        return page.write(request);
      },
    });
    const { user, updates } = page;
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await edit(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');

    const retry = await within(rowOf('Moon Run')).findByRole('button', { name: 'Retry Moon Run' });
    expect(retry).toHaveAccessibleDescription(`Not saved: ${UNAVAILABLE}`);
    await user.click(retry);
    // Written, the list reloads with it, and the row says so for a while.
    await screen.findByRole('rowheader', { name: 'Moon Run Deluxe' });
    expect(within(rowOf('Moon Run Deluxe')).getByText('Saved')).toBeInTheDocument();
    expect(updates()).toEqual([
      { source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Deluxe' }] },
      { source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Deluxe' }] },
    ]);
  });

  it('asks before a filter changes while a row is not saved; Stay keeps the list and the row', async () => {
    const { user, server } = renderManageOffers({ [UPDATE]: { status: 503, body: {} } });
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await edit(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');
    await within(rowOf('Moon Run')).findByRole('button', { name: 'Retry Moon Run' });
    const lists = server.callsTo(LIST).length;

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave offers that are not saved?' });
    expect(dialog).toHaveTextContent('These offers are saving or were not saved: Moon Run.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(within(rowOf('Moon Run')).getByRole('button', { name: 'Retry Moon Run' })).toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(lists);
  });

  it('counts the rows with errors above the grid, and F8 / Shift+F8 go round them', async () => {
    const { user } = renderManageOffers({ [UPDATE]: { status: 503, body: {} } });
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await edit(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');
    const retry = await within(rowOf('Moon Run')).findByRole('button', { name: 'Retry Moon Run' });
    expect(screen.getByText('1 row with errors')).toHaveAttribute('role', 'status');

    await edit(user, 'Starfall Tactics');
    await user.clear(productInput());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(productInput()).toBeInvalid());
    expect(screen.getByText('2 rows with errors')).toHaveAttribute('role', 'status');
    expect(productInput()).toHaveAccessibleDescription('Enter a product name.');

    // From the invalid product, F8 goes on to the next row's error, then wraps round.
    await user.keyboard('{F8}');
    expect(retry).toHaveFocus();
    await user.keyboard('{F8}');
    expect(productInput()).toHaveFocus();
    await user.keyboard('{Shift>}{F8}{/Shift}');
    expect(retry).toHaveFocus();
  });
});
