/**
 * The one data grid every list uses: TanStack Table v9 for the row model, plain table elements
 * with ARIA grid semantics for the markup, offset pagination under it (issue 8, "The shared data
 * grid"). Keyboard model: see grid-keys.ts (arrows land on cells; Enter/F2 go into a cell's
 * widgets, Tab/Shift+Tab move between them, Escape returns to the cell).
 *
 * What must stay true: a row re-renders only when its own data, selection or focus changes. Rows
 * are memoised on their original object; the tab stop lives in a small store (grid-focus.ts) read
 * per row; keys are handled once, on the table. Give `columns` and `meta` a stable identity
 * (module scope or useMemo): a new one redraws every row.
 */
import {
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type TableOptions,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import {
  type ComponentType,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DataGridHeader } from './data-grid-header';
import { DataGridRow } from './data-grid-row';
import { GridProblem, GridProgress, GridSkeleton } from './data-grid-states';
import { activateRow, pageIds, rangeIds, sortBy, sortOf, toggleRows } from './grid-actions';
import { createGridFocus, useFocusBackWhenSelectionEnds, useRovingCells } from './grid-focus';
import { onGridKeyDown } from './grid-keys';
import { Pagination } from './pagination';
import './data-grid.css';

type GridColumnMeta = {
  /** 'end': right-aligned with tabular figures (money, counts). */
  align?: 'end';
  /** This column's cell names the row (default: the first column). */
  isRowHeader?: true;
  /** A CSS width for the column, e.g. '8rem'. */
  width?: string;
  /** The column's name in announcements when its header is not plain text. */
  label?: string;
};

export const gridFeatures = tableFeatures({ rowSortingFeature, columnMeta: {} as GridColumnMeta });
export type GridFeatures = typeof gridFeatures;
export const createGridColumns = <TRow extends RowData>() => createColumnHelper<GridFeatures, TRow>();

export interface DataGridProps<TRow extends RowData> {
  /** The grid's accessible name. */
  label: string;
  columns: TableOptions<GridFeatures, TRow>['columns'];
  /** Null until the first page arrives (skeleton rows). */
  rows: readonly TRow[] | null;
  getRowId: (row: TRow) => string;
  isLoading: boolean;
  problem: string | null;
  onRetry: () => void;
  emptyTitle: string;
  emptyText?: string;
  onResetFilters?: () => void;
  /** The API's ordering value ("-start_date"), or null for the server's default. */
  ordering: string | null;
  onOrderingChange: (ordering: string | null) => void;
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Enter on a row header (or on a cell without widgets). */
  onRowAction?: (id: string) => void;
  /** Table meta, for cells that reach outside the row (row actors, the basket); cells narrow it. */
  meta?: unknown;
  /** Adds a checkbox column; `aria-selected` on rows. */
  selection?: { selectedIds: ReadonlySet<string>; onSelectionChange: (ids: ReadonlySet<string>) => void };
  /** Inline row editing; give it a stable identity, like `columns`. */
  rowEditor?: RowEditor<TRow>;
  /**
   * 'fixed': column widths come from the columns' `width` (the rest share what is left), not from
   * every cell's content, so a row that changes (an editor opening) does not lay out the table
   * again. Below `--data-grid-min-width` (62rem) the grid scrolls sideways.
   */
  layout?: 'fixed';
}

/**
 * Inline row editing: the row `editingId` names renders `Cells` (one cell per column) in place
 * of its own. A double-click on a row asks `onEdit`; Enter and F2 on a row's cell go to
 * `onRowAction` as usual. `onWarm` runs on the first pointer or focus inside the grid, so the
 * editor's code loads before it is needed.
 */
export interface RowEditor<TRow extends RowData> {
  /** Which row edits (its id), or null; each row reads it, so a change redraws two rows at most. */
  editingId: { get(): string | null; subscribe(listener: () => void): () => void };
  Cells: ComponentType<{ row: TRow }>;
  onEdit(id: string): void;
  onWarm?(): void;
}

const NO_ROWS: readonly never[] = [];
const noTableState = () => null;

export function DataGrid<TRow extends RowData>(props: DataGridProps<TRow>) {
  const { label, columns, rows, getRowId, isLoading, problem, selection, page, pageSize, total } = props;
  const [focus] = useState(createGridFocus);
  const tableRef = useRef<HTMLTableElement>(null);
  const selectLabelId = useId();
  // The row model only: sorting and paging happen on the server, so no table state re-renders.
  const table = useTable(
    { features: gridFeatures, columns, data: rows ?? NO_ROWS, getRowId, meta: props.meta as object | undefined },
    noTableState,
  );
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const bodyRows = problem ? [] : table.getRowModel().rows;
  const sort = useMemo(() => sortOf(props.ordering), [props.ordering]);
  const columnCount = headers.length + (selection ? 1 : 0);

  // Rows get stable callbacks that read the latest props, so a parent render redraws no row.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onSort = useCallback(
    (columnId: string) => sortBy(latest.current, columnId, table.getColumn(columnId)?.columnDef),
    [table],
  );
  // Shift+click or Shift+Space selects from the last row toggled (the anchor) to this one.
  const anchor = useRef<string | null>(null);
  const onToggle = useCallback((id: string, extend: boolean) => {
    toggleRows(latest.current, extend ? rangeIds(latest.current, anchor.current, id) : [id]);
    anchor.current = id;
  }, []);
  const warmed = useRef(false);
  const warm = () => {
    if (warmed.current) return;
    warmed.current = true;
    latest.current.rowEditor?.onWarm?.();
  };
  const onDoubleClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input, [role="button"], [data-grid-editing]')) return;
    const id = target.closest<HTMLElement>('tr[data-row-id]')?.dataset.rowId;
    if (id !== undefined) latest.current.rowEditor?.onEdit(id);
  };
  const onToggleAll = useCallback(() => toggleRows(latest.current, pageIds(latest.current)), []);

  const onCellFocus = useRovingCells(tableRef, focus, bodyRows, columnCount);
  useFocusBackWhenSelectionEnds(tableRef, focus, selection?.selectedIds.size ?? 0);
  // A page past the end (a stale link, rows removed meanwhile) goes to the last page.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (rows !== null && !isLoading && page > lastPage) latest.current.onPageChange(lastPage);
  }, [rows, isLoading, page, lastPage]);

  const selected = selection?.selectedIds;
  const onPage = rows?.filter((row) => selected?.has(getRowId(row))).length ?? 0;
  return (
    <div className="data-grid">
      {isLoading && <GridProgress label={label} />}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard. */}
      <section className="data-grid__scroll" aria-label={label} tabIndex={0}>
        <table
          ref={tableRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on table markup keeps native table layout and semantics.
          role="grid"
          aria-label={label}
          aria-rowcount={rows === null || problem ? -1 : total + 1}
          aria-colcount={columnCount}
          aria-busy={isLoading || undefined}
          aria-multiselectable={selection ? true : undefined}
          data-layout={props.layout}
          className="data-grid__table"
          onKeyDown={(event) =>
            onGridKeyDown(event, {
              sortColumn: (col) => {
                const header = headers[col - (selection ? 1 : 0)];
                if (header?.column.columnDef.enableSorting) onSort(header.column.id);
              },
              activateRow: (row) => activateRow(latest.current, bodyRows[row - 1]?.id),
              toggleRow: (row, extend) => {
                const id = bodyRows[row - 1]?.id;
                if (id === undefined || !selection) return false;
                onToggle(id, extend);
                return true;
              },
            })
          }
          onFocus={(event) => {
            warm();
            onCellFocus(event);
          }}
          onPointerOver={props.rowEditor ? warm : undefined}
        >
          <thead>
            <DataGridHeader
              headers={headers}
              sort={sort}
              pageSelection={selection ? (onPage === 0 ? 'none' : onPage === rows?.length ? 'all' : 'some') : undefined}
              selectLabelId={selectLabelId}
              onToggleAll={onToggleAll}
              onSort={onSort}
              focus={focus}
              columns={columns}
            />
          </thead>
          <tbody onDoubleClick={props.rowEditor ? onDoubleClick : undefined}>
            {rows === null && !problem ? (
              <GridSkeleton rows={pageSize} columns={columnCount} />
            ) : (
              bodyRows.map((row, index) => (
                <DataGridRow
                  key={row.id}
                  row={row}
                  index={index + 1}
                  ariaRowIndex={(page - 1) * pageSize + index + 2}
                  isSelected={selected?.has(row.id)}
                  selectLabelId={selectLabelId}
                  onToggle={onToggle}
                  focus={focus}
                  columns={columns}
                  meta={props.meta}
                  editor={props.rowEditor}
                />
              ))
            )}
          </tbody>
        </table>
      </section>
      <GridProblem {...props} isEmpty={rows?.length === 0} />
      <Pagination {...props} />
    </div>
  );
}
