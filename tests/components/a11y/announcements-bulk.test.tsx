/**
 * The announcement contract (behaviour §10), Manage Offers' bulk actions: the confirmation and
 * update dialogs opening and closing, and each result in the snackbar. Test names carry the
 * contract's row numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { onTestFinished, vi } from 'vitest';
import { BulkActions, type OfferSelection } from '@/features/seller-offers/components/bulk-actions';
import { UploadOffersButton } from '@/features/seller-offers/components/upload-offers';
import { anOffer } from '../../support/fixtures';
import { asRead } from '../../support/read';
import { type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';
import { expectHeard, focusReaches, listen } from '../../support/screen-reader';
import { moonRun, OPTIONS, options, renderManageOffers, rowHeader, seller, starfall } from './announcement-fixtures';

const PUBLISH = 'POST /api/v1/manage-offers/publish/';
const UPDATE = 'POST /api/v1/manage-offers/update/';
const unpublished = asRead([starfall, moonRun].map((offer) => ({ ...offer, is_published: false, published_at: null })));
const NOTHING: OfferSelection = { ids: new Set(), allMatching: false, total: 2 };

const chosen: OfferSelection = { ids: new Set([11, 12]), allMatching: false, total: 2 };

/** The page's part: the selection on the Unpublished tab, cleared when the bar says so. */
function Selection({ initial }: { initial: OfferSelection }) {
  const [selection, setSelection] = useState(initial);
  return (
    <BulkActions
      tab="unpublished"
      selection={selection}
      filters={{ publishType: 'unpublished' }}
      rows={unpublished}
      onSettled={() => setSelection(NOTHING)}
    />
  );
}

/** The publish call, answering as the server does: how many changed (`written` of them), and its history batch when any did. */
const published =
  (written?: number) =>
  ({ body }: SeenRequest): Reply => {
    const count = written ?? (body as { offer_ids: number[] }).offer_ids.length;
    return { body: { count, offers: [], ...(count > 0 && { batch_id: 7 }) } };
  };
/** Undo: reverting the publish's batch. */
const REVERT = 'POST /api/v1/manage-offers/changes/7/revert/';

