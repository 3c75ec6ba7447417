/**
 * The grid's render budget: a row re-renders only when its own data, selection or focus
 * changes. `rowRenders` records each row render (the row header cell renders with its row);
 * React's <Profiler> confirms how many commits a change takes, and the grid's own Profilers
 * (src/ui/data-grid-profiling.tsx) which rows a change reaches.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GridProfiling } from '@/ui/data-grid-profiling';
import { anItem, OffersGrid, rowRenders, someItems } from '../../support/grid';
import { profilerReports } from '../../support/profiled';

const items = someItems(25);

const pieces = profilerReports();
/** The rows the grid's Profilers reported since the last reset. */
const rowsReported = () => pieces.reported.filter((id) => id.startsWith('row:')).sort();

function renderCounted(ui: React.ReactNode) {
  const commits: string[] = [];
  const counted = (node: React.ReactNode) => (
    <Profiler id="test" onRender={(_, phase) => commits.push(phase)}>
      <GridProfiling value={pieces.onRender}>{node}</GridProfiling>
    </Profiler>
  );
  const view = render(counted(ui));
  const rerender = (next: React.ReactNode) => view.rerender(counted(next));
  return { commits, rerender };
}

/** Forgets what rendered so far: the next expectations count only what follows. */
function reset(commits: string[]) {
  rowRenders.length = 0;
  commits.length = 0;
  pieces.forget();
}

beforeEach(() => reset([]));

describe('DataGrid render counts', () => {
  it('re-renders only the two rows involved when focus moves', async () => {
    const user = userEvent.setup();
    const { commits } = renderCounted(<OffersGrid rows={items} />);
    expect(new Set(rowRenders).size).toBe(25);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 1' })).toHaveFocus();

    reset(commits);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('rowheader', { name: 'Product 2' })).toHaveFocus();
    expect(rowRenders.sort()).toEqual(['1', '2']);
    expect(rowsReported()).toEqual(['row:1', 'row:2']);
    expect(commits).toHaveLength(1);

    reset(commits);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(rowRenders).toEqual(['2', '2']);

    reset(commits);
    await user.keyboard('{PageDown}');
    expect(rowRenders.sort()).toEqual(['12', '2']);
  });

  it('re-renders exactly the row whose data changed', () => {
    const { rerender } = renderCounted(<OffersGrid rows={items} />);
    reset([]);
    const changed = items.map((item) => (item.id === 7 ? anItem(7, { unit_price: '99.00' }) : item));
    rerender(<OffersGrid rows={changed} />);
    expect(rowRenders).toEqual(['7']);
    expect(rowsReported()).toEqual(['row:7']);
    expect(screen.getByRole('gridcell', { name: '99.00' })).toBeInTheDocument();
  });

  it('re-renders no row when the parent renders again with the same rows', () => {
    const { commits, rerender } = renderCounted(<OffersGrid rows={items} />);
    reset(commits);
    rerender(<OffersGrid rows={items} isLoading />);
    rerender(<OffersGrid rows={[...items]} />);
    expect(rowRenders).toEqual([]);
    expect(rowsReported()).toEqual([]);
    expect(pieces.times('grid')).toBe(2);
    expect(commits).toHaveLength(2);
  });

  it('re-renders only the row whose selection changed', async () => {
    const user = userEvent.setup();
    renderCounted(<OffersGrid rows={items} withSelection />);
    reset([]);
    await user.click(screen.getByRole('checkbox', { name: 'Select Product 5' }));
    expect(new Set(rowRenders)).toEqual(new Set(['5']));
  });
});
