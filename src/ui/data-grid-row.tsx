import { type Cell, flexRender, type Row, type RowData } from '@tanstack/react-table';
import { memo, use, useCallback, useSyncExternalStore } from 'react';
import type { EditOrigin, GridFeatures, GridFocus, RowEditor } from './data-grid.types';
import { DataGridEditCells } from './data-grid-edit-cells';
import { cellProfilerId, GridProfiling, profiled } from './data-grid-profiling';
import { useFocusedColumn } from './grid-focus';

interface DataGridRowProps<TRow extends RowData, TMeta extends object> {
  row: Row<GridFeatures<TRow, TMeta>, TRow>;
  /** The row's grid coordinate (the header row is 0). */
  index: number;
  /** 1-based position among all rows of the list, the header row included (aria-rowindex). */
  ariaRowIndex: number;
  /** Undefined when the grid does not select rows. */
  isSelected: boolean | undefined;
  /** The id of the element that reads "Select", the first half of each checkbox's name. */
  selectLabelId: string;
  /** `extend`: Shift was held, select a range. */
  onToggle(id: string, extend: boolean): void;
  focus: GridFocus;
  /** Compared by identity only: new columns or table meta redraw every row. */
  columns: unknown;
  meta: unknown;
  editor: RowEditor | undefined;
  /** Where the grid noted the current edit started (stable). */
  editOrigin: EditOrigin;
}

const NOBODY_EDITS = { get: () => null, subscribe: () => () => undefined };

/** Whether this row edits: read from the editor's store, so starting an edit redraws this row only. */
function useIsEditing(editor: RowEditor | undefined, id: string): boolean {
  const store = editor?.editingId ?? NOBODY_EDITS;
  const read = useCallback(() => store.get() === id, [store, id]);
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * One body row. TanStack rebuilds its row objects whenever `data` changes, so the row compares
 * what it renders from (the original object, selection, position) rather than the row object:
 * a change to one row's data redraws that row only.
 */
function DataGridRowView<TRow extends RowData, TMeta extends object>({
  row,
  index,
  ariaRowIndex,
  isSelected,
  selectLabelId,
  onToggle,
  focus,
  editor,
  editOrigin,
}: DataGridRowProps<TRow, TMeta>) {
  const focusedColumn = useFocusedColumn(focus, index);
  const isEditing = useIsEditing(editor, row.id);
  const offset = isSelected === undefined ? 0 : 1;
  const cells = row.getAllCells();
  const rowHeader = rowHeaderIndex(cells);
  const headerCell = cells[rowHeader];
  const headerId = `${selectLabelId}-${row.id}`;
  const onRender = use(GridProfiling);
  return profiled(
    onRender,
    `row:${row.id}`,
    <tr
      aria-rowindex={ariaRowIndex}
      aria-selected={isSelected}
      className="data-grid__row"
      data-row-id={row.id}
      data-grid-editing={isEditing || undefined}
    >
      {isSelected !== undefined && (
        <td
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of an ARIA grid (see data-grid.tsx).
          role="gridcell"
          // The cell states its row's selection too: focus rests on the cell, not on the checkbox.
          aria-selected={isSelected}
          data-grid-cell=""
          data-grid-select=""
          tabIndex={focusedColumn === 0 ? 0 : -1}
          className={isEditing ? 'data-grid__cell data-grid__cell--editing' : 'data-grid__cell'}
        >
          <input
            type="checkbox"
            className="data-grid__checkbox"
            checked={isSelected}
            onChange={() => undefined}
            onClick={(event) => onToggle(row.id, event.shiftKey)}
            aria-labelledby={`${selectLabelId} ${headerId}`}
          />
        </td>
      )}
      {isEditing && editor ? (
        <DataGridEditCells row={row.original} cells={cells} rowHeader={rowHeader} editor={editor} origin={editOrigin} />
      ) : (
        cells.map((cell, column) => {
          const meta = cell.column.columnDef.meta;
          const isRowHeader = cell === headerCell;
          const Tag = isRowHeader ? 'th' : 'td';
          return (
            <Tag
              key={cell.id}
              id={isRowHeader ? headerId : undefined}
              role={isRowHeader ? 'rowheader' : 'gridcell'}
              scope={isRowHeader ? 'row' : undefined}
              data-grid-cell=""
              data-align={meta?.align}
              tabIndex={focusedColumn === column + offset ? 0 : -1}
              className="data-grid__cell"
            >
              {profiled(onRender, cellProfilerId(cell), flexRender(cell.column.columnDef.cell, cell.getContext()))}
            </Tag>
          );
        })
      )}
    </tr>,
  );
}

/** The column marked `isRowHeader`, else the first: every row has a header cell naming it. */
export function rowHeaderIndex<TRow extends RowData, TMeta extends object>(
  cells: readonly Pick<Cell<GridFeatures<TRow, TMeta>, TRow>, 'column'>[],
): number {
  return Math.max(
    0,
    cells.findIndex((cell) => cell.column.columnDef.meta?.isRowHeader),
  );
}

function sameRow<TRow extends RowData, TMeta extends object>(
  before: DataGridRowProps<TRow, TMeta>,
  after: DataGridRowProps<TRow, TMeta>,
): boolean {
  return (
    before.row.original === after.row.original &&
    before.row.id === after.row.id &&
    before.index === after.index &&
    before.ariaRowIndex === after.ariaRowIndex &&
    before.isSelected === after.isSelected &&
    before.selectLabelId === after.selectLabelId &&
    before.onToggle === after.onToggle &&
    before.focus === after.focus &&
    before.columns === after.columns &&
    before.meta === after.meta &&
    before.editor === after.editor &&
    before.editOrigin === after.editOrigin
  );
}

export const DataGridRow = memo(DataGridRowView, sameRow) as typeof DataGridRowView;
