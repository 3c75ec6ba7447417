import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageSize } from '@/lib/preferences';
import { cellsOf, lastAnnouncement, OffersGrid, rowNamed, someItems } from '../../support/grid';

const headerRow = () => screen.getAllByRole('row')[0] as HTMLElement;

/** Tabs into the grid: the scrolling region first, then the grid's one tab stop. */
async function tabIntoGrid(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  expect(screen.getByRole('region', { name: 'Offers' })).toHaveFocus();
  await user.tab();
}

describe('DataGrid keyboard', () => {
  it('moves between cells with arrows, Home/End and Ctrl+Home/End, keeping one tab stop', async () => {
    const user = userEvent.setup();
    render(<OffersGrid />);
    await tabIntoGrid(user);
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 1' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(rowNamed('Product 1')).getByRole('gridcell', { name: 'Publisher 1' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(cellsOf(rowNamed('Product 1')).at(-1)).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 2' })).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cellsOf(rowNamed('Product 12')).at(-1)).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveFocus();

    const grid = screen.getByRole('grid', { name: 'Offers' });
    const tabStops = [...grid.querySelectorAll('*')].filter((element) => (element as HTMLElement).tabIndex === 0);
    expect(tabStops).toEqual([screen.getByRole('columnheader', { name: 'Product' })]);
  });

  it('moves 10 rows with Page Down and Page Up, clamped to the first and last rows', async () => {
    const user = userEvent.setup();
    render(<OffersGrid />);
    await tabIntoGrid(user);
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 10' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 12' })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('rowheader', { name: 'Product 2' })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveFocus();
  });

  it('goes into a cell with Enter, between its widgets with Tab, and back out with Escape', async () => {
    const user = userEvent.setup();
    render(<OffersGrid />);
    await tabIntoGrid(user);
    await user.keyboard('{ArrowDown}{End}');
    const actionCell = cellsOf(rowNamed('Product 1')).at(-1) as HTMLElement;
    expect(actionCell).toHaveFocus();

    await user.keyboard('{Enter}');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Product 1' });
    expect(quantity).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(quantity).toHaveFocus();
    await user.tab();
    expect(within(actionCell).getByRole('button', { name: 'Add to basket' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(actionCell).toHaveFocus();

    await user.keyboard('{F2}');
    expect(quantity).toHaveFocus();
    await user.tab({ shift: true });
    expect(actionCell).toHaveFocus();
    await user.keyboard('{F2}');
    await user.tab();
    await user.tab();
    expect(screen.getByLabelText('Rows per page')).toHaveFocus();
  });

  it('keeps the widgets of cells out of the tab order', () => {
    render(<OffersGrid />);
    for (const button of screen.getAllByRole('button', { name: 'Add to basket' })) expect(button.tabIndex).toBe(-1);
    for (const input of screen.getAllByRole('spinbutton')) expect(input.tabIndex).toBe(-1);
  });

  it('keeps widgets out of the tab order when rows come later or a widget puts itself back in', async () => {
    const { rerender } = render(<OffersGrid rows={someItems(2)} />);
    rerender(<OffersGrid rows={someItems(5)} />);
    const added = within(rowNamed('Product 4')).getByRole('button', { name: 'Add to basket' });
    await waitFor(() => expect(added.tabIndex).toBe(-1));
    added.tabIndex = 0;
    await waitFor(() => expect(added.tabIndex).toBe(-1));
  });

  it('keeps focus in the grid when the focused row leaves on a reload', async () => {
    const user = userEvent.setup();
    const items = someItems(5);
    const { rerender } = render(<OffersGrid rows={items} />);
    await tabIntoGrid(user);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 3' })).toHaveFocus();
    rerender(<OffersGrid rows={items.filter((item) => item.id !== 3)} />);
    expect(screen.getByRole('rowheader', { name: 'Product 4' })).toHaveFocus();
  });

  it('activates a row with Enter on its row header', async () => {
    const user = userEvent.setup();
    const onRowAction = vi.fn();
    render(<OffersGrid onRowAction={onRowAction} />);
    await tabIntoGrid(user);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onRowAction).toHaveBeenCalledWith('2');
  });
});

