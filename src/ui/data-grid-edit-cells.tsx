import { type Cell, flexRender, type RowData } from '@tanstack/react-table';
import { use, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { EditOrigin, GridFeatures, GridStore, RowEditor } from './data-grid.types';
import { cellProfilerId, GridProfiling, profiled } from './data-grid-profiling';
import { onEditingRowKeyDown } from './grid-keys';

interface DataGridEditCellsProps<TRow extends RowData, TMeta extends object> {
  row: TRow;
  cells: Cell<GridFeatures<TRow, TMeta>, TRow, unknown>[];
  /** Which of `cells` names the row. */
  rowHeader: number;
  editor: RowEditor;
  origin: EditOrigin;
}

/**
 * The cells of the row being edited: grid cells like the others, each holding its column's
 * `meta.editor` (or its usual content), and keeping the row's keys (`onEditingRowKeyDown`). When
 * the edit ends, focus goes back to the cell it started from (`origin`): docs/behaviour.md §2,
 * Manage Offers table, "Editing a row".
 */
export function DataGridEditCells<TRow extends RowData, TMeta extends object>({
  row,
  cells,
  rowHeader,
  editor,
  origin,
}: DataGridEditCellsProps<TRow, TMeta>) {
  const first = useReturnFocus(editor, origin);
  const onRender = use(GridProfiling);
  return cells.map((cell, column) => {
    const { meta } = cell.column.columnDef;
    const isRowHeader = column === rowHeader;
    const Tag = isRowHeader ? 'th' : 'td';
    const Editor = meta?.editor;
    return (
      <Tag
        key={cell.id}
        ref={column === 0 ? first : undefined}
        role={isRowHeader ? 'rowheader' : 'gridcell'}
        scope={isRowHeader ? 'row' : undefined}
        tabIndex={-1}
        data-grid-cell=""
        data-align={meta?.align}
        className="data-grid__cell data-grid__cell--editing"
        onKeyDownCapture={(event) => onEditingRowKeyDown(event, editor, cell.column.id)}
      >
        {profiled(
          onRender,
          cellProfilerId(cell),
          Editor ? <Editor row={row} /> : flexRender(cell.column.columnDef.cell, cell.getContext()),
        )}
      </Tag>
    );
  });
}

const NEVER: GridStore<boolean> = { get: () => false, subscribe: () => () => undefined };

/**
 * A ref for the row's first cell. When the edit ends, focus goes back to the cell it started from,
 * if focus was still in the row, or lost, or in a place the edit holds it (`holdsFocus`).
 */
function useReturnFocus(editor: RowEditor, origin: EditOrigin) {
  const first = useRef<HTMLTableCellElement>(null);
  const store = editor.holdsFocus ?? NEVER;
  // Read at each render: by the time the edit has ended, the edit no longer holds anything.
  const holdsFocus = useRef(false);
  holdsFocus.current = useSyncExternalStore(store.subscribe, store.get, store.get);
  useLayoutEffect(() => {
    const row = first.current?.parentElement as HTMLTableRowElement | null;
    const { column } = origin;
    return () => {
      const active = document.activeElement;
      const wasInRow = !active || active === document.body || Boolean(row?.contains(active)) || holdsFocus.current;
      if (!row || !wasInRow) return;
      // Once this commit has put the row's own cells back, and before the list reload a save
      // sets off: the grid would then take focus to the cell it last saw focused instead.
      queueMicrotask(() => {
        if (row.isConnected && !row.contains(document.activeElement)) row.cells[column]?.focus();
      });
    };
  }, [origin]);
  return first;
}
