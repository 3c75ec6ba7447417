/**
 * The announcement contract (behaviour §10), offer history and revert: the History panel opening
 * from its row, the revert's question, its outcome and its conflict. Test names carry the
 * contract's row numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { OfferChangeRecord } from '@/api/models';
import type { Routes } from '../../support/render';
import { expectHeard, focus, focusReaches, heard, listen } from '../../support/screen-reader';
import { renderManageOffers, rowHeader, starfall } from './announcement-fixtures';

const HISTORY = 'GET /api/v1/manage-offers/11/history/';
const REVERT = 'POST /api/v1/manage-offers/changes/40/revert/';

const priceEdit: OfferChangeRecord = {
  id: 1,
  offer_id: 11,
  product: 'Starfall Tactics',
  batch_id: 40,
  source: 'row_edit',
  actor: 'Sam Seller',
  at: '2026-11-20T10:15:00Z',
  changes: [{ field: 'unit_price', old: '12.50', new: '11.00' }],
  reverted_by: null,
};

const panel = () => screen.getByRole('dialog', { name: 'History of Starfall Tactics' });
const question = () => screen.getByRole('alertdialog', { name: 'Revert these changes?' });

/** Manage Offers with the reader listening, then the History panel opened by keyboard from Starfall's row. */
async function openHistory(routes: Routes) {
  const page = renderManageOffers({
    routes: { [HISTORY]: { body: { count: 1, next: null, previous: null, results: [priceEdit] } }, ...routes },
  });
  await rowHeader('Starfall Tactics');
  await listen();
  await focus(screen.getByRole('button', { name: 'History of Starfall Tactics' }));
  await heard();
  await page.user.keyboard('{Enter}');
  await focusReaches(panel);
  await within(panel()).findByText(/Row edit by Sam Seller/);
  return page;
}

/** Revert pressed in the panel, then confirmed, all by keyboard. */
async function revertByKeyboard(user: ReturnType<typeof renderManageOffers>['user']) {
  await focus(within(panel()).getByRole('button', { name: /^Revert the change of/ }));
  await heard();
  await user.keyboard('{Enter}');
  await focusReaches(question);
  await expectHeard([
    'alertdialog, Revert these changes?, The values these changes replaced go back on “Starfall Tactics”.',
    'button, Cancel',
  ]);
  await user.tab();
  await waitFor(() => expect(within(question()).getByRole('button', { name: 'Revert' })).toHaveFocus());
  await heard();
  await user.keyboard('{Enter}');
}

describe('offer history', { timeout: 30_000 }, () => {
  it('H1 the panel opens named after its offer', async () => {
    await openHistory({});
    expect((await heard())[0]).toBe('dialog, History of Starfall Tactics');
  });

  it('H2, H3 the revert asks first, and its outcome is said politely', async () => {
    const { user } = await openHistory({ [REVERT]: { body: { count: 1, offers: [starfall], batch_id: 41 } } });
    await heard();
    await revertByKeyboard(user);
    await waitFor(async () => expect(await heard()).toContain('polite: Changes reverted'));
  });

  it('H4 offers changed since: the conflict view opens', async () => {
    const { user } = await openHistory({
      [REVERT]: { status: 409, body: { detail: 'Changed.', code: 'stale_version', offers: [starfall] } },
    });
    await heard();
    await revertByKeyboard(user);
    await waitFor(async () => expect(await heard()).toContain('dialog, These offers changed since'));
  });

  it('H5 a refused revert is said assertively in the server’s words', async () => {
    const { user } = await openHistory({
      [REVERT]: { status: 409, body: { detail: 'These changes were already reverted.', code: 'already_reverted' } },
    });
    await heard();
    await revertByKeyboard(user);
    await waitFor(async () => expect(await heard()).toContain('assertive: These changes were already reverted.'));
  });
});
