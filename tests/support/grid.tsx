/** A grid of offers for the data grid's tests, with a render counter in the row header cell. */
import { screen } from '@testing-library/react';
import { type ComponentProps, useState } from 'react';
import { pageSize, pageSizes } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';
import { Button } from '@/ui/button';
import { createGridColumns, DataGrid } from '@/ui/data-grid';

export type Item = { id: number; product: string; publisher: string; start_date: string; unit_price: string };

export const anItem = (id: number, overrides: Partial<Item> = {}): Item => ({
  id,
  product: `Product ${id}`,
  publisher: `Publisher ${id}`,
  start_date: `2026-01-${String(id).padStart(2, '0')}`,
  unit_price: `${id}.50`,
  ...overrides,
});

export const someItems = (count: number) => Array.from({ length: count }, (_, index) => anItem(index + 1));

/** The ids of the rows rendered since the last reset: the row header cell renders with its row. */
export const rowRenders: string[] = [];

const column = createGridColumns<Item>();
const columns = column.columns([
  column.accessor('product', {
    header: 'Product',
    enableSorting: true,
    meta: { isRowHeader: true },
    cell: (info) => {
      rowRenders.push(info.row.id);
      return info.getValue();
    },
  }),
  column.accessor('publisher', { header: 'Publisher' }),
  column.accessor('start_date', { header: 'Start', enableSorting: true, sortDescFirst: true }),
  column.accessor('unit_price', { header: 'Unit price', enableSorting: true, meta: { align: 'end' } }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: (info) => (
      <>
        <input aria-label={`Quantity of ${info.row.original.product}`} type="number" defaultValue={1} />
        <Button>Add to basket</Button>
      </>
    ),
  }),
]);

type GridProps = ComponentProps<typeof DataGrid<Item>>;

/** The grid as a page uses it: ordering and page in state, page size from the preference. */
export function OffersGrid({ withSelection = false, ...props }: Partial<GridProps> & { withSelection?: boolean }) {
  const [ordering, setOrdering] = useState<string | null>('-start_date');
  const [page, setPage] = useState(1);
  const [size, setSize] = usePersisted(pageSize);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const rows = props.rows === undefined ? someItems(12) : props.rows;
  return (
    <DataGrid
      label="Offers"
      columns={columns}
      rows={rows}
      getRowId={(row) => String(row.id)}
      isLoading={false}
      problem={null}
      onRetry={() => {}}
      emptyTitle="No offers match these filters."
      ordering={ordering}
      onOrderingChange={setOrdering}
      page={page}
      pageSize={size}
      total={rows?.length ?? 0}
      onPageChange={setPage}
      onPageSizeChange={(next) => setSize(pageSizes.find((choice) => choice === next) ?? 10)}
      selection={withSelection ? { selectedIds, onSelectionChange: setSelectedIds } : undefined}
      {...props}
    />
  );
}

/** The row of the grid whose header cell reads `name` (the header row is row 0). */
export function rowNamed(name: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/** A row's cells in column order, whatever their role (column header, row header, grid cell). */
export const cellsOf = (row: HTMLElement) => [...(row as HTMLTableRowElement).cells];

/** The latest polite announcement (React Aria's live announcer). */
export function lastAnnouncement(): string {
  const logs = screen.getAllByRole('log', { hidden: true });
  const polite = logs.find((log) => log.getAttribute('aria-live') === 'polite');
  return polite?.lastElementChild?.textContent ?? '';
}
