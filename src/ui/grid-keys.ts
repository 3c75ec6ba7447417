/**
 * The grid's keyboard, one delegated handler on the table (ARIA grid pattern, data grid variant):
 * - Arrows move one cell; Home/End to the row's first/last cell; Ctrl+Home to the first cell of
 *   the first row (the header row), Ctrl+End to the last cell of the last row; Page Up/Page Down
 *   move 10 rows, clamped.
 * - On a column header, Enter or Space sorts (when the column sorts).
 * - On a row header, Enter activates the row (`onRowAction`). On a cell holding widgets (a
 *   quantity input and a button, an Edit button), Enter or F2 moves focus to its first widget; a
 *   cell whose only widget is a link follows it on Enter. A cell without widgets activates the row.
 * - Inside a cell, keys belong to the widget, except: Tab/Shift+Tab move between the cell's
 *   widgets (Shift+Tab from the first returns to the cell, Tab from the last leaves the grid as
 *   Tab from a cell does); Escape returns to the cell. From a button, link or checkbox the arrows
 *   still move between cells (those widgets do not use them); from a text field they edit text.
 * - Enter or Space on a selection cell toggles its checkbox; Shift+Space on any cell of a row (or
 *   on its checkbox) selects the rows from the last one toggled to it.
 * - F2 on a cell without widgets activates the row, as Enter does (Manage Offers: edit it).
 * - A row being edited (`data-grid-editing`) keeps its keys to itself: `onEditingRowKeyDown`;
 *   there Ctrl+Enter (Cmd+Enter) offers the cell's value to the selected rows.
 * - F8 (Shift+F8 back) moves focus to the next widget in error across the grid, the editing row
 *   included, wrapping: an invalid input (`aria-invalid`) or a row's own error (`data-grid-error`).
 */
import type { KeyboardEvent } from 'react';
import type { GridPosition, RowEditor } from './data-grid.types';
import { cellOf, leavesArrowsToGrid, positionOf, widgetsOf } from './grid-focus';

const PAGE_ROWS = 10;

export interface GridKeyActions {
  /** Enter or Space on the header cell in column `col`. */
  sortColumn(col: number): void;
  /** Enter on body row `row` (grid coordinates); false when the grid has no row action. */
  activateRow(row: number): boolean;
  /** Shift+Space on body row `row`: select from the last toggled row to it; false without selection. */
  toggleRow(row: number, extend: boolean): boolean;
}

export function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>, actions: GridKeyActions) {
  const table = event.currentTarget;
  const target = event.target as HTMLElement;
  if (event.key === 'F8' && !event.altKey && !event.metaKey && focusNextError(table, target, event.shiftKey)) {
    event.preventDefault();
    return;
  }
  const cell = cellOf(table, target);
  // An editing row handles its own keys (Tab between its inputs, Enter saves, Escape cancels).
  if (!cell || event.altKey || event.metaKey || cell.closest('[data-grid-editing]')) return;
  const inWidget = target !== cell;
  if (event.key === ' ' && event.shiftKey && (!inWidget || leavesArrowsToGrid(target))) {
    const { row } = positionOf(cell);
    if (row > 0 && actions.toggleRow(row, true)) {
      event.preventDefault();
      return;
    }
  }
  if (inWidget) {
    if (event.key === 'Escape') {
      event.preventDefault();
      cell.focus();
      return;
    }
    if (event.key === 'Tab') return tabWithinCell(event, cell, target);
    if (!leavesArrowsToGrid(target)) return;
  }

  const to = nextPosition(event, positionOf(cell), table);
  if (to) {
    event.preventDefault();
    table.rows[to.row]?.cells[to.col]?.focus();
    return;
  }
  if (inWidget) return;
  if (activateCell(event.key, cell, actions)) event.preventDefault();
}

/** Focuses the error after (or before) `from` in the grid's order, wrapping; false when there is none. */
function focusNextError(table: HTMLTableElement, from: HTMLElement, back: boolean): boolean {
  const errors = [...table.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-grid-error]')];
  if (errors.length === 0) return false;
  const isAfter = (error: HTMLElement) =>
    Boolean(from.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING) && !from.contains(error);
  const next = back
    ? (errors.findLast((error) => !isAfter(error) && error !== from && !error.contains(from)) ?? errors.at(-1))
    : (errors.find(isAfter) ?? errors[0]);
  // A field may mark its group invalid (a date's segments): focus goes to its first part.
  const focusable = next?.matches(FOCUSABLE) ? next : next?.querySelector<HTMLElement>(FOCUSABLE);
  focusable?.focus();
  return true;
}

const FOCUSABLE = 'input, button, textarea, [tabindex]';

