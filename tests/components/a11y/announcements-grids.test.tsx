/**
 * The announcement contract (behaviour §10), grids: entering each grid, moving by row and by
 * column, a sort, the selection count. Test names carry the contract's row numbers.
 */
import { screen, within } from '@testing-library/react';
import { expectHeard, focus, headersOfFocus, heard, listen, next, press } from '../../support/screen-reader';
import {
  renderBilling,
  renderManageOffers,
  renderMyOrders,
  renderOffers,
  renderReviewOrders,
  rowHeader,
} from './announcement-fixtures';

/** From the grid's scrolling region, the reader's next item is the grid: name, columns, rows. */
async function enterGrid(region: string) {
  await listen(screen.getByRole('region', { name: region }));
  await next();
  return heard();
}

describe('entering a grid', { timeout: 30_000 }, () => {
  it('G1 Offers', async () => {
    renderOffers();
    await rowHeader('Moon Run');
    expect(await enterGrid('Regular offers')).toEqual(['grid, Regular offers, column count 9, row count 3']);
  });

  it('G2 Manage Offers', async () => {
    renderManageOffers();
    await rowHeader('Moon Run');
    expect(await enterGrid('Published offers')).toEqual([
      'grid, Published offers, column count 10, multi-selectable, row count 3',
    ]);
  });

  it('G3 My Orders: the row count is the whole list’s, not the page’s', async () => {
    renderMyOrders();
    await rowHeader('#43');
    expect(await enterGrid('Completed orders')).toEqual(['grid, Completed orders, column count 6, row count 13']);
  });

  it('G4 Review Orders', async () => {
    renderReviewOrders();
    await rowHeader('#43');
    expect(await enterGrid('In Progress orders')).toEqual(['grid, In Progress orders, column count 7, row count 3']);
  });

  it('G5 Billing', async () => {
    renderBilling();
    await rowHeader('INV-2026-0002');
    expect(await enterGrid('Invoices')).toEqual(['grid, Invoices, column count 8, row count 3']);
  });
});

describe('moving in a grid', { timeout: 30_000 }, () => {
  it('G6–G10 reads each cell, named by its row header on a row move and its column header on a column move', async () => {
    const { user } = renderOffers();
    const moonRun = await rowHeader('Moon Run');
    await listen(screen.getByRole('region', { name: 'Regular offers' }));

    await focus(moonRun);
    await expectHeard(['rowheader, Moon Run']);

    // G7: by column, the column header names the cell.
    await user.keyboard('{ArrowRight}');
    await expectHeard(['gridcell, Quartz Games']);
    expect((await headersOfFocus()).column).toBe('columnheader, Publisher');

    // G8: by row, the row header names it.
    await user.keyboard('{ArrowUp}');
    await expectHeard(['gridcell, Nebula Works']);
    expect((await headersOfFocus()).row).toBe('rowheader, Starfall Tactics');

    // G9: the header row, with the sorted column's order.
    await user.keyboard('{ArrowUp}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expectHeard([
      'columnheader, Publisher',
      'columnheader, Seller',
      'columnheader, Region',
      'columnheader, Start, sorted in descending order',
    ]);

    // G10: Enter goes into a cell's widgets, Escape back to the cell.
    await user.keyboard('{End}{ArrowDown}{ArrowLeft}{Enter}');
    await expectHeard([
      'columnheader, Action',
      'gridcell, Special price',
      'gridcell, 1 Add',
      'spinbutton, Quantity for Starfall Tactics, 1, max value 100000, min value 1',
    ]);
    await user.keyboard('{Escape}');
    await expectHeard(['gridcell, 1 Add']);
  });
});

describe('sorting and selecting', { timeout: 30_000 }, () => {
  it('G11–G16 says the new order of a sorted column, and the count of selected rows', async () => {
    const { user } = renderManageOffers();
    const moonRun = await rowHeader('Moon Run');
    const grid = screen.getByRole('grid', { name: 'Published offers' });
    await listen();

    await focus(within(grid).getByRole('columnheader', { name: 'Product' }));
    await heard();
    await press('Enter');
    await expectHeard(['polite: Sorted by Product, ascending', 'columnheader, Product, sorted in ascending order']);
    await press('Enter');
    await expectHeard(['polite: Sorted by Product, descending', 'columnheader, Product, sorted in descending order']);

    // G13: the selection cell says its row's state.
    await focus(moonRun.closest('tr')?.querySelector('[data-grid-select]'));
    await expectHeard(['gridcell, Select Moon Run, not selected']);
    await press(' ');
    await expectHeard(['polite: 1 row selected', 'gridcell, Select Moon Run, selected']);
    await user.keyboard('{ArrowUp}{Shift>} {/Shift}');
    await expectHeard(['gridcell, Select Starfall Tactics, not selected', 'polite: 2 rows selected']);
    await user.keyboard(' ');
    await expectHeard(['polite: 1 row selected']);

    // G16: the page's checkbox selects every row of the page, then none.
    await user.keyboard('{ArrowUp} ');
    await expectHeard(['columnheader, Select all rows on this page', 'polite: 2 rows selected']);
    await user.keyboard(' ');
    await expectHeard(['polite: No rows selected']);
  });
});
