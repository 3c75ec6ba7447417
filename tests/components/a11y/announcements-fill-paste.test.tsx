/**
 * The announcement contract (behaviour §10), Manage Offers' fill, paste and copy: the preview
 * opening, its result, a copy, a paste larger than the page, and a fill with nothing above. Test
 * names carry the contract's row numbers. They also drive the page's keys: Ctrl+D, paste and copy
 * on a focused cell.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { Reply } from '../../support/render';
import { expectHeard, focus, focusReaches, heard, listen } from '../../support/screen-reader';
import { moonRun, renderManageOffers, rowHeader } from './announcement-fixtures';

const UPDATE = 'POST /api/v1/manage-offers/update/';

const cellOf = async (product: string, text: string) => {
  const row = (await rowHeader(product)).closest('tr') as HTMLElement;
  return within(row).getByRole('gridcell', { name: text });
};
const preview = () => screen.getByRole('dialog', { name: 'Review changes' });

/** Manage Offers with the reader listening and focus on `product`'s unit price cell. */
async function onPriceOf(product: string, price: string, saves: Reply[] = []) {
  const page = renderManageOffers({ saves });
  const cell = await cellOf(product, price);
  await listen();
  await focus(cell);
  await expectHeard([`gridcell, ${price}`]);
  return page;
}

describe('fill, paste and copy', { timeout: 30_000 }, () => {
  it('P1, P2 Ctrl+D fills from the row above through the preview, and applying says how many were updated', async () => {
    const { user, server } = await onPriceOf('Moon Run', '€20.00');
    await user.keyboard('{Control>}d{/Control}');
    await focusReaches(preview);
    await expectHeard(['polite: Preview of 1 change', 'dialog, Review changes']);
    await user.click(within(preview()).getByRole('button', { name: 'Apply to 1 offer' }));
    await waitFor(() => expect(server.callsTo(UPDATE)).toHaveLength(1));
    const said: string[] = [];
    await waitFor(async () => {
      said.push(...(await heard()));
      expect(said).toContain('polite: 1 offer updated');
    });
    expect(server.callsTo(UPDATE)[0]?.body).toMatchObject({ source: 'fill', offers: [{ id: 12, version: 4 }] });
  });

  it('P3 a paste of two rows opens the preview with the refused cell counted', async () => {
    const { user } = await onPriceOf('Starfall Tactics', '€12.50');
    await user.paste('€9.50\r\n0\r\n');
    await focusReaches(preview);
    await expectHeard(['polite: Preview of 2 changes', 'dialog, Review changes']);
    expect(within(preview()).getByText('2 offers, 1 with problems')).toBeInTheDocument();
  });

  it('P4 a paste with more rows than remain on the page asks first', async () => {
    const { user } = await onPriceOf('Moon Run', '€20.00');
    await user.paste('1\n2\n3');
    const question = () => screen.getByRole('alertdialog', { name: 'Paste' });
    await focusReaches(question);
    await expectHeard([
      'alertdialog, Paste, This paste has 3 rows; 1 fit on this page from the focused row. Paste 1?',
      'button, Cancel',
    ]);
  });

  it('P5 Ctrl+C copies the focused cell as the grid shows it', async () => {
    await onPriceOf('Moon Run', '€20.00');
    const clipboardData = { setData: vi.fn(), getData: () => '' };
    fireEvent.copy(document.activeElement as Element, { clipboardData });
    await expectHeard(['polite: Copied 1 cell']);
    expect(clipboardData.setData).toHaveBeenCalledWith('text/plain', '€20.00');
  });

  it('P5 Ctrl+C with rows selected copies their editable cells', async () => {
    const { user } = await onPriceOf('Moon Run', '€20.00');
    await user.click(screen.getByRole('checkbox', { name: 'Select Moon Run' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Starfall Tactics' }));
    const cell = await cellOf('Moon Run', '€20.00');
    await focus(cell);
    await heard();
    const clipboardData = { setData: vi.fn(), getData: () => '' };
    fireEvent.copy(cell, { clipboardData });
    await expectHeard(['polite: Copied 2 rows']);
    const [, text] = clipboardData.setData.mock.calls[0] ?? [];
    expect(String(text).split('\n')).toHaveLength(2);
    expect(String(text).split('\n')[1]).toMatch(
      /^Moon Run\tQuartz Games\tQuartz Market\tNorth America\t.+\t.+\t€20\.00$/,
    );
  });

  it('P6 Ctrl+D on the first row without a selection has nothing to fill from', async () => {
    const { user } = await onPriceOf('Starfall Tactics', '€12.50');
    await user.keyboard('{Control>}d{/Control}');
    await expectHeard(['polite: There is no row above to fill from.']);
  });

  it('P8 applying meets an offer changed meanwhile', async () => {
    const theirs = { ...moonRun, unit_price: '15.00', version: 5 };
    const { user } = await onPriceOf('Moon Run', '€20.00', [
      { status: 409, body: { detail: 'Changed.', code: 'stale_version', offers: [theirs] } },
    ]);
    await user.keyboard('{Control>}d{/Control}');
    await focusReaches(preview);
    await expectHeard(['polite: Preview of 1 change', 'dialog, Review changes']);
    await user.click(within(preview()).getByRole('button', { name: 'Apply to 1 offer' }));
    await waitFor(() => expect(within(preview()).getByText('Changed since: now €15.00')).toBeInTheDocument());
    expect(await heard()).toContain('assertive: 1 offer changed meanwhile. Review them and apply again.');
  });

  it('P7 a paste that changes nothing', async () => {
    const { user } = await onPriceOf('Moon Run', '€20.00');
    await user.paste('20.00');
    await expectHeard(['polite: Nothing to change: the cells have these values already.']);
  });
});
