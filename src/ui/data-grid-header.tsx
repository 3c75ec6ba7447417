import { flexRender, type Header, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import type { GridFeatures, GridFocus, GridSort } from './data-grid.types';
import { rowHeaderIndex } from './data-grid-row';
import { useFocusedColumn } from './grid-focus';
import { SortIcon } from './icons';

interface DataGridHeaderProps<TRow extends RowData, TMeta extends object> {
  headers: Header<GridFeatures<TRow, TMeta>, TRow, unknown>[];
  sort: GridSort | null;
  /** Undefined when the grid does not select rows. */
  pageSelection: 'all' | 'some' | 'none' | undefined;
  selectLabelId: string;
  onToggleAll(): void;
  onSort(columnId: string): void;
  focus: GridFocus;
  /** Compared by identity only: the headers are rebuilt from them. */
  columns: unknown;
}

/** The column header row: sortable headers sort on click (keys: see grid-keys.ts). */
function DataGridHeaderView<TRow extends RowData, TMeta extends object>({
  headers,
  sort,
  pageSelection,
  selectLabelId,
  onToggleAll,
  onSort,
  focus,
}: DataGridHeaderProps<TRow, TMeta>) {
  const focusedColumn = useFocusedColumn(focus, 0);
  const offset = pageSelection === undefined ? 0 : 1;
  const rowHeader = rowHeaderIndex(headers);
  return (
    <tr aria-rowindex={1}>
      {pageSelection !== undefined && (
        <th
          scope="col"
          data-grid-cell=""
          data-grid-select=""
          tabIndex={focusedColumn === 0 ? 0 : -1}
          className="data-grid__header data-grid__header--select"
        >
          <span id={selectLabelId} hidden>
            Select
          </span>
          <input
            type="checkbox"
            className="data-grid__checkbox"
            aria-label="Select all rows on this page"
            checked={pageSelection === 'all'}
            ref={(input) => {
              if (input) input.indeterminate = pageSelection === 'some';
            }}
            onChange={onToggleAll}
          />
        </th>
      )}
      {headers.map((header, column) => {
        const { columnDef } = header.column;
        const sorted = sort?.id === header.column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
        const sortable = columnDef.enableSorting === true;
        return (
          <th
            key={header.id}
            scope="col"
            aria-sort={sorted}
            data-grid-cell=""
            data-align={columnDef.meta?.align}
            data-sortable={sortable || undefined}
            data-row-header={column === rowHeader || undefined}
            tabIndex={focusedColumn === column + offset ? 0 : -1}
            style={columnDef.meta?.width ? { width: columnDef.meta.width } : undefined}
            className="data-grid__header"
            onClick={sortable ? () => onSort(header.column.id) : undefined}
          >
            <span className="data-grid__header-content">
              {flexRender(columnDef.header, header.getContext())}
              {sortable && <SortIcon direction={sorted} />}
            </span>
          </th>
        );
      })}
    </tr>
  );
}

function sameHeader<TRow extends RowData, TMeta extends object>(
  before: DataGridHeaderProps<TRow, TMeta>,
  after: DataGridHeaderProps<TRow, TMeta>,
): boolean {
  return (
    before.columns === after.columns &&
    before.sort?.id === after.sort?.id &&
    before.sort?.desc === after.sort?.desc &&
    before.pageSelection === after.pageSelection &&
    before.selectLabelId === after.selectLabelId &&
    before.onToggleAll === after.onToggleAll &&
    before.onSort === after.onSort &&
    before.focus === after.focus
  );
}

export const DataGridHeader = memo(DataGridHeaderView, sameHeader) as typeof DataGridHeaderView;
