/**
 * Fill, paste and copy on a focused body cell of the grid (`DataGridProps.cellCommands`): Ctrl+D
 * (Cmd+D on macOS) asks to fill, and the browser's `paste` and `copy` events, which reach the
 * focused cell without asking for clipboard permission, carry the text. A cell's own widgets and
 * the editing row keep the browser's behaviour.
 */
import type { ClipboardEvent, KeyboardEvent } from 'react';
import type { GridCellAt, GridCellCommands } from './data-grid.types';
import { cellOf, positionOf } from './grid-focus';

/** The grid's body rows and columns in display order, and whether a selection column comes first. */
type GridLayout = { rowIds: readonly string[]; columnIds: readonly string[]; hasSelection: boolean };

function cellAt(
  event: { currentTarget: HTMLTableElement; target: EventTarget },
  layout: GridLayout,
): GridCellAt | null {
  const cell = cellOf(event.currentTarget, event.target as Element);
  if (!cell || cell !== event.target || cell.closest('[data-grid-editing]')) return null;
  const { row, col } = positionOf(cell);
  const rowId = layout.rowIds[row - 1];
  const columnId = layout.columnIds[col - (layout.hasSelection ? 1 : 0)];
  if (row === 0 || rowId === undefined || columnId === undefined) return null;
  return { rowId, columnId, rowIds: layout.rowIds, columnIds: layout.columnIds };
}

/** The table's handlers for `commands`; none without them. */
export function cellCommandHandlers(commands: GridCellCommands | undefined, layout: () => GridLayout) {
  if (!commands) return {};
  return {
    onKeyDown(event: KeyboardEvent<HTMLTableElement>): boolean {
      if (event.key.toLowerCase() !== 'd' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return false;
      const at = cellAt(event, layout());
      if (!at) return false;
      event.preventDefault();
      commands.onFill(at);
      return true;
    },
    onPaste(event: ClipboardEvent<HTMLTableElement>) {
      const at = cellAt(event, layout());
      if (!at) return;
      event.preventDefault();
      commands.onPaste(at, event.clipboardData.getData('text/plain'));
    },
    onCopy(event: ClipboardEvent<HTMLTableElement>) {
      const at = cellAt(event, layout());
      const text = at && commands.onCopy(at);
      if (text === null || text === undefined) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', text);
    },
  };
}
