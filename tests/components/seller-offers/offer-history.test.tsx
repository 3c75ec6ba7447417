/**
 * Offer history (behaviour §7): the History panel opened from a Manage Offers row, paged with Show
 * more; the Recent changes view; and reverting a batch from either (confirm, Undo, the conflict
 * view, a refusal's words).
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import type { OfferChangeRecord } from '@/api/models';
import { SessionContext } from '@/core/session/session';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { RecentChangesPage } from '@/features/seller-offers/pages/recent-changes-page';
import { formatDateTime } from '@/lib/dates';
import { anOffer, aProfile, someOptions } from '../../support/fixtures';
import { type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';

const LIST = 'GET /api/v1/manage-offers/';
const OPTIONS = 'GET /api/v1/options/';
const HISTORY = 'GET /api/v1/manage-offers/11/history/';
const CHANGES = 'GET /api/v1/manage-offers/changes/';
const REVERT = (batchId: number) => `POST /api/v1/manage-offers/changes/${batchId}/revert/`;

const seller = aProfile({ id: 7, permissions: ['add_offer'] });
const starfall = anOffer({ id: 11, product: 'Starfall Tactics', version: 3 });

const aRecord = (overrides: Partial<OfferChangeRecord> = {}): OfferChangeRecord => ({
  id: 1,
  offer_id: 11,
  product: 'Starfall Tactics',
  batch_id: 40,
  source: 'row_edit',
  actor: 'Sam Seller',
  at: '2026-11-20T10:15:00Z',
  changes: [{ field: 'unit_price', old: '12.50', new: '11.00' }],
  reverted_by: null,
  ...overrides,
});
const priceEdit = aRecord();
const regionUpdate = aRecord({
  id: 2,
  batch_id: 39,
  source: 'bulk_update',
  at: '2026-11-19T09:00:00Z',
  changes: [{ field: 'region_id', old: 1, new: 2 }],
  reverted_by: 45,
});
const page = (results: OfferChangeRecord[], count = results.length): Reply => ({
  body: { count, next: null, previous: null, results },
});
/** Answers a history page by its offset: `pages[offset / 20]`. */
const paged =
  (pages: OfferChangeRecord[][], count: number) =>
  (request: SeenRequest): Reply =>
    page(pages[Number(request.query.get('offset') ?? 0) / 20] ?? [], count);

function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

function renderOffers(routes: Routes) {
  return renderPage(
    <SignedIn>
      <ManageOffersPage />
    </SignedIn>,
    {
      path: '/seller/manage-offers',
      signedIn: seller,
      routes: {
        [OPTIONS]: { body: someOptions },
        [LIST]: { body: { count: 1, next: null, previous: null, results: [starfall] } },
        ...routes,
      },
    },
  );
}

async function openHistory(routes: Routes) {
  const view = renderOffers(routes);
  await view.user.click(await screen.findByRole('button', { name: 'History of Starfall Tactics' }));
  const panel = await screen.findByRole('dialog', { name: 'History of Starfall Tactics' });
  return { ...view, panel };
}

const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