const confirmation = () => screen.getByRole('alertdialog', { name: 'Publish offers' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

type Answer = Reply | ((request: SeenRequest) => Reply);

/** The bar, with the reader listening and focus on Publish; `answers` answer the publish calls in turn. */
async function renderBar(answers: Answer[], initial = chosen, routes: Routes = {}) {
  const queue = [...answers];
  const page = renderPage(<Selection initial={initial} />, {
    signedIn: seller,
    routes: {
      [OPTIONS]: { body: options },
      [PUBLISH]: (request) => {
        const answer = queue.shift() ?? {};
        return typeof answer === 'function' ? answer(request) : answer;
      },
      ...routes,
    },
  });
  await listen();
  await page.user.tab();
  await expectHeard(['button, Publish']);
  return page;
}

const opened = [
  'alertdialog, Publish offers, Publish the 2 selected offers? Clients can then see and order them.',
  'button, Cancel',
];

/** Opens the confirmation from Publish, moves to its confirm button and presses it, all by keyboard. */
async function confirmPublish(user: ReturnType<typeof renderPage>['user']) {
  await user.keyboard('{Enter}');
  await focusReaches(confirmation);
  await user.tab();
  await waitFor(() =>
    expect(within(confirmation()).getByRole('button', { name: /^Publish \d+ offers$/ })).toHaveFocus(),
  );
  await user.keyboard('{Enter}');
}

describe('bulk actions', { timeout: 30_000 }, () => {
  it('B1, B2 the confirmation opens with its title and question, and Escape gives focus back', async () => {
    const { user } = await renderBar([]);
    await user.keyboard('{Enter}');
    await focusReaches(confirmation);
    await expectHeard([
      'alertdialog, Publish offers, Publish the 2 selected offers? Clients can then see and order them.',
      'button, Cancel',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus());
    await expectHeard(['button, Publish']);
  });

  it('B3, B7 the result is said politely, and so is its undo', async () => {
    const { user } = await renderBar([published()], chosen, {
      [REVERT]: { body: { count: 2, offers: [], batch_id: 8 } },
    });
    await confirmPublish(user);
    await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers published'));
    await expectHeard([
      ...opened,
      'button, Publish 2 offers',
      'assertive: Publish 2 offers',
      'polite: 2 offers published',
    ]);

    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Publishing undone'));
    await expectHeard(['polite: Publishing undone']);
  });

  it('B4, B5 a refusal is said assertively and focus goes back to Publish; nothing to change is said politely', async () => {
    const { user } = await renderBar([
      { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
      published(0),
    ]);
    await confirmPublish(user);
    await waitFor(() => expect(within(snackbar()).getByRole('alert')).not.toBeEmptyDOMElement());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus());
    await expectHeard([
      ...opened,
      'button, Publish 2 offers',
      'assertive: Publish 2 offers',
      'assertive: You do not have permission to publish offers',
      'button, Publish',
    ]);

    await confirmPublish(user);
    await waitFor(() => expect(snackbar()).toHaveTextContent('The offers were published already.'));
    await expectHeard([
      ...opened,
      'button, Publish 2 offers',
      'assertive: Publish 2 offers',
      'polite: The offers were published already.',
    ]);
  });

  it('B6 a half-done action says what was done and what was not, assertively', async () => {
    // 600 matching offers go in two calls of at most 500; the second is refused.
    const matching = Array.from({ length: 600 }, (_, index) => anOffer({ id: 1001 + index, is_published: false }));
    const list = ({ query }: SeenRequest): Reply => {
      const offset = Number(query.get('offset') ?? 0);
      const results = matching.slice(offset, offset + Number(query.get('limit') ?? 10));
      return { body: { count: matching.length, next: null, previous: null, results } };
    };
    const { user } = await renderBar(
      [published(), { status: 403, body: { detail: 'You do not have permission to perform this action.' } }],
      { ids: new Set(), allMatching: true, total: 600 },
      { 'GET /api/v1/manage-offers/': list },
    );
    await confirmPublish(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus());
    await expectHeard([
      'alertdialog, Publish offers, Publish all 600 offers matching these filters? Clients can then see and order them.',
      'button, Cancel',
      'button, Publish 600 offers',
      'assertive: Publish 600 offers',
      'assertive: 500 of 600 offers were published; the rest were not: You do not have permission to publish offers',
      'button, Publish',
    ]);
  });

  it('B11 once an action went through, focus goes back to the grid where the rows were chosen', async () => {
    const { user } = renderManageOffers({ routes: { [PUBLISH]: published() } });
    await rowHeader('Moon Run');
    await user.click(screen.getByRole('checkbox', { name: 'Select Moon Run' }));
    await listen();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const withdraw = () => screen.getByRole('alertdialog', { name: 'Withdraw offers' });
    await focusReaches(withdraw);
    await user.tab();
    await waitFor(() => expect(within(withdraw()).getByRole('button', { name: 'Withdraw 1 offer' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(snackbar()).toHaveTextContent('1 offer withdrawn'));
    await waitFor(() => expect(screen.getByRole('gridcell', { name: 'Select Moon Run' })).toHaveFocus());
    await expectHeard([
      'alertdialog, Withdraw offers, Withdraw the selected offer? Clients will no longer see it.',
      'button, Cancel',
      'button, Withdraw 1 offer',
      'assertive: Withdraw 1 offer',
      'gridcell, Select Moon Run, not selected',
      'polite: 1 offer withdrawn',
    ]);
  });

  it('B11 Clear selection gives focus back to the grid too', async () => {
    const { user } = renderManageOffers();
    await rowHeader('Starfall Tactics');
    await user.click(screen.getByRole('checkbox', { name: 'Select Starfall Tactics' }));
    await listen();
    await user.click(await screen.findByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.getByRole('gridcell', { name: 'Select Starfall Tactics' })).toHaveFocus());
    await expectHeard(['gridcell, Select Starfall Tactics, not selected']);
  });

  it('B8 the update form opens with its title, and Escape gives focus back', async () => {
    const { user } = await renderBar([]);
    await user.keyboard('{Tab}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Update offers' });
    await focusReaches(() => dialog);
    await expectHeard(['button, Update…', 'dialog, Update offers']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update…' })).toHaveFocus());
    await expectHeard(['button, Update…']);
  });

  it('B12 an update that meets offers changed meanwhile says so assertively and opens the conflict view', async () => {
    const theirs = { ...starfall, is_published: false, published_at: null, unit_price: '15.00', version: 5 };
    const { user } = await renderBar([], chosen, {
      [UPDATE]: { status: 409, body: { detail: 'Offers changed since.', code: 'stale_version', offers: [theirs] } },
    });
    await user.keyboard('{Tab}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Update offers' });
    await focusReaches(() => dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit price' }), '9.5');
    await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
    const conflict = await screen.findByRole('dialog', { name: 'These offers changed meanwhile' }, { timeout: 5000 });
    await focusReaches(() => conflict);
    await expectHeard([
      'button, Update…',
      'dialog, Update offers',
      'textbox, Unit price, In euros',
      'button, Update 2 offers, disabled',
      'assertive: Update 2 offers',
      'assertive: 1 offer changed meanwhile. Review them, then apply to the others, overwrite theirs or stop.',
      'dialog, These offers changed meanwhile',
    ]);
  });
});

type UploadAnswer = { status: number; statusText: string; body?: unknown };

/** XMLHttpRequest as the upload uses it, answering each upload with the next of `answers`. */
function fakeUploads(...answers: UploadAnswer[]) {
  class FakeRequest {
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      const answer = answers.shift() ?? { status: 500, statusText: 'No answer left' };
      setTimeout(() => {
        Object.assign(this, { ...answer, responseText: answer.body === undefined ? '' : JSON.stringify(answer.body) });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  onTestFinished(() => void vi.unstubAllGlobals());
}

describe('uploading offers', { timeout: 30_000 }, () => {
  it('B9, B10 says a failed upload assertively and an imported file politely, with where its offers are', async () => {
    fakeUploads(
      { status: 502, statusText: 'Bad Gateway' },
      { status: 201, statusText: 'Created', body: { count: 1, offers: [] } },
    );
    const { user } = renderPage(<UploadOffersButton />, { signedIn: seller, routes: { [OPTIONS]: { body: options } } });
    await listen();
    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Upload offers' });
    await focusReaches(() => dialog);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose a CSV file…' })).toBeEnabled());
    await expectHeard(['button, Upload CSV', 'dialog, Upload offers']);

    const csv = [
      'product,publisher,seller,region,type,hot,unit_price,start,end',
      'Game 1,Nebula Works,Pixel Traders,EU,regular,false,12.50,2026-11-01T08:00:00Z,2026-12-31T22:00:00Z',
    ].join('\r\n');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([csv], 'offers.csv'));
    await within(dialog).findByRole('button', { name: 'Try again' });
    await expectHeard(['button, Cancel upload', 'assertive: Upload failed: Bad Gateway']);

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText(/uploaded/);
    // Focus lands on the outcome (the virtual reader names a focused paragraph by its role alone).
    await expectHeard(['paragraph', 'polite: 1 offer uploaded. It is in the Unpublished tab.']);
  });
});
