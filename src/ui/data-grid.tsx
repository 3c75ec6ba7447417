/**
 * The one data grid every list uses: TanStack Table v9 for the row model, plain table elements
 * with ARIA grid semantics for the markup, offset pagination under it (behaviour §2,
 * Grids). Keyboard model: see grid-keys.ts (arrows land on cells; Enter/F2 go into a cell's
 * widgets, Tab/Shift+Tab move between them, Escape returns to the cell).
 *
 * What must stay true: a row re-renders only when its own data, selection or focus changes. Rows
 * are memoised on their original object; the tab stop lives in a small store (grid-focus.ts) read
 * per row; keys are handled once, on the table. Give `columns` and `meta` a stable identity
 * (module scope or useMemo): a new one redraws every row.
 *
 * Types are in data-grid.types.ts. An editable column names its editor in `meta.editor`; the
 * grid draws the editing row's cells around the editors (data-grid-edit-cells.tsx).
 */
import { createColumnHelper, type RowData, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import {
  type MouseEvent,
  use,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { DataGridProps, GridFeatures } from './data-grid.types';
import { DataGridHeader } from './data-grid-header';
import { GridProfiling, profiled } from './data-grid-profiling';
import { DataGridRow } from './data-grid-row';
import { GridProblem, GridProgress, GridSkeleton } from './data-grid-states';
import { activateRow, pageIds, rangeIds, sortBy, sortOf, toggleRows } from './grid-actions';
import { cellCommandHandlers } from './grid-cell-commands';
import { createGridFocus, useEditOrigin, useFocusBackWhenSelectionEnds, useRovingCells, widgetsOf } from './grid-focus';
import { onGridKeyDown } from './grid-keys';
import { Pagination } from './pagination';
import { useScrollsSideways } from './use-scrolls-sideways';
import './data-grid.css';

const features = tableFeatures({ rowSortingFeature });
/**
 * Every grid has the same features; a grid's row and meta types live only in the type-only slots
 * of `GridFeatures`, so the one features object serves each grid under its own types.
 */
const featuresOf = <TRow extends RowData, TMeta extends object>() => features as GridFeatures<TRow, TMeta>;

/**
 * The column helper for a grid of `TRow` whose cells read table meta of type `TMeta` (the grid's
 * `meta` prop): `gridMeta(info.table)` gives it to a cell, typed.
 */
export const createGridColumns = <TRow extends RowData, TMeta extends object = object>() =>
  createColumnHelper<GridFeatures<TRow, TMeta>, TRow>();

/** The grid's table meta, for a cell that reaches outside its row; a grid without `meta` is a mistake. */
export function gridMeta<TMeta extends object>(table: { options: { meta?: TMeta } }): TMeta {
  const { meta } = table.options;
  if (!meta) throw new Error('These columns read table meta: give the DataGrid its `meta`');
  return meta;
}

export type { DataGridProps };

const NO_ROWS: readonly never[] = [];
const noTableState = () => null;

export function DataGrid<TRow extends RowData, TMeta extends object = object>(props: DataGridProps<TRow, TMeta>) {
  const { label, columns, rows, getRowId, isLoading, problem, selection, page, pageSize, total } = props;
  const [focus] = useState(createGridFocus);
  const onRender = use(GridProfiling);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const selectLabelId = useId();
  // The row model only: sorting and paging happen on the server, so no table state re-renders.
  const table = useTable(
    { features: featuresOf<TRow, TMeta>(), columns, data: rows ?? NO_ROWS, getRowId, meta: props.meta },
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

  const scrollsSideways = useScrollsSideways(scrollRef);
  const editOrigin = useEditOrigin(props.rowEditor);
  const onCellFocus = useRovingCells(tableRef, focus, bodyRows, columnCount);
  useFocusBackWhenSelectionEnds(tableRef, focus, selection?.selectedIds.size ?? 0);
  useImperativeHandle(props.focusRef, () => ({
    focus: () => {
      const cell = tableRef.current?.tBodies[0]?.rows[0]?.cells[0];
      if (cell) (widgetsOf(cell)[0] ?? cell).focus();
    },
  }));
  // A page past the end (a stale link, rows removed meanwhile) goes to the last page.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (rows !== null && !isLoading && page > lastPage) latest.current.onPageChange(lastPage);
  }, [rows, isLoading, page, lastPage]);

  const commands = cellCommandHandlers(props.cellCommands, () => ({
    rowIds: bodyRows.map((row) => row.id),
    columnIds: headers.map((header) => header.column.id),
    hasSelection: selection !== undefined,
  }));
  const selected = selection?.selectedIds;
  const onPage = rows?.filter((row) => selected?.has(getRowId(row))).length ?? 0;
  return (
    <div className="data-grid">
      {isLoading && <GridProgress label={label} />}
      <section
        ref={scrollRef}
        className="data-grid__scroll"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
        tabIndex={0}
        data-scrolls-sideways={scrollsSideways || undefined}
      >
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
          onPaste={commands.onPaste}
          onCopy={commands.onCopy}
          onKeyDown={(event) =>
            !commands.onKeyDown?.(event) &&
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
            {profiled(
              onRender,
              'grid',
              <DataGridHeader
                headers={headers}
                sort={sort}
                pageSelection={
                  selection ? (onPage === 0 ? 'none' : onPage === rows?.length ? 'all' : 'some') : undefined
                }
                selectLabelId={selectLabelId}
                onToggleAll={onToggleAll}
                onSort={onSort}
                focus={focus}
                columns={columns}
              />,
            )}
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
                  editOrigin={editOrigin}
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
