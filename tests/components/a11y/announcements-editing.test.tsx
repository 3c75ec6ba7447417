/**
 * The announcement contract (behaviour §10), Manage Offers' editing row: starting an edit, a
 * refused field, saving, cancelling, a failure, a conflict, leaving a changed row, and a row not
 * saved (its Retry, and leaving it). Test names
 * carry the contract's row numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { deferred, type Reply } from '../../support/render';
import { expectHeard, focus, heard, listen, phraseOf } from '../../support/screen-reader';
import { moonRun, renderManageOffers, rowHeader } from './announcement-fixtures';

const product = () => screen.getByRole('textbox', { name: 'Product' });
const conflict: Reply = {
  status: 409,
  body: {
    detail: 'Offer 12 has changed since you started editing it; nothing was saved.',
    code: 'stale_version',
    offers: [{ ...moonRun, version: 5, product: 'Moon Run (2026)' }],
  },
};

/** Manage Offers with the reader listening and Moon Run's row editing, opened with Enter on its publisher. */
async function editMoonRun(saves: Reply[] = [], held?: Promise<void>) {
  const page = renderManageOffers({ saves, ...(held && { held }) });
  const row = (await rowHeader('Moon Run')).closest('tr') as HTMLElement;
  await listen();
  await focus(within(row).getByRole('gridcell', { name: 'Quartz Games' }));
  await heard();
  await page.user.keyboard('{Enter}');
  await waitFor(() => expect(product()).toHaveFocus());
  return page;
}

const quartzGames = () =>
  within(screen.getByRole('rowheader', { name: /^Moon Run/ }).closest('tr') as HTMLElement).getByRole('gridcell', {
    name: 'Quartz Games',
  });
const alertText = () => screen.getByRole('alert');

