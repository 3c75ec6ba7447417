import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { onTestFinished } from 'vitest';
import type { ManageOfferListQuery, Offer, OfferChange } from '@/api/models';
import { onDataChange } from '@/core/data-events';
import { BulkActions, type OfferSelection } from '@/features/seller-offers/components/bulk-actions';
import { anOffer, aProfile, someOptions } from '../../support/fixtures';
import { asRead } from '../../support/read';
import { type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';

const LIST = 'GET /api/v1/manage-offers/';
const PUBLISH = 'POST /api/v1/manage-offers/publish/';
const UPDATE = 'POST /api/v1/manage-offers/update/';
const OPTIONS = 'GET /api/v1/options/';
/** Reverting the history batch `batchId`: the bulk action's Undo. */
const REVERT = (batchId: number) => `POST /api/v1/manage-offers/changes/${batchId}/revert/`;
const reverted = (batchId: number): Reply => ({ body: { count: 1, offers: [], batch_id: batchId } });

const starfall = anOffer({ id: 11, product: 'Starfall Tactics', is_published: false, published_at: null });
const moonRun = anOffer({
  id: 12,
  product: 'Moon Run',
  unit_price: '20.00',
  is_published: false,
  published_at: null,
});
const FILTERS: ManageOfferListQuery = { publishType: 'unpublished', search: 'a' };

const chosen = (...ids: number[]): OfferSelection => ({ ids: new Set(ids), allMatching: false, total: 40 });
const allMatching = (total: number): OfferSelection => ({ ids: new Set(), allMatching: true, total });
const NOTHING: OfferSelection = { ids: new Set(), allMatching: false, total: 40 };

/** The page's part: it holds the selection and clears it when the bar says so. */
function Selection({
  tab,
  initial,
  rows,
}: {
  tab: 'published' | 'unpublished';
  initial: OfferSelection;
  rows: Offer[];
}) {
  const [selection, setSelection] = useState(initial);
  return (
    <BulkActions
      tab={tab}
      selection={selection}
      filters={FILTERS}
      rows={rows}
      onSettled={() => setSelection(NOTHING)}
    />
  );
}

function renderBar({
  tab = 'unpublished',
  selection = chosen(11, 12),
  rows = asRead([starfall, moonRun]),
  routes = {},
}: {
  tab?: 'published' | 'unpublished';
  selection?: OfferSelection;
  rows?: Offer[];
  routes?: Routes;
} = {}) {
  const offersChanged = vi.fn();
  const stop = onDataChange('offers', offersChanged);
  onTestFinished(stop);
  const page = renderPage(<Selection tab={tab} initial={selection} rows={rows} />, {
    signedIn: aProfile({ permissions: ['add_offer'] }),
    routes: { [OPTIONS]: { body: someOptions }, ...routes },
  });
  return { ...page, offersChanged };
}

const bar = () => screen.getByRole('group', { name: 'Selected offers' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

/** The publish call, answering as the server does: how many changed, the offers after, and its batch (from 7, one per call). */
let nextBatch = 7;
beforeEach(() => {
  nextBatch = 7;
});
const publishReply = (request: SeenRequest): Reply => {
  const { offer_ids } = request.body as { offer_ids: number[]; publish: boolean };
  return { body: { count: offer_ids.length, offers: [], batch_id: nextBatch++ } };
};

/** A publish reply held until `release`: the call stays in flight meanwhile. */
function heldPublish() {
  const held = { release: () => {} };
  const reply = async (request: SeenRequest) => {
    await new Promise<void>((done) => {
      held.release = done;
    });
    return publishReply(request);
  };
  return { reply, release: () => held.release() };
}

/** `total` offers of the filtered set, ids from 1001, answered a page at a time by limit and offset. */
function matchingOffers(total: number) {
  const offers = Array.from({ length: total }, (_, index) =>
    anOffer({ id: 1001 + index, product: `Offer ${1001 + index}`, is_published: false, published_at: null }),
  );
  const list = (request: SeenRequest): Reply => {
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = Number(request.query.get('limit') ?? 10);
    return { body: { count: total, next: null, previous: null, results: offers.slice(offset, offset + limit) } };
  };
  return { offers, ids: offers.map((offer) => offer.id), list };
}

describe('Bulk actions on the selected offers', () => {
  it('shows the count and the actions while offers are selected, and clears the selection', async () => {
    const { user } = renderBar();
    expect(bar()).toHaveTextContent('2 selected');
    expect(within(bar()).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Update…' })).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Selected offers' })).not.toBeInTheDocument();
  });

  it('offers Withdraw on the Published tab, and says when all matching offers are selected', () => {
    renderBar({ tab: 'published', selection: allMatching(40) });
    expect(bar()).toHaveTextContent('All 40 matching offers selected');
    expect(within(bar()).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('publishes the selected offers once confirmed; Undo reverts the batch the publish was recorded as', async () => {
    const { user, server, offersChanged } = renderBar({
      routes: { [PUBLISH]: publishReply, [REVERT(7)]: reverted(8) },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish offers' });
    expect(confirm).toHaveTextContent('Publish the 2 selected offers? Clients can then see and order them.');
    expect(server.callsTo(PUBLISH)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Publish 2 offers' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers published'));
    expect(server.callsTo(PUBLISH).map((call) => call.body)).toEqual([{ offer_ids: [11, 12], publish: true }]);
    expect(offersChanged).toHaveBeenCalledOnce();
    expect(screen.queryByRole('group', { name: 'Selected offers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Publishing undone'));
    expect(server.callsTo(PUBLISH).map((call) => call.body)).toEqual([{ offer_ids: [11, 12], publish: true }]);
    expect(server.callsTo(REVERT(7))).toHaveLength(1);
    expect(offersChanged).toHaveBeenCalledTimes(2);
  });

  it('withdraws on the Published tab, and Undo reverts the withdrawal (the server puts back only what it changed)', async () => {
    const published = asRead([{ ...starfall, is_published: true }, moonRun]);
    const { user, server } = renderBar({
      tab: 'published',
      rows: published,
      routes: { [PUBLISH]: publishReply, [REVERT(7)]: reverted(8) },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Withdraw' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw 2 offers' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers withdrawn'));

    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Withdrawal undone'));
    expect(server.callsTo(PUBLISH).map((call) => call.body)).toEqual([{ offer_ids: [11, 12], publish: false }]);
    expect(server.callsTo(REVERT(7))).toHaveLength(1);
  });

  it('reads every page of the matching offers, then publishes them all', async () => {
    const matching = matchingOffers(250);
    const { user, server } = renderBar({
      selection: allMatching(250),
      routes: { [LIST]: matching.list, [PUBLISH]: publishReply },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish offers' });
    expect(confirm).toHaveTextContent('Publish all 250 offers matching these filters?');
    await user.click(within(confirm).getByRole('button', { name: 'Publish 250 offers' }));

    await waitFor(() => expect(snackbar()).toHaveTextContent('250 offers published'));
    const reads = server.callsTo(LIST).map((call) => Object.fromEntries(call.query));
    expect(reads).toEqual([0, 100, 200].map((offset) => ({ ...FILTERS, limit: '100', offset: String(offset) })));
    expect(server.callsTo(PUBLISH).map((call) => call.body)).toEqual([{ offer_ids: matching.ids, publish: true }]);
  });

  it('sends more than 500 offers in calls of 500, one after another', async () => {
    const matching = matchingOffers(1200);
    let inFlight = 0;
    let mostInFlight = 0;
    const slowPublish = async (request: SeenRequest) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((done) => setTimeout(done, 5));
      inFlight -= 1;
      return publishReply(request);
    };
    const { user, server } = renderBar({
      selection: allMatching(1200),
      routes: { [LIST]: matching.list, [PUBLISH]: slowPublish },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Publish 1200 offers' }));

    await waitFor(() => expect(snackbar()).toHaveTextContent('1200 offers published'));
    expect(server.callsTo(LIST)).toHaveLength(12);
    const sent = server.callsTo(PUBLISH).map((call) => (call.body as { offer_ids: number[] }).offer_ids);
    expect(sent.map((ids) => ids.length)).toEqual([500, 500, 200]);
    expect(sent.flat()).toEqual(matching.ids);
    expect(mostInFlight).toBe(1);
  });

  it('stops a publish of many calls after the one in flight: Stop stands for Cancel while it runs', async () => {
    const matching = matchingOffers(1200);
    const publish = heldPublish();
    const { user, server } = renderBar({
      selection: allMatching(1200),
      routes: { [LIST]: matching.list, [PUBLISH]: publish.reply },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish offers' });
    await user.click(within(confirm).getByRole('button', { name: 'Publish 1200 offers' }));
    await waitFor(() => expect(server.callsTo(PUBLISH)).toHaveLength(1));
    expect(within(confirm).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Stop' }));
    publish.release();

    await waitFor(() => expect(snackbar()).toHaveTextContent('500 of 1200 offers were published'));
    expect(server.callsTo(PUBLISH)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog', { name: 'Publish offers' })).not.toBeInTheDocument();
  });

  it('stops while it still reads all matching offers: nothing is published and the selection stays', async () => {
    const matching = matchingOffers(1200);
    let reads = 0;
    const { user, server } = renderBar({
      selection: allMatching(1200),
      routes: {
        // The first page answers; the second never does, so the action is still reading.
        [LIST]: (request) => (++reads === 1 ? matching.list(request) : new Promise<Reply>(() => {})),
        [PUBLISH]: publishReply,
      },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish offers' });
    await user.click(within(confirm).getByRole('button', { name: 'Publish 1200 offers' }));
    await waitFor(() => expect(reads).toBe(2));
    await user.click(within(confirm).getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Publish offers' })).not.toBeInTheDocument());
    expect(server.callsTo(PUBLISH)).toHaveLength(0);
    expect(bar()).toHaveTextContent('All 1200 matching offers selected');
  });

  it('offers no Stop for a publish sent in one call', async () => {
    const publish = heldPublish();
    const { user, server } = renderBar({ selection: chosen(11, 12), routes: { [PUBLISH]: publish.reply } });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish offers' });
    await user.click(within(confirm).getByRole('button', { name: 'Publish 2 offers' }));
    await waitFor(() => expect(server.callsTo(PUBLISH)).toHaveLength(1));
    expect(within(confirm).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    publish.release();
    await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers published'));
  });

  it('says what was done when a later call fails, keeps the selection and can undo that part', async () => {
    const matching = matchingOffers(1200);
    let calls = 0;
    const failSecond = (request: SeenRequest): Reply => {
      calls += 1;
      const { publish } = request.body as { publish: boolean };
      if (publish && calls === 2) return { status: 403, body: { detail: 'You do not have permission.' } };
      return publishReply(request);
    };
    const { user, server, offersChanged } = renderBar({
      selection: allMatching(1200),
      routes: { [LIST]: matching.list, [PUBLISH]: failSecond, [REVERT(7)]: reverted(9) },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Publish 1200 offers' }));

    await waitFor(() =>
      expect(within(snackbar()).getByRole('alert')).toHaveTextContent(
        '500 of 1200 offers were published; the rest were not: You do not have permission to publish offers',
      ),
    );
    expect(server.callsTo(PUBLISH)).toHaveLength(2);
    expect(offersChanged).toHaveBeenCalledOnce();
    expect(bar()).toHaveTextContent('All 1200 matching offers selected');

    await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(snackbar()).toHaveTextContent('Publishing undone'));
    // Only the first chunk went through: its batch alone is reverted.
    expect(server.callsTo(PUBLISH)).toHaveLength(2);
    expect(server.callsTo(REVERT(7))).toHaveLength(1);
  });

  it('shows a refusal and changes nothing', async () => {
    const { user, offersChanged } = renderBar({
      routes: { [PUBLISH]: { status: 403, body: { detail: 'You do not have permission to perform this action.' } } },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Publish 2 offers' }));

    await waitFor(() =>
      expect(within(snackbar()).getByRole('alert')).toHaveTextContent('You do not have permission to publish offers'),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent('2 selected');
    expect(offersChanged).not.toHaveBeenCalled();
    expect(within(snackbar()).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  describe('Update…', () => {
    async function openUpdate(options: Parameters<typeof renderBar>[0] = {}) {
      const page = renderBar(options);
      await page.user.click(within(bar()).getByRole('button', { name: 'Update…' }));
      // The form's code loads on the first press.
      const dialog = await screen.findByRole('dialog', { name: 'Update offers' });
      return { ...page, dialog };
    }
    const priceField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Unit price' });
    const updateBodies = (server: ReturnType<typeof renderBar>['server']) =>
      server.callsTo(UPDATE).map((call) => (call.body as { offers: OfferChange[] }).offers);

    /** Types a date and time into a picker's segments: day, month, year, hour, minute, AM/PM. */
    async function typeDateTime(
      user: ReturnType<typeof renderBar>['user'],
      dialog: HTMLElement,
      label: string,
      typed: string,
    ) {
      // The group is named by the label, then the value in words once there is one ("End: …").
      const field = within(dialog).getByRole('group', { name: new RegExp(`^${label}\\b`) });
      const [day] = within(field).getAllByRole('spinbutton');
      await user.click(day as HTMLElement);
      await user.keyboard(typed);
    }

    it('asks for at least one field and checks the price on blur and on submit', async () => {
      const { dialog, user, server } = await openUpdate();
      expect(dialog).toHaveTextContent(
        "Set new values on the 2 selected offers. Fields left empty keep each offer's own value.",
      );
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in at least one field to change.');

      await user.type(priceField(dialog), '0');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      await user.tab();
      expect(priceField(dialog)).toHaveValue('0.00');
      expect(priceField(dialog)).toBeInvalid();
      expect(priceField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining('The unit price must be greater than 0.'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
      expect(priceField(dialog)).toHaveFocus();
      expect(server.callsTo(UPDATE)).toHaveLength(0);
    });

    it('refuses an end before the start', async () => {
      const { dialog, user, server } = await openUpdate();
      await typeDateTime(user, dialog, 'Start', '241120261005p');
      await typeDateTime(user, dialog, 'End', '231120261005p');
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
      const end = within(dialog).getByRole('group', { name: 'End: 23 November 2026, 10:05 PM' });
      expect(end).toHaveAccessibleDescription(expect.stringContaining('End must be after start.'));
      expect(server.callsTo(UPDATE)).toHaveLength(0);
    });

    it('sets the filled fields on every selected offer; Undo reverts the batch, putting back each old value', async () => {
      const { dialog, user, server, offersChanged } = await openUpdate({
        routes: {
          [UPDATE]: (request) => ({
            body: { count: (request.body as { offers: [] }).offers.length, offers: [], batch_id: 21 },
          }),
          [REVERT(21)]: reverted(22),
        },
      });
      await user.type(priceField(dialog), '9.5');
      await typeDateTime(user, dialog, 'End', '311220261155p');
      await user.click(within(dialog).getByRole('button', { name: /Region/ }));
      await user.click(await screen.findByRole('option', { name: 'North America' }));
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));

      await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers updated'));
      const end = new Date(2026, 11, 31, 23, 55).toISOString().replace('.000Z', 'Z');
      expect(updateBodies(server)).toEqual([
        [
          { id: 11, version: 1, unit_price: '9.50', end, region_id: 1 },
          { id: 12, version: 1, unit_price: '9.50', end, region_id: 1 },
        ],
      ]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Selected offers' })).not.toBeInTheDocument();
      expect(offersChanged).toHaveBeenCalledOnce();

      await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent('Update undone'));
      expect(updateBodies(server)).toHaveLength(1);
      expect(server.callsTo(REVERT(21))).toHaveLength(1);
      expect(offersChanged).toHaveBeenCalledTimes(2);
    });

    it('shows the offers changed since when Undo finds them, theirs against what it would put back', async () => {
      const changed = { ...starfall, unit_price: '15.00' };
      const { dialog, user, server } = await openUpdate({
        routes: {
          [UPDATE]: { body: { count: 2, offers: [], batch_id: 21 } },
          [REVERT(21)]: {
            status: 409,
            body: { detail: 'Offers changed since.', code: 'stale_version', offers: [changed] },
          },
        },
      });
      await user.type(priceField(dialog), '9.5');
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers updated'));

      await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
      const conflict = await screen.findByRole('dialog', { name: 'These offers changed since' });
      const table = within(conflict).getByRole('table', { name: 'Starfall Tactics' });
      expect(within(table).getByRole('row', { name: /Unit price/ })).toHaveTextContent(
        'Unit price (differs)€15.00€12.50',
      );
      expect(snackbar()).toHaveTextContent('Some offers changed since; their changes were not undone.');
      expect(server.callsTo(REVERT(21))).toHaveLength(1);
      // The footer's Close (the title bar has one too).
      const [, close] = within(conflict).getAllByRole('button', { name: 'Close' });
      await user.click(close as HTMLElement);
      expect(screen.queryByRole('dialog', { name: 'These offers changed since' })).not.toBeInTheDocument();
    });

    it('reads the old values of offers chosen on another page before changing them', async () => {
      const elsewhere = anOffer({ id: 99, product: 'Cave Runner', unit_price: '7.25', is_published: false });
      const { dialog, user, server } = await openUpdate({
        selection: chosen(11, 99),
        rows: asRead([starfall, moonRun]),
        routes: {
          [LIST]: { body: { count: 2, next: null, previous: null, results: [moonRun, elsewhere] } },
          [UPDATE]: { body: { count: 2, offers: [], batch_id: 30 } },
          [REVERT(30)]: reverted(31),
        },
      });
      await user.type(priceField(dialog), '30');
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers updated'));
      expect(Object.fromEntries(server.callsTo(LIST)[0]?.query ?? [])).toEqual({
        ...FILTERS,
        limit: '100',
        offset: '0',
      });

      await user.click(within(snackbar()).getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(snackbar()).toHaveTextContent('Update undone'));
      expect(updateBodies(server)).toEqual([
        [
          { id: 11, version: 1, unit_price: '30.00' },
          { id: 99, version: 1, unit_price: '30.00' },
        ],
      ]);
      expect(server.callsTo(REVERT(30))).toHaveLength(1);
    });

    describe('offers changed meanwhile (409)', () => {
      const theirs = { ...starfall, unit_price: '15.00', version: 5 };
      /** The first call meets Starfall changed meanwhile; the calls after it go through. */
      const staleThenWritten = () => {
        let calls = 0;
        return (request: SeenRequest): Reply =>
          calls++ === 0
            ? { status: 409, body: { detail: 'Offers changed since.', code: 'stale_version', offers: [theirs] } }
            : { body: { count: (request.body as { offers: [] }).offers.length, offers: [], batch_id: 40 } };
      };
      async function meetConflict() {
        const page = await openUpdate({ routes: { [UPDATE]: staleThenWritten() } });
        await page.user.type(priceField(page.dialog), '9.5');
        await page.user.click(within(page.dialog).getByRole('button', { name: 'Update 2 offers' }));
        const conflict = await screen.findByRole('dialog', { name: 'These offers changed meanwhile' });
        return { ...page, conflict };
      }

      it('lists them, theirs against the update; Apply to the others sends the rest', async () => {
        const { conflict, user, server } = await meetConflict();
        expect(conflict).toHaveTextContent('1 offer changed after you chose them');
        const table = within(conflict).getByRole('table', { name: 'Starfall Tactics' });
        expect(within(table).getByRole('columnheader', { name: 'Your update' })).toBeInTheDocument();
        expect(within(table).getByRole('row', { name: /Unit price/ })).toHaveTextContent(
          'Unit price (differs)€15.00€9.50',
        );
        expect(screen.queryByRole('dialog', { name: 'Update offers' })).not.toBeInTheDocument();

        await user.click(within(conflict).getByRole('button', { name: 'Apply to the others' }));
        await waitFor(() => expect(snackbar()).toHaveTextContent('1 offer updated'));
        expect(updateBodies(server)).toEqual([
          [
            { id: 11, version: 1, unit_price: '9.50' },
            { id: 12, version: 1, unit_price: '9.50' },
          ],
          [{ id: 12, version: 1, unit_price: '9.50' }],
        ]);
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });

      it('Overwrite theirs sends the chunk again over their new versions', async () => {
        const { conflict, user, server } = await meetConflict();
        await user.click(within(conflict).getByRole('button', { name: 'Overwrite theirs' }));
        await waitFor(() => expect(snackbar()).toHaveTextContent('2 offers updated'));
        expect(updateBodies(server)[1]).toEqual([
          { id: 11, version: 5, unit_price: '9.50' },
          { id: 12, version: 1, unit_price: '9.50' },
        ]);
      });

      it('Stop sends nothing more and keeps the selection', async () => {
        const { conflict, user, server } = await meetConflict();
        await user.click(within(conflict).getByRole('button', { name: 'Stop' }));
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(updateBodies(server)).toHaveLength(1);
        expect(bar()).toHaveTextContent('2 selected');
      });
    });

    it('names the offer the server refused, on the field and in the message, and keeps the form', async () => {
      const { dialog, user, offersChanged } = await openUpdate({
        routes: {
          [UPDATE]: {
            status: 400,
            body: { 'offers.1.unit_price': ['Ensure this value is less than or equal to 1000000.00.'] },
          },
        },
      });
      await user.type(priceField(dialog), '900000');
      await user.click(within(dialog).getByRole('button', { name: 'Update 2 offers' }));

      await waitFor(() =>
        expect(priceField(dialog)).toHaveAccessibleDescription(
          expect.stringContaining('Moon Run: Ensure this value is less than or equal to 1000000.00.'),
        ),
      );
      expect(priceField(dialog)).toHaveFocus();
      expect(within(snackbar()).getByRole('alert')).toHaveTextContent(
        'No offers were updated. Moon Run: Ensure this value is less than or equal to 1000000.00.',
      );
      expect(screen.getByRole('dialog', { name: 'Update offers' })).toBeInTheDocument();
      expect(offersChanged).not.toHaveBeenCalled();
    });
  });
});