describe('History panel', () => {
  it('lists the offer’s changes newest first: when, where from, who, old → new, and Reverted', async () => {
    const { panel } = await openHistory({ [HISTORY]: page([priceEdit, regionUpdate]) });
    const items = await within(panel).findAllByRole('listitem', { name: '' });
    const records = items.filter((item) => item.classList.contains('offer-history__record'));
    expect(records).toHaveLength(2);
    expect(records[0]).toHaveTextContent(`${formatDateTime(priceEdit.at)} · Row edit by Sam Seller`);
    expect(records[0]).toHaveTextContent(/Unit price: €12\.50 → to €11\.00/);
    expect(records[1]).toHaveTextContent('Bulk update by Sam Seller');
    expect(records[1]).toHaveTextContent(/Region: North America → to Europe/);
    expect(records[1]).toHaveTextContent('Reverted');
    // A reverted batch offers no revert; the other does.
    expect(within(panel).getAllByRole('button', { name: /^Revert the change of/ })).toHaveLength(1);
  });

  it('says when nothing was recorded yet', async () => {
    const { panel } = await openHistory({ [HISTORY]: page([]) });
    expect(await within(panel).findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('loads the next page with Show more and focuses its first change', async () => {
    const first = Array.from({ length: 20 }, (_, index) => aRecord({ id: 100 + index, batch_id: 100 + index }));
    const more = aRecord({ id: 200, batch_id: 200, source: 'paste', actor: 'Alex' });
    const { panel, user, server } = await openHistory({ [HISTORY]: paged([first, [more]], 21) });
    await user.click(await within(panel).findByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(
        within(panel)
          .getByText(/Paste by Alex/)
          .closest('li'),
      ).toHaveFocus(),
    );
    expect(server.callsTo(HISTORY).map((call) => call.query.get('offset'))).toEqual(['0', '20']);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows a load error with Try again', async () => {
    let calls = 0;
    const { panel, user } = await openHistory({
      [HISTORY]: () => {
        calls += 1;
        return calls === 1 ? { status: 403, body: { detail: 'Not yours.' } } : page([priceEdit]);
      },
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not yours.');
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(/Row edit by Sam Seller/)).toBeInTheDocument();
  });
});

describe('Reverting', () => {
  it('asks first, reverts the batch, and Undo reverts the revert', async () => {
    const { panel, user, server } = await openHistory({
      [HISTORY]: page([priceEdit]),
      [REVERT(40)]: { body: { count: 1, offers: [], batch_id: 41 } },
      [REVERT(41)]: { body: { count: 1, offers: [], batch_id: 42 } },
    });
    await user.click(await within(panel).findByRole('button', { name: /^Revert the change of/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revert these changes?' });
    expect(confirm).toHaveTextContent('The values these changes replaced go back on “Starfall Tactics”.');
    expect(server.callsTo(REVERT(40))).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Changes reverted'));
    expect(server.callsTo(REVERT(40))).toHaveLength(1);

    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.callsTo(REVERT(41))).toHaveLength(1));
  });

  it('shows the offers changed since: the value now against what the revert would put back', async () => {
    const { panel, user } = await openHistory({
      [HISTORY]: page([priceEdit]),
      [REVERT(40)]: {
        status: 409,
        body: { detail: 'Changed since.', code: 'stale_version', offers: [{ ...starfall, unit_price: '15.00' }] },
      },
    });
    await user.click(await within(panel).findByRole('button', { name: /^Revert the change of/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revert' }));
    const conflict = await screen.findByRole('dialog', { name: 'These offers changed since' });
    expect(conflict).toHaveTextContent('Nothing was reverted: 1 offer changed after these changes were made.');
    const table = within(conflict).getByRole('table', { name: 'Starfall Tactics' });
    expect(within(table).getByRole('row', { name: /Unit price/ })).toHaveTextContent(
      'Unit price (differs)€15.00€12.50',
    );
  });

  it('says why the server refused a batch (already reverted)', async () => {
    const { panel, user } = await openHistory({
      [HISTORY]: page([priceEdit]),
      [REVERT(40)]: { status: 409, body: { detail: 'These changes were already reverted.', code: 'already_reverted' } },
    });
    await user.click(await within(panel).findByRole('button', { name: /^Revert the change of/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revert' }));
    await waitFor(() =>
      expect(within(snackbar()).getByRole('alert')).toHaveTextContent('These changes were already reverted.'),
    );
  });
});

describe('Recent changes', () => {
  function renderChanges(routes: Routes, path = '/seller/manage-offers/changes') {
    return renderPage(
      <SignedIn>
        <RecentChangesPage />
      </SignedIn>,
      { path, signedIn: seller, routes: { [OPTIONS]: { body: someOptions }, ...routes } },
    );
  }

  it('lists the seller’s changes with their source and old → new, and reverts a batch', async () => {
    const { user, server } = renderChanges({
      [CHANGES]: page([priceEdit, regionUpdate]),
      [REVERT(40)]: { body: { count: 1, offers: [], batch_id: 41 } },
    });
    const grid = await screen.findByRole('grid', { name: 'Recent changes' });
    const [newest] = await within(grid).findAllByRole('rowheader', { name: 'Starfall Tactics' });
    const row = newest?.closest('tr');
    expect(row).toHaveTextContent('Row edit');
    expect(row).toHaveTextContent(/Unit price: €12\.50 → to €11\.00/);
    expect(within(grid).getByText('Reverted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recent changes' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(grid).getByRole('button', { name: 'Revert the change of Starfall Tactics' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Changes reverted'));
    expect(server.callsTo(REVERT(40))).toHaveLength(1);
  });

  it('sends the source filter and the day as its first moment', async () => {
    const { server } = renderChanges(
      { [CHANGES]: page([]) },
      '/seller/manage-offers/changes?source=paste&since=2026-11-20',
    );
    await screen.findByText('No changes match these filters');
    const query = Object.fromEntries(server.callsTo(CHANGES)[0]?.query ?? []);
    expect(query).toMatchObject({ source: 'paste', since: new Date(2026, 10, 20).toISOString().replace('.000Z', 'Z') });
  });
});