describe('the editing row', { timeout: 30_000 }, () => {
  it('E1, E2, E4, E5 starts with the product, says why a save is refused, says it saved; Escape cancels', async () => {
    const { user } = await editMoonRun();
    await expectHeard(['textbox, Product, Moon Run']);

    await user.keyboard('{Control>}a{/Control}{Backspace}{Enter}');
    await waitFor(() => expect(product()).toBeInvalid());
    await expectHeard(['polite: 1 row with errors', 'assertive: Offer not saved. Product: Enter a product name.']);

    await user.keyboard('Moon Run II{Enter}');
    await waitFor(() => expect(quartzGames()).toHaveFocus());
    await expectHeard(['polite: Offer updated', 'gridcell, Quartz Games']);

    // E5: cancelled, nothing is said; focus goes back to the cell the edit began from.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(product()).toHaveFocus());
    await user.keyboard(' III{Escape}');
    await waitFor(() => expect(quartzGames()).toHaveFocus());
    await expectHeard(['textbox, Product, Moon Run II', 'gridcell, Quartz Games']);
  });

  it('E3, E6 says the server’s field message, and a failure once', async () => {
    const { user } = await editMoonRun([
      { status: 400, body: { 'offers.0.unit_price': ['Ensure this value is less than or equal to 1000000.00.'] } },
      { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
    ]);
    await heard();
    await user.keyboard(' II{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Unit price' })).toBeInvalid());
    // The save runs in the background: the row closes on Enter and the refusal opens it again.
    await expectHeard([
      'gridcell, Quartz Games',
      'textbox, Product, Moon Run II',
      'assertive: Offer not saved. Unit price: Ensure this value is less than or equal to 1000000.00.',
      'polite: 1 row with errors',
    ]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(alertText()).toHaveTextContent('You do not have permission to update this offer'));
    await expectHeard([
      'gridcell, Quartz Games',
      'polite: 1 row with errors',
      'assertive: You do not have permission to update this offer',
    ]);
  });

  it('R1 a save answered while another row edits says it saved, and focus stays in that row', async () => {
    const hold = deferred<void>();
    const { user } = await editMoonRun([], hold.promise);
    await user.keyboard(' II{Enter}');
    await waitFor(() => expect(quartzGames()).toHaveFocus());
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(product()).toHaveFocus());
    await heard();

    hold.resolve();
    await expectHeard(['polite: Offer updated']);
    expect(product()).toHaveFocus();
    expect(product()).toHaveValue('Starfall Tactics');
  });

  it('R2 a row not saved says why with its Retry button', async () => {
    const { user } = await editMoonRun([{ status: 403, body: { detail: 'You do not have permission.' } }]);
    await user.keyboard(' II{Enter}');
    const retry = await screen.findByRole('button', { name: 'Retry Moon Run' });
    await heard();
    await focus(retry);
    await expectHeard(['button, Retry Moon Run, Not saved: You do not have permission to update this offer']);
  });

  it('R4 counts the rows in error as they change, and F8 goes to the next error', async () => {
    const { user } = await editMoonRun([{ status: 403, body: { detail: 'You do not have permission.' } }]);
    await heard();
    await user.keyboard(' II{Enter}');
    await screen.findByRole('button', { name: 'Retry Moon Run' });
    await expectHeard([
      'gridcell, Quartz Games',
      'polite: 1 row with errors',
      'assertive: You do not have permission to update this offer',
    ]);

    await user.keyboard('{F8}');
    await expectHeard(['button, Retry Moon Run, Not saved: You do not have permission to update this offer']);
  });

  it('R3 leaving with a row not saved asks first', async () => {
    const { user } = await editMoonRun([{ status: 403, body: { detail: 'You do not have permission.' } }]);
    await user.keyboard(' II{Enter}');
    await screen.findByRole('button', { name: 'Retry Moon Run' });
    await heard();
    // From the keyboard: on Reset filters first, then Enter.
    await focus(screen.getByRole('button', { name: 'Reset filters' }));
    await expectHeard(['button, Reset filters']);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await expectHeard([
      'alertdialog, Leave offers that are not saved?, These offers are saving or were not saved: Moon Run. Changes that were not saved are dropped.',
      'button, Stay',
    ]);
  });

  it('E7 a conflict: says someone else changed the offer, opens the comparison, and keeping mine saves', async () => {
    const { user } = await editMoonRun([conflict]);
    await heard();
    await user.keyboard(' II{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'This offer changed meanwhile' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // The row opens again with the answer (its product field takes focus), and the dialog takes focus from it.
    await expectHeard(
      [
        'gridcell, Quartz Games',
        'assertive: Someone else changed this offer. Compare the two versions and keep one.',
        'dialog, This offer changed meanwhile',
      ],
      { passedThrough: ['textbox, Product, Moon Run II'] },
    );

    await user.click(within(dialog).getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(quartzGames()).toHaveFocus());
    // The save goes on in the background: focus goes straight back to the cell.
    await expectHeard(['gridcell, Quartz Games', 'polite: Offer updated']);
  });

  it('E7 keeping their version ends the edit, and focus goes back to the cell it began from', async () => {
    const { user } = await editMoonRun([conflict]);
    await user.keyboard(' II{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'This offer changed meanwhile' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await heard();

    await user.click(within(dialog).getByRole('button', { name: 'Keep their version' }));
    await waitFor(() => expect(quartzGames()).toHaveFocus());
    await expectHeard(['gridcell, Quartz Games']);
  });

  it('E8 leaving a changed row asks first; staying gives focus back to the cell pressed', async () => {
    const { user } = await editMoonRun();
    await user.keyboard(' II');
    const starfall = within((await rowHeader('Starfall Tactics')).closest('tr') as HTMLElement);
    await heard();
    const nebulaWorks = starfall.getByRole('gridcell', { name: 'Nebula Works' });
    await user.dblClick(nebulaWorks);
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await expectHeard([
      'gridcell, Nebula Works',
      'alertdialog, Discard your changes to “Moon Run”?, The changes in the row you are editing have not been saved.',
      'button, Keep editing',
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(nebulaWorks).toHaveFocus());
    await expectHeard(['gridcell, Nebula Works']);
  });

  it('E9 a select of the row is heard alike before and after it becomes the real widget, and opens with Alt+Down', async () => {
    const { user } = await editMoonRun();
    const row = product().closest('tr') as HTMLElement;
    const standIn = within(row).getByRole('button', { name: 'Quartz Games Publisher' });
    expect(await phraseOf(standIn)).toBe('button, Quartz Games Publisher, not expanded, has popup listbox');
    await heard();

    await focus(standIn);
    const select = within(row).getByRole('button', { name: /Quartz Games\s+Publisher/ });
    await waitFor(() => expect(select).toHaveFocus());
    await expectHeard(['button, Quartz Games Publisher, not expanded, has popup listbox']);

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('listbox');
    await expectHeard(['dialog, Publisher', 'option, Quartz Games, selected, position 2, set size 2']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(select).toHaveFocus());
    await expectHeard(['button, Quartz Games Publisher, not expanded, has popup listbox']);
  });
});
