/**
 * Manage Offers' editing row (behaviour §2, Manage Offers table): the ways in, Update vs Cancel,
 * Enter, Escape, Tab order and focus return, the rules and the server's refusals on the row's
 * inputs, the conflict view, leaving a changed row, kept drafts, and selection ranges.
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { MALFORMED_MESSAGE, NETWORK_MESSAGE } from '@/api/api-error';
import type { OfferChange } from '@/api/models';
import { SessionContext } from '@/core/session/session';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { toDraft } from '@/features/seller-offers/seller-offers.implementations';
import { spokenDateTime, toLocalIso } from '@/lib/dates';
import { shownText } from '../../support/dates';
import { anOffer, aProfile, type Offer, someOptions } from '../../support/fixtures';
import { lastAnnouncement } from '../../support/grid';
import { asRead } from '../../support/read';
import { type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';

const LIST = 'GET /api/v1/manage-offers/';
const UPDATE = 'POST /api/v1/manage-offers/update/';
const OPTIONS = 'GET /api/v1/options/';
const DRAFT_KEY = 'marketplace:offer-draft.v2';

const seller = aProfile({ id: 7, permissions: ['add_offer'] });
const options = { ...someOptions, sellers: [{ id: 5, name: 'Pixel Traders', is_own: true }] };

const starfall = anOffer({ id: 11, product: 'Starfall Tactics', version: 3 });
const moonRun = anOffer({ id: 12, product: 'Moon Run', unit_price: '20.00', version: 4 });

/** The app shows a signed-in page once the session has the profile (src/app/signed-in-app.tsx). */
function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

/** The seller's offers, as a server that writes updates (each write +1 on the version) would list them. */
function renderManageOffers({
  offers = [starfall, moonRun],
  routes = {},
  path = '/seller/manage-offers',
}: {
  offers?: Offer[];
  routes?: Routes;
  path?: string;
} = {}) {
  let stored = offers;
  const write = ({ body }: SeenRequest): Reply => {
    const changes = (body as { offers: OfferChange[] }).offers;
    stored = stored.map((offer) => {
      const change = changes.find(({ id }) => id === offer.id);
      if (!change) return offer;
      const { version: _, ...fields } = change;
      return { ...offer, ...fields, version: offer.version + 1 };
    });
    const written = stored.filter((offer) => changes.some(({ id }) => id === offer.id));
    return { body: { count: written.length, offers: written } };
  };
  const page = renderPage(
    <SignedIn>
      <ManageOffersPage />
    </SignedIn>,
    {
      path,
      signedIn: seller,
      routes: {
        [OPTIONS]: { body: options },
        [LIST]: () => ({ body: { count: stored.length, next: null, previous: null, results: stored } }),
        [UPDATE]: write,
        ...routes,
      },
    },
  );
  const updates = () => page.server.callsTo(UPDATE).map((request) => request.body);
  return { ...page, updates, write };
}

const grid = () => screen.getByRole('grid', { name: 'Published offers' });
const rowOf = (product: string) => {
  const row = within(grid()).getByRole('rowheader', { name: product }).closest('tr');
  if (!row) throw new Error(`No row for ${product}`);
  return row;
};
/** The editing row: the one holding the Product input. */
const editingRow = () => {
  const row = screen.getByRole('textbox', { name: 'Product' }).closest('tr');
  if (!row) throw new Error('No row is editing');
  return row;
};
const productInput = () => screen.getByRole('textbox', { name: 'Product' });
const priceInput = () => within(editingRow()).getByRole('textbox', { name: 'Unit price' });
const publisherCell = (product: string) => within(rowOf(product)).getByRole('gridcell', { name: 'Nebula Works' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });
/** The column header over the cell that holds focus. */
const focusedColumn = () => {
  const cell = document.activeElement?.closest('td, th');
  if (!(cell instanceof HTMLTableCellElement)) return null;
  return grid().querySelector('thead tr')?.children[cell.cellIndex]?.textContent ?? null;
};

async function openByDoubleClick(user: ReturnType<typeof renderManageOffers>['user'], product: string) {
  await user.dblClick(publisherCell(product));
  await waitFor(() => expect(productInput()).toHaveFocus());
}

