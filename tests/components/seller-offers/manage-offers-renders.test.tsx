/**
 * Editing one row re-renders that row only (the editing targets, docs/performance.md): the
 * Manage Offers columns and editing row in a grid of 100 offers, with the page's row editing.
 * `rowRenders` records each row render (the row header cell renders with a viewing row, the product editor
 * with the editing one); the grid's Profilers (src/ui/data-grid-profiling.tsx) report by id what
 * rendered: the grid (`grid`), each row (`row:<id>`) and each cell's content (`cell:<id>:<column>`).
 */
import type { CellContext } from '@tanstack/react-table';
import { screen, waitFor, within } from '@testing-library/react';
import { type ComponentType, useMemo } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer, OfferChange } from '@/api/models';
import { type ManageOffersMeta, publishedColumns } from '@/features/seller-offers/components/manage-offer-columns';
import { offerEditors } from '@/features/seller-offers/components/offer-editor-cells';
import { RowEditingContext } from '@/features/seller-offers/row-editing-context';
import { useOfferRowEditing } from '@/features/seller-offers/use-offer-row-editing';
import { DataGrid } from '@/ui/data-grid';
import type { GridEditorProps, GridFeatures } from '@/ui/data-grid.types';
import { GridProfiling } from '@/ui/data-grid-profiling';
import { anOffer, aProfile, someOptions } from '../../support/fixtures';
import { profilerReports } from '../../support/profiled';
import { asRead } from '../../support/read';
import { renderPage, type SeenRequest } from '../../support/render';

const ROWS = 100;
/** As the server sends them, and as the grid holds them once read. */
const wireOffers = Array.from({ length: ROWS }, (_, index) => anOffer({ id: index + 1, product: `Game ${index + 1}` }));
const offers = wireOffers.map((offer) => asRead(offer));
const seller = aProfile({ permissions: ['add_offer'] });

/** The ids of the rows rendered since the last `reset()`. */
const rowRenders: string[] = [];

const ProductEditor: ComponentType<GridEditorProps<Offer>> = offerEditors.product;

function CountedProductEditor({ row }: GridEditorProps<Offer>) {
  rowRenders.push(String(row.id));
  return <ProductEditor row={row} />;
}

const columns = publishedColumns.map((column) => {
  const { cell } = column;
  if (column.id !== 'product' || typeof cell !== 'function') return column;
  return {
    ...column,
    cell: (info: CellContext<GridFeatures<Offer, ManageOffersMeta>, Offer, unknown>) => {
      rowRenders.push(info.row.id);
      return cell(info);
    },
    meta: { ...column.meta, editor: CountedProductEditor },
  };
});

/** The Manage Offers grid as the page wires it, without the page's lists, filters and dialogs. */
function EditableGrid() {
  const { editing, rowEditor: editor, start } = useOfferRowEditing({ rows: offers, userId: seller.id });
  const context = useMemo(() => ({ editing }), [editing]);
  const meta = useMemo(
    (): ManageOffersMeta => ({ edit: start, warm: () => undefined, history: () => undefined }),
    [start],
  );
  return (
    <RowEditingContext.Provider value={context}>
      <DataGrid
        label="Published offers"
        columns={columns}
        rows={offers}
        getRowId={(offer) => String(offer.id)}
        isLoading={false}
        problem={null}
        onRetry={() => undefined}
        emptyTitle="No published offers match these filters"
        ordering={null}
        onOrderingChange={() => undefined}
        page={1}
        pageSize={ROWS}
        total={ROWS}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        onRowAction={editor.onEdit}
        meta={meta}
        rowEditor={editor}
      />
    </RowEditingContext.Provider>
  );
}

const { onRender, reported, forget, times } = profilerReports();

function renderCounted() {
  return renderPage(
    <GridProfiling value={onRender}>
      <EditableGrid />
    </GridProfiling>,
    {
      signedIn: seller,
      routes: {
        'GET /api/v1/options/': { body: someOptions },
        'POST /api/v1/manage-offers/update/': ({ body }: SeenRequest) => {
          const [change] = (body as { offers: OfferChange[] }).offers;
          const offer = wireOffers.find(({ id }) => id === change?.id);
          return { body: { count: 1, offers: [{ ...offer, ...change, version: (offer?.version ?? 1) + 1 }] } };
        },
      },
    },
  );
}

