/**
 * The grid's one tab stop, kept outside React state: a row reads only "which of my cells is the
 * tab stop" (`useFocusedColumn`), so moving focus re-renders the row it leaves and the row it
 * enters, never the others. Grid coordinates are the DOM's: row 0 is the header row, row r the
 * table's r-th row, column c its c-th cell (`table.rows[r].cells[c]`).
 */
import {
  type FocusEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { EditOrigin, GridFocus, GridPosition, RowEditor } from './data-grid.types';

export function createGridFocus(): GridFocus {
  let position: GridPosition = { row: 0, col: 0 };
  const listeners = new Set<() => void>();
  return {
    get: () => position,
    set(next) {
      if (next.row === position.row && next.col === position.col) return;
      position = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The column of `row` that holds the tab stop, or -1: the only focus fact a row renders from. */
export function useFocusedColumn(focus: GridFocus, row: number): number {
  const read = useCallback(() => {
    const position = focus.get();
    return position.row === row ? position.col : -1;
  }, [focus, row]);
  return useSyncExternalStore(focus.subscribe, read, read);
}

/** What can take focus inside a cell; these leave the tab order (the cell is the tab stop). */
const WIDGETS = 'a[href], button, input, select, textarea, [tabindex]:not([data-grid-cell]), [contenteditable="true"]';

/** The cell (td/th marked `data-grid-cell`) that holds `element`, inside `table`. */
export function cellOf(table: HTMLTableElement, element: Element | null): HTMLTableCellElement | null {
  const cell = element?.closest<HTMLTableCellElement>('[data-grid-cell]') ?? null;
  return cell && table.contains(cell) ? cell : null;
}

export function positionOf(cell: HTMLTableCellElement): GridPosition {
  return { row: (cell.parentElement as HTMLTableRowElement).rowIndex, col: cell.cellIndex };
}

/** The widgets Tab moves between inside a cell: those the grid took out of the tab order. */
export function widgetsOf(cell: HTMLTableCellElement): HTMLElement[] {
  return [...cell.querySelectorAll<HTMLElement>('[data-grid-widget]')].filter(
    (widget) => !widget.hasAttribute('disabled') && !widget.closest('[hidden], [inert]'),
  );
}

/** Widgets whose own keys do not include the arrows: from these, arrows still move between cells. */
export function leavesArrowsToGrid(element: Element): boolean {
  if (element instanceof HTMLInputElement) return element.type === 'checkbox' || element.type === 'radio';
  return element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement;
}

/**
 * Keeps every widget inside the table out of the tab order, including widgets a cell renders
 * later (an Edit button that becomes Update and Cancel): Tab reaches the grid once. Each one is
 * marked `data-grid-widget`; parts that were never in the tab order (a number field's stepper
 * buttons) stay unmarked, and Tab inside a cell skips them as it would outside the grid.
 */
function keepWidgetsOutOfTabOrder(table: HTMLTableElement): () => void {
  for (const widget of table.querySelectorAll<HTMLElement>(WIDGETS)) takeOutOfTabOrder(widget);
  // Only what changed is looked at: typing in a cell's field replaces a text node at every key,
  // and a look over the whole table then cost more than the rest of the key.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const changed = record.type === 'attributes' ? [record.target] : record.addedNodes;
      for (const node of changed) {
        if (node instanceof HTMLElement && node !== table)
          for (const widget of widgetsIn(node)) takeOutOfTabOrder(widget);
      }
    }
  });
  observer.observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
  return () => observer.disconnect();
}

/** `root` when it is a widget, and the widgets inside it. */
function widgetsIn(root: HTMLElement): HTMLElement[] {
  return [...(root.matches(WIDGETS) ? [root] : []), ...root.querySelectorAll<HTMLElement>(WIDGETS)];
}

function takeOutOfTabOrder(widget: HTMLElement) {
  if (widget.tabIndex === -1) return;
  widget.tabIndex = -1;
  widget.dataset.gridWidget = '';
}

/**
 * The table's side of the roving tab stop: widgets stay out of the tab order; the tab stop
 * follows focus (a click, a key, a widget inside a cell) and stays on a cell that exists when
 * rows or columns change; if the focused cell's row leaves (a reload without it), focus goes to
 * the cell now at its place instead of being lost. Returns the table's onFocus handler.
 */
export function useRovingCells(
  tableRef: RefObject<HTMLTableElement | null>,
  focus: GridFocus,
  rows: readonly unknown[],
  columnCount: number,
) {
  const focusedCell = useRef<HTMLTableCellElement | null>(null);
  useEffect(() => (tableRef.current ? keepWidgetsOutOfTabOrder(tableRef.current) : undefined), [tableRef]);
  // Runs for every new set of rows: a reload may have removed the focused one.
  useLayoutEffect(() => {
    const { row, col } = focus.get();
    const next = { row: Math.min(row, rows.length), col: col < columnCount ? col : 0 };
    focus.set(next);
    const lost = focusedCell.current && !focusedCell.current.isConnected;
    if (lost && document.activeElement === document.body) tableRef.current?.rows[next.row]?.cells[next.col]?.focus();
  }, [tableRef, focus, rows, columnCount]);

  return useCallback(
    (event: FocusEvent<HTMLTableElement>) => {
      const cell = cellOf(event.currentTarget, event.target);
      focusedCell.current = cell;
      if (cell) focus.set(positionOf(cell));
    },
    [focus],
  );
}

/**
 * A selection's actions live outside the grid (Manage Offers' bar, behaviour §10 B11): when an
 * action goes through or the selection is cleared, the bar leaves with the control that held focus
 * (and with its confirmation), and focus would fall to <body>. When the selection empties with
 * focus lost so, the grid's tab stop takes it: the keyboard carries on where the rows were chosen,
 * and a screen reader says where that is.
 */
export function useFocusBackWhenSelectionEnds(
  tableRef: RefObject<HTMLTableElement | null>,
  focus: GridFocus,
  selectedCount: number,
) {
  const hadSelection = useRef(selectedCount > 0);
  const justEnded = useRef(false);
  // A layout effect: it runs in the commit that removed the bar, before the page's region would
  // take the lost focus (keep-focus.ts watches from a microtask).
  useLayoutEffect(() => {
    justEnded.current = hadSelection.current && selectedCount === 0;
    hadSelection.current = selectedCount > 0;
    if (justEnded.current) focusTabStopIfLost(tableRef.current, focus);
  }, [tableRef, focus, selectedCount]);
  // A modal dialog that left with the bar (the conflict view, a confirmation) keeps the rest of the
  // page inert until its effects are cleaned up, after the layout effects: the cell could not take
  // focus then, so it is given again once the page is live.
  useEffect(() => {
    if (justEnded.current && selectedCount === 0) focusTabStopIfLost(tableRef.current, focus);
    justEnded.current = false;
  }, [tableRef, focus, selectedCount]);
}

/** Focuses the grid's tab stop when focus is on <body>. */
function focusTabStopIfLost(table: HTMLTableElement | null, focus: GridFocus) {
  if (document.activeElement !== document.body) return;
  const { row, col } = focus.get();
  table?.rows[row]?.cells[col]?.focus();
}

/** The column of the focused cell; the first data column when focus is not in a cell. */
function focusedColumn(): number {
  const cell = document.activeElement?.closest('td, th');
  return cell instanceof HTMLTableCellElement ? cell.cellIndex : 1;
}

/**
 * Notes where each edit starts: when the editing row changes to another row, the cell focused
 * then (an Edit button's, a double-clicked cell, the one Enter was pressed on). The store tells
 * before the rows redraw, so that cell is still in the page.
 */
export function useEditOrigin(editor: RowEditor | undefined): EditOrigin {
  const [origin] = useState((): EditOrigin => ({ column: 1 }));
  useEffect(() => {
    if (!editor) return undefined;
    let editingId = editor.editingId.get();
    return editor.editingId.subscribe(() => {
      const next = editor.editingId.get();
      if (next !== null && next !== editingId) origin.column = focusedColumn();
      editingId = next;
    });
  }, [editor, origin]);
  return origin;
}