describe('DataGrid sorting', () => {
  it('sorts by clicking a header, flipping the direction, and announces it', async () => {
    const user = userEvent.setup();
    render(<OffersGrid />);
    expect(screen.getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Product' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('columnheader', { name: 'Product' }));
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Start' })).not.toHaveAttribute('aria-sort');
    expect(lastAnnouncement()).toBe('Sorted by Product, ascending');

    await user.click(screen.getByRole('columnheader', { name: 'Product' }));
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveAttribute('aria-sort', 'descending');
    expect(lastAnnouncement()).toBe('Sorted by Product, descending');

    await user.click(screen.getByRole('columnheader', { name: 'Publisher' }));
    expect(screen.getByRole('columnheader', { name: 'Publisher' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Product' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts with Enter and Space on a header; a column starts in its first direction', async () => {
    const user = userEvent.setup();
    const onOrderingChange = vi.fn();
    render(<OffersGrid ordering="product" onOrderingChange={onOrderingChange} />);
    await tabIntoGrid(user);
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onOrderingChange).toHaveBeenLastCalledWith('-start_date');
    expect(lastAnnouncement()).toBe('Sorted by Start, descending');
    await user.keyboard('{ArrowRight}[Space]');
    expect(onOrderingChange).toHaveBeenLastCalledWith('unit_price');
    expect(lastAnnouncement()).toBe('Sorted by Unit price, ascending');
  });
});

describe('DataGrid states', () => {
  it('shows skeleton rows of the page size before the first rows arrive', () => {
    render(<OffersGrid rows={null} isLoading />);
    const grid = screen.getByRole('grid', { name: 'Offers' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading Offers' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('row')).toHaveLength(1);
    expect(within(grid).getAllByRole('row', { hidden: true })).toHaveLength(1 + pageSize.read());
  });

  it('keeps the rows while the next page loads', () => {
    render(<OffersGrid isLoading />);
    expect(screen.getByRole('grid', { name: 'Offers' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('rowheader', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading Offers' })).toBeInTheDocument();
  });

  it('says when nothing matches and offers to reset the filters', async () => {
    const user = userEvent.setup();
    const onResetFilters = vi.fn();
    render(<OffersGrid rows={[]} emptyText="Try another publisher." onResetFilters={onResetFilters} />);
    expect(screen.getByText('No offers match these filters.')).toBeInTheDocument();
    expect(screen.getByText('Try another publisher.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onResetFilters).toHaveBeenCalledOnce();
    expect(screen.getByText('0 of 0')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<OffersGrid rows={null} problem="The offers could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The offers could not be loaded.');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('right-aligns money columns', () => {
    render(<OffersGrid />);
    expect(within(rowNamed('Product 3')).getByRole('gridcell', { name: '3.50' })).toHaveAttribute('data-align', 'end');
  });
});

describe('DataGrid pagination', () => {
  it('shows the range and moves between pages', async () => {
    const user = userEvent.setup();
    render(<OffersGrid total={200} />);
    expect(screen.getByText('1–10 of 200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11–20 of 200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('remembers the page size for every grid', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<OffersGrid total={200} />);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(screen.getByText('1–25 of 200')).toBeInTheDocument();
    expect(pageSize.read()).toBe(25);
    unmount();
    render(<OffersGrid total={200} />);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('25');
  });
});

describe('DataGrid selection', () => {
  it('selects rows by checkbox, all on the page from the header, and announces the count', async () => {
    const user = userEvent.setup();
    render(<OffersGrid withSelection />);
    expect(screen.getByRole('grid', { name: 'Offers' })).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 2' }));
    expect(rowNamed('Product 2')).toHaveAttribute('aria-selected', 'true');
    expect(rowNamed('Product 1')).toHaveAttribute('aria-selected', 'false');
    expect(lastAnnouncement()).toBe('1 row selected');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(all).toBeChecked();
    expect(lastAnnouncement()).toBe('12 rows selected');
    await user.click(all);
    expect(lastAnnouncement()).toBe('No rows selected');
    expect(rowNamed('Product 2')).toHaveAttribute('aria-selected', 'false');
  });

  it('toggles a row with Space on its selection cell', async () => {
    const user = userEvent.setup();
    render(<OffersGrid withSelection />);
    await tabIntoGrid(user);
    await user.keyboard('{ArrowDown}[Space]');
    expect(rowNamed('Product 1')).toHaveAttribute('aria-selected', 'true');
    expect(cellsOf(headerRow())).toHaveLength(6);
  });
});

describe('DataGrid sideways scrolling', () => {
  /** A ResizeObserver the test drives: `resize()` calls back as the browser would after a resize. */
  function stubResizeObserver() {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const resize = () => {
      for (const callback of callbacks) callback();
    };
    return { resize: () => act(resize) };
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks the scrolling region while its table is wider than it, so the row names stick only then', () => {
    const browser = stubResizeObserver();
    render(<OffersGrid />);
    const region = screen.getByRole('region', { name: 'Offers' });
    const widths = { content: 800, region: 1000 };
    Object.defineProperty(region, 'scrollWidth', { get: () => widths.content });
    Object.defineProperty(region, 'clientWidth', { get: () => widths.region });
    browser.resize();
    expect(region).not.toHaveAttribute('data-scrolls-sideways');
    widths.region = 600;
    browser.resize();
    expect(region).toHaveAttribute('data-scrolls-sideways');
    widths.region = 900;
    browser.resize();
    expect(region).not.toHaveAttribute('data-scrolls-sideways');
  });
});