/** Forgets what rendered so far: the next expectations count only what follows. */
function reset() {
  rowRenders.length = 0;
  forget();
}

/** The rows that rendered, or anything in them. */
const rowsReported = () => new Set(reported.filter((id) => id.startsWith('row:')));
/**
 * A keystroke in the product input redraws, on the first change only, the Action cell: `row:50`
 * reports as its row. Any other id is a redraw outside it (the grid, another row, the editing
 * row's cells all drawn anew, the input's own cell or another cell's content).
 */
const outsideTheInput = (...cells: string[]) => reported.filter((id) => id !== 'row:50' && !cells.includes(id));

const rowOf = (product: string) => {
  const row = screen.getByRole('rowheader', { name: product }).closest('tr');
  if (!row) throw new Error(`No row for ${product}`);
  return row;
};
const productInput = () => screen.getByRole('textbox', { name: 'Product' });

/** Focus on a cell of row 50 first, so the counts that follow are of editing alone. */
async function startEditing(user: ReturnType<typeof renderPage>['user']) {
  const publisher = within(rowOf('Game 50')).getByRole('gridcell', { name: 'Nebula Works' });
  await user.click(publisher);
  await waitFor(() => expect(publisher).toHaveFocus());
  reset();
  await user.dblClick(publisher);
  await waitFor(() => expect(productInput()).toHaveFocus());
}

beforeEach(reset);

describe('Manage Offers editing render counts (100 rows)', () => {
  it('redraws only the editing row when an edit starts, and no row while typing', async () => {
    const { user } = renderCounted();
    await screen.findByRole('rowheader', { name: 'Game 100' });
    expect(new Set(rowRenders).size).toBe(ROWS);

    await startEditing(user);
    expect(new Set(rowRenders)).toEqual(new Set(['50']));
    expect(rowsReported()).toEqual(new Set(['row:50']));
    expect(times('grid')).toBe(0);
    expect(times('cell:50:product')).toBeGreaterThan(0);

    // The first change turns Cancel into Update: the Action cell redraws; the input holds its text.
    reset();
    await user.keyboard('!');
    expect(productInput()).toHaveValue('Game 50!');
    expect(rowRenders).toEqual([]);
    expect(outsideTheInput('cell:50:action')).toEqual([]);
    expect(times('cell:50:product')).toBe(0);
    expect(times('cell:50:action')).toBe(1);

    // Later keystrokes redraw nothing.
    reset();
    await user.keyboard('?');
    expect(productInput()).toHaveValue('Game 50!?');
    expect(rowRenders).toEqual([]);
    expect(outsideTheInput()).toEqual([]);
    expect(times('cell:50:action')).toBe(0);
  });

  it('redraws only that row when the edit is saved', async () => {
    const { user, server } = renderCounted();
    await screen.findByRole('rowheader', { name: 'Game 100' });
    await startEditing(user);
    await user.keyboard('!');

    reset();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Product' })).not.toBeInTheDocument());
    expect(server.callsTo('POST /api/v1/manage-offers/update/')).toHaveLength(1);
    expect(new Set(rowRenders)).toEqual(new Set(['50']));
    expect(rowsReported()).toEqual(new Set(['row:50']));
    expect(times('grid')).toBe(0);
  });

  it('redraws only that row when the edit is cancelled', async () => {
    const { user } = renderCounted();
    await screen.findByRole('rowheader', { name: 'Game 100' });
    await startEditing(user);
    await user.keyboard('!');

    reset();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(rowOf('Game 50')).getByRole('gridcell', { name: 'Nebula Works' })).toHaveFocus());
    expect(new Set(rowRenders)).toEqual(new Set(['50']));
    expect(rowsReported()).toEqual(new Set(['row:50']));
    expect(times('grid')).toBe(0);
  });
});