function nextPosition(event: KeyboardEvent, from: GridPosition, table: HTMLTableElement): GridPosition | null {
  const lastRow = lastFocusableRow(table);
  const lastCol = (table.rows[from.row]?.cells.length ?? 1) - 1;
  const clamp = (row: number, col: number) => ({
    row: Math.max(0, Math.min(lastRow, row)),
    col: Math.max(0, Math.min(lastCol, col)),
  });
  switch (event.key) {
    case 'ArrowUp':
      return clamp(from.row - 1, from.col);
    case 'ArrowDown':
      return clamp(from.row + 1, from.col);
    case 'ArrowLeft':
      return clamp(from.row, from.col - 1);
    case 'ArrowRight':
      return clamp(from.row, from.col + 1);
    case 'Home':
      return event.ctrlKey ? clamp(0, 0) : clamp(from.row, 0);
    case 'End':
      return event.ctrlKey ? clamp(lastRow, lastCol) : clamp(from.row, lastCol);
    case 'PageUp':
      return clamp(from.row - PAGE_ROWS, from.col);
    case 'PageDown':
      return clamp(from.row + PAGE_ROWS, from.col);
    default:
      return null;
  }
}

/** Skeleton rows hold no grid cells: the last row focus can reach is the last one that does. */
function lastFocusableRow(table: HTMLTableElement): number {
  for (let row = table.rows.length - 1; row > 0; row -= 1) {
    if (table.rows[row]?.cells[0]?.hasAttribute('data-grid-cell')) return row;
  }
  return 0;
}

/** Enter, Space or F2 on a cell itself; returns whether the key was used. */
function activateCell(key: string, cell: HTMLTableCellElement, actions: GridKeyActions): boolean {
  const { row, col } = positionOf(cell);
  const widgets = widgetsOf(cell);
  if (row === 0 || cell.hasAttribute('data-grid-select')) {
    if (key !== 'Enter' && key !== ' ') return false;
    if (row === 0 && !cell.hasAttribute('data-grid-select')) actions.sortColumn(col);
    else widgets[0]?.click();
    return true;
  }
  if (key === 'F2') {
    if (widgets.length === 0) return actions.activateRow(row);
    widgets[0]?.focus();
    return true;
  }
  if (key !== 'Enter') return false;
  if (cell.getAttribute('role') === 'rowheader' && actions.activateRow(row)) return true;
  const [first] = widgets;
  if (first instanceof HTMLAnchorElement && widgets.length === 1) first.click();
  else if (first) first.focus();
  else return actions.activateRow(row);
  return true;
}

function tabWithinCell(event: KeyboardEvent, cell: HTMLTableCellElement, target: HTMLElement) {
  const widgets = widgetsOf(cell);
  const index = widgets.findIndex((widget) => widget === target || widget.contains(target));
  const next = widgets[index + (event.shiftKey ? -1 : 1)];
  if (next && index !== -1) {
    event.preventDefault();
    next.focus();
    return;
  }
  // Shift+Tab from the first widget stays in the grid, on the cell. From the last widget the
  // browser's own Tab then runs from the cell, the grid's tab stop, and leaves the grid.
  if (event.shiftKey) event.preventDefault();
  cell.focus();
}

/**
 * What can take focus in the editing row's cells, in order: the grid keeps them out of the page's
 * tab order. The selection checkbox is the grid's, not the edit's: from it Tab would leave the row.
 */
const rowWidgets = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>('[data-grid-widget]')].filter(
    (widget) =>
      !widget.hasAttribute('disabled') && !widget.closest('[data-grid-select]') && widget.getClientRects().length > 0,
  );

/**
 * The editing row's keys, on each of its cells in the capture phase (React Aria's fields keep
 * Enter and Escape to themselves): Escape cancels; Enter saves once the field has handled it (a
 * date field rounds its minutes then), so the save takes the field's last word, and on a button
 * Enter presses the button; Tab and Shift+Tab go round the row's widgets.
 */
export function onEditingRowKeyDown(
  event: KeyboardEvent<HTMLElement>,
  editor: Pick<RowEditor, 'onSave' | 'onCancel' | 'onApplyToSelection'>,
  columnId: string,
) {
  // Keys from a popover (a select's list, a calendar) belong to it: it is portalled out of the row.
  if (!event.currentTarget.contains(event.target as Node) || event.altKey) return;
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    // The field's value goes to the selected rows once the field has handled the key (a date
    // field rounds it), as for a save; without a selection Ctrl+Enter saves, as Enter does.
    event.preventDefault();
    const isCtrl = event.ctrlKey;
    setTimeout(() => editor.onApplyToSelection?.(columnId) || (isCtrl && editor.onSave()));
    return;
  }
  if (event.metaKey) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    editor.onCancel();
  } else if (event.key === 'Enter' && !(target instanceof HTMLButtonElement)) {
    setTimeout(() => editor.onSave());
  } else if (event.key === 'Tab') {
    const row = event.currentTarget.parentElement;
    if (!row) return;
    const widgets = rowWidgets(row);
    const index = widgets.findIndex((widget) => widget === target || widget.contains(target));
    const count = widgets.length;
    if (count === 0) return;
    event.preventDefault();
    widgets[(index + (event.shiftKey ? count - 1 : 1)) % count]?.focus();
  }
}