describe('ManageOffersPage: ways into the editing row', () => {
  it('opens the editor on a double-click, focused on the product', async () => {
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    expect(productInput()).toHaveValue('Moon Run');
    expect(priceInput()).toHaveValue('20.00');
    expect(within(editingRow()).getByRole('button', { name: 'Nebula Works Publisher' })).toBeInTheDocument();
    expect(within(editingRow()).getByRole('button', { name: 'Europe Region' })).toBeInTheDocument();
    // One row edits: the other keeps its text.
    expect(within(grid()).getAllByRole('textbox', { name: 'Product' })).toHaveLength(1);
    expect(rowOf('Starfall Tactics')).toBeInTheDocument();
  });

  it('opens the editor with Enter or F2 on a focused cell of the row', async () => {
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await user.click(publisherCell('Moon Run'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(productInput()).toHaveFocus());
    expect(productInput()).toHaveValue('Moon Run');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(publisherCell('Moon Run')).toHaveFocus());

    await user.keyboard('{ArrowUp}');
    expect(publisherCell('Starfall Tactics')).toHaveFocus();
    await user.keyboard('{F2}');
    await waitFor(() => expect(productInput()).toHaveFocus());
    expect(productInput()).toHaveValue('Starfall Tactics');
  });

  it('opens the editor with the row’s Edit button', async () => {
    const { user } = renderManageOffers();
    await user.click(await screen.findByRole('button', { name: 'Edit Moon Run' }));
    await waitFor(() => expect(productInput()).toHaveFocus());
    expect(productInput()).toHaveValue('Moon Run');
  });
});

describe('ManageOffersPage: saving and cancelling', () => {
  it('reads Cancel until a value changes, then Update', async () => {
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    expect(within(editingRow()).getByRole('button', { name: 'Cancel Moon Run' })).toHaveTextContent('Cancel');

    await user.type(productInput(), ' Deluxe');
    const update = within(editingRow()).getByRole('button', { name: 'Update Moon Run' });
    expect(update).toHaveTextContent('Update');
    await user.clear(productInput());
    await user.type(productInput(), 'Moon Run');
    expect(within(editingRow()).getByRole('button', { name: 'Cancel Moon Run' })).toBeInTheDocument();
  });

  it('saves the changed field with the version on Enter, then shows the reloaded row and returns focus', async () => {
    const { user, updates, server } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe{Enter}');

    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Offer updated'));
    expect(updates()).toEqual([{ source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Deluxe' }] }]);
    const row = await waitFor(() => rowOf('Moon Run Deluxe'));
    expect(within(grid()).queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument();
    expect(within(row).getByRole('gridcell', { name: '€20.00' })).toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(2);
    await waitFor(() => expect(publisherCell('Moon Run Deluxe')).toHaveFocus());
  });

  it('saves a changed price with the Update button, formatted to 2 decimals', async () => {
    const { user, updates } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.clear(priceInput());
    await user.type(priceInput(), '€24.5');
    await user.click(within(editingRow()).getByRole('button', { name: 'Update Moon Run' }));

    await waitFor(() =>
      expect(updates()).toEqual([{ source: 'row_edit', offers: [{ id: 12, version: 4, unit_price: '24.50' }] }]),
    );
    expect(await within(rowOf('Moon Run')).findByRole('gridcell', { name: '€24.50' })).toBeInTheDocument();
  });

  it('cancels with Escape: the old values come back, nothing is sent, focus returns to the cell', async () => {
    const { user, updates } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe');
    await user.clear(priceInput());
    await user.type(priceInput(), '99');
    await user.keyboard('{Escape}');

    expect(within(grid()).queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument();
    expect(within(rowOf('Moon Run')).getByRole('gridcell', { name: '€20.00' })).toBeInTheDocument();
    expect(within(grid()).queryByRole('rowheader', { name: 'Moon Run Deluxe' })).not.toBeInTheDocument();
    await waitFor(() => expect(publisherCell('Moon Run')).toHaveFocus());
    expect(updates()).toEqual([]);
  });

  it('closes an unchanged row on Enter without sending anything', async () => {
    const { user, updates } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(grid()).queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument());
    await waitFor(() => expect(publisherCell('Moon Run')).toHaveFocus());
    expect(updates()).toEqual([]);
  });
});

describe('ManageOffersPage: keys inside the editing row', () => {
  it('moves between the row’s inputs in order with Tab and Shift+Tab, round', async () => {
    // jsdom lays nothing out; the row skips widgets that are not displayed, so give the shown ones a box.
    const layout = vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
      const shown = !this.closest('[hidden]') && !(this instanceof HTMLInputElement && this.type === 'hidden');
      return (shown ? [{}] : []) as unknown as DOMRectList;
    });
    onTestFinished(() => layout.mockRestore());
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');

    /** Presses Tab (or Shift+Tab) until focus reaches another column of the row; returns that column. */
    const nextColumn = async (shift: boolean) => {
      const from = focusedColumn();
      for (let press = 0; press < 10; press += 1) {
        await user.tab({ shift });
        // A picker's stand-in becomes the real picker once focused; focus then lands in it.
        const column = await waitFor(() => {
          expect(editingRow()).toContainElement(document.activeElement as HTMLElement);
          return focusedColumn();
        });
        if (column !== from) return column;
      }
      throw new Error(`Focus stayed in ${from}`);
    };

    const order = ['Publisher', 'Seller', 'Region', 'Start', 'End', 'Unit price', 'Action', 'Product'];
    const forward: (string | null)[] = [];
    for (const _ of order) forward.push(await nextColumn(false));
    expect(forward).toEqual(order);
    expect(productInput()).toHaveFocus();

    const backward: (string | null)[] = [];
    for (const _ of order) backward.push(await nextColumn(true));
    expect(backward).toEqual([...order].reverse().slice(1).concat('Product'));
    expect(productInput()).toHaveFocus();
  }, 30_000);
});

describe('ManageOffersPage: refusals on the row', () => {
  it('checks the rules first: an empty product is named on its input and nothing is sent', async () => {
    const { user, updates } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.clear(productInput());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(productInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(productInput()).toHaveAccessibleDescription('Enter a product name.');
    expect(updates()).toEqual([]);
    // Fixing the field clears its message.
    await user.type(productInput(), 'Moon Run II');
    expect(productInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a product name.')).not.toBeInTheDocument();
  });

  it('puts a server field error on its input and keeps the typed values', async () => {
    const refusal = { 'offers.0.unit_price': ['Ensure this value is less than or equal to 1000000.00.'] };
    const { user, updates } = renderManageOffers({ routes: { [UPDATE]: { status: 400, body: refusal } } });
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe');
    await user.clear(priceInput());
    await user.type(priceInput(), '999999{Enter}');

    await waitFor(() => expect(priceInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(priceInput()).toHaveAccessibleDescription(
      expect.stringContaining('Ensure this value is less than or equal to 1000000.00.'),
    );
    expect(updates()).toEqual([
      { source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Deluxe', unit_price: '999999.00' }] },
    ]);
    expect(productInput()).toHaveValue('Moon Run Deluxe');
    expect(priceInput()).toHaveValue('999999.00');
    expect(productInput()).not.toHaveAttribute('aria-invalid');
    expect(within(editingRow()).getByRole('button', { name: 'Update Moon Run' })).toBeEnabled();
  });
});

describe('ManageOffersPage: a save over a newer version', () => {
  const theirs = { ...moonRun, version: 5, unit_price: '22.00', product: 'Moon Run (2026)' };
  const conflict: Reply = {
    status: 409,
    body: {
      detail: 'Offer 12 has changed since you started editing it; nothing was saved.',
      code: 'stale_version',
      offers: [theirs],
    },
  };

  /** The first save meets their version; later saves are written. */
  function renderConflict() {
    let first = true;
    const page = renderManageOffers({
      routes: {
        [UPDATE]: (request) => {
          if (!first) return page.write(request);
          first = false;
          return conflict;
        },
      },
    });
    return page;
  }

  async function saveOverTheirs(user: ReturnType<typeof renderManageOffers>['user']) {
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.clear(priceInput());
    await user.type(priceInput(), '30{Enter}');
    return screen.findByRole('dialog', { name: 'This offer changed meanwhile' });
  }

  it('shows both versions; keeping mine writes my change over their version', async () => {
    const { user, updates } = renderConflict();
    const dialog = await saveOverTheirs(user);
    const table = within(dialog).getByRole('table');
    const price = within(table).getByRole('row', { name: /Unit price/ });
    expect(
      within(price)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€22.00', '€30.00']);
    expect(within(price).getByRole('rowheader')).toHaveTextContent('Unit price (differs)');
    const product = within(table).getByRole('row', { name: /Product/ });
    expect(
      within(product)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Moon Run (2026)', 'Moon Run']);
    expect(within(table).getByRole('row', { name: /Publisher/ })).not.toHaveTextContent('differs');

    await user.click(within(dialog).getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Offer updated'));
    expect(updates()).toEqual([
      { source: 'row_edit', offers: [{ id: 12, version: 4, unit_price: '30.00' }] },
      { source: 'row_edit', offers: [{ id: 12, version: 5, unit_price: '30.00' }] },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(grid()).findByRole('gridcell', { name: '€30.00' })).toBeInTheDocument();
  });

  it('keeping theirs closes the row without writing anything', async () => {
    const { user, updates } = renderConflict();
    const dialog = await saveOverTheirs(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep their version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(grid()).queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument();
    expect(updates()).toHaveLength(1);
  });
});

describe('ManageOffersPage: a save that gets no answer', () => {
  it('says the server could not be reached in the app’s words and keeps the typed values', async () => {
    const { user } = renderManageOffers({
      routes: {
        [UPDATE]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.clear(priceInput());
    await user.type(priceInput(), '31{Enter}');

    await waitFor(() => expect(within(snackbar()).getByRole('alert')).toHaveTextContent(NETWORK_MESSAGE));
    // The save ran in the background: the row says so in words, and editing it again brings the values back.
    expect(rowOf('Moon Run')).toHaveTextContent(`Not saved: ${NETWORK_MESSAGE}`);
    expect(within(rowOf('Moon Run')).getByRole('button', { name: 'Retry Moon Run' })).toBeEnabled();
    await user.click(within(rowOf('Moon Run')).getByRole('button', { name: 'Edit Moon Run' }));
    expect(priceInput()).toHaveValue('31.00');
    expect(within(editingRow()).getByRole('button', { name: 'Update Moon Run' })).toBeEnabled();
  });

  it('saves once when the first save went through but its answer was unreadable', async () => {
    let answered = 0;
    const page = renderManageOffers({
      routes: {
        [UPDATE]: (request) => {
          answered += 1;
          // The first save is written, then its answer is lost; the second meets it as a 409.
          if (answered === 1) {
            page.write(request);
            throw new SyntaxError('Unexpected end of JSON input');
          }
          const written = { ...moonRun, unit_price: '32.00', version: 5 };
          return { status: 409, body: { detail: 'Offer 12 has changed.', code: 'stale_version', offers: [written] } };
        },
      },
    });
    const { user, updates } = page;
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.clear(priceInput());
    await user.type(priceInput(), '32{Enter}');
    await waitFor(() => expect(within(snackbar()).getByRole('alert')).toHaveTextContent(MALFORMED_MESSAGE));

    await user.click(within(rowOf('Moon Run')).getByRole('button', { name: 'Retry Moon Run' }));
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Offer updated'));
    expect(screen.queryByRole('dialog', { name: 'This offer changed meanwhile' })).not.toBeInTheDocument();
    expect(updates()).toEqual([
      { source: 'row_edit', offers: [{ id: 12, version: 4, unit_price: '32.00' }] },
      { source: 'row_edit', offers: [{ id: 12, version: 4, unit_price: '32.00' }] },
    ]);
    expect(await within(rowOf('Moon Run')).findByRole('gridcell', { name: '€32.00' })).toBeInTheDocument();
  });
});

describe('ManageOffersPage: leaving a changed row', () => {
  it('asks before editing another row: Keep editing stays, Discard changes moves on', async () => {
    const { user, updates } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe');

    await user.click(within(rowOf('Starfall Tactics')).getByRole('button', { name: 'Edit Starfall Tactics' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes to “Moon Run”?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(productInput()).toHaveValue('Moon Run Deluxe');

    await user.dblClick(publisherCell('Starfall Tactics'));
    const again = await screen.findByRole('alertdialog', { name: 'Discard your changes to “Moon Run”?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(productInput()).toHaveValue('Starfall Tactics'));
    expect(rowOf('Moon Run')).toBeInTheDocument();
    expect(updates()).toEqual([]);
  });

  it('moves to another row at once when nothing changed', async () => {
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.dblClick(publisherCell('Starfall Tactics'));
    await waitFor(() => expect(productInput()).toHaveValue('Starfall Tactics'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('ManageOffersPage: kept drafts', () => {
  const keep = (value: unknown) => localStorage.setItem(DRAFT_KEY, JSON.stringify(value));
  const kept = (userId = seller.id) => ({
    userId,
    original: asRead(moonRun),
    draft: { ...toDraft(asRead(moonRun)), product: 'Moon Run Remastered', unit_price: '18.00' },
    keptAt: '2026-11-24T12:05:00.000Z',
  });

  it('keeps the draft while editing and drops it once saved', async () => {
    const { user } = renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    await openByDoubleClick(user, 'Moon Run');
    await user.type(productInput(), ' Deluxe');
    // Written once typing pauses.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')).toMatchObject({
        userId: seller.id,
        original: { id: 12, version: 4 },
        draft: { product: 'Moon Run Deluxe' },
      }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Offer updated'));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('offers a kept draft back; resuming shows its values in the editor', async () => {
    keep(kept());
    const { user, updates } = renderManageOffers();
    const offer = await screen.findByRole('region', { name: 'Unsaved edit' });
    expect(offer).toHaveTextContent('You have unsaved changes to “Moon Run”');
    await user.click(within(offer).getByRole('button', { name: 'Resume editing' }));

    await waitFor(() => expect(productInput()).toHaveValue('Moon Run Remastered'));
    expect(priceInput()).toHaveValue('18.00');
    expect(within(editingRow()).getByRole('button', { name: 'Update Moon Run' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unsaved edit' })).not.toBeInTheDocument();

    await user.click(within(editingRow()).getByRole('button', { name: 'Update Moon Run' }));
    await waitFor(() =>
      expect(updates()).toEqual([
        { source: 'row_edit', offers: [{ id: 12, version: 4, product: 'Moon Run Remastered', unit_price: '18.00' }] },
      ]),
    );
  });

  it('drops a kept draft on Discard changes', async () => {
    keep(kept());
    const { user } = renderManageOffers();
    const offer = await screen.findByRole('region', { name: 'Unsaved edit' });
    await user.click(within(offer).getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('region', { name: 'Unsaved edit' })).not.toBeInTheDocument();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(within(grid()).queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument();
  });

  it.each([
    ['unreadable JSON', '{"userId": 7, "original":'],
    ['a draft of another shape', JSON.stringify({ ...kept(), draft: { product: 42 } })],
    ['a draft without its offer', JSON.stringify({ ...kept(), original: null })],
  ])('ignores %s', async (_, stored) => {
    localStorage.setItem(DRAFT_KEY, stored);
    renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    expect(screen.queryByRole('region', { name: 'Unsaved edit' })).not.toBeInTheDocument();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('does not offer another user’s draft', async () => {
    keep(kept(8));
    renderManageOffers();
    await screen.findByRole('rowheader', { name: 'Moon Run' });
    expect(screen.queryByRole('region', { name: 'Unsaved edit' })).not.toBeInTheDocument();
  });
});

describe('ManageOffersPage: selection', () => {
  it('selects a range with Shift+click and announces the count', async () => {
    const offers = ['Ash Road', 'Blue Sun', 'Cold Iron', 'Dust Bowl'].map((product, index) =>
      anOffer({ id: 21 + index, product }),
    );
    const { user } = renderManageOffers({ offers });
    await screen.findByRole('rowheader', { name: 'Ash Road' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Ash Road' }));
    expect(lastAnnouncement()).toBe('1 row selected');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Cold Iron' }));
    await user.keyboard('{/Shift}');

    expect(lastAnnouncement()).toBe('3 rows selected');
    for (const product of ['Ash Road', 'Blue Sun', 'Cold Iron']) {
      expect(rowOf(product)).toHaveAttribute('aria-selected', 'true');
    }
    expect(rowOf('Dust Bowl')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked();
  });
});

describe('Manage Offers: the date-time filter', () => {
  it('lists the offers valid at the moment in the URL, shows it, and clears it', async () => {
    const { user, server, location } = renderManageOffers({
      path: '/seller/manage-offers?valid_at=2026-11-24T12:05:00Z',
    });
    await screen.findByRole('grid', { name: 'Published offers' });
    expect(server.callsTo(LIST)[0]?.query.get('valid_at')).toBe('2026-11-24T12:05:00Z');
    // Shown as the picker writes it and named in words, in the browser's zone.
    const moment = toLocalIso('2026-11-24T12:05:00Z');
    const trigger = screen.getByRole('button', { name: `Valid at: ${spokenDateTime(moment)}` });
    expect(shownText(trigger)).toMatch(/^24\/11\/2026, \d{1,2}:05 [AP]M$/);

    await user.click(screen.getByRole('button', { name: 'Clear Valid at' }));
    expect(location.history.at(-1)).toBe('/seller/manage-offers');
    await waitFor(() => expect(server.callsTo(LIST).at(-1)?.query.get('valid_at')).toBeNull());
  });
});
