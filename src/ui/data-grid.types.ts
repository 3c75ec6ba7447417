/**
 * The data grid's types, in one place: what columns declare (`GridColumnMeta`, their editors), the
 * features their table is typed through (`GridFeatures`, table meta included), the grid's props
 * and its inline row editing. The grid's files import them from here, never from one another.
 */
import type { RowData, rowSortingFeature, TableOptions } from '@tanstack/react-table';
import type { ComponentType, Ref } from 'react';
import type { FocusHandle } from './focus-handle';

/** What an editable column's editor gets: the row being edited, as it was when the edit began. */
export type GridEditorProps<TRow> = { row: TRow };

export type GridColumnMeta<TRow> = {
  /** 'end': right-aligned with tabular figures (money, counts). */
  align?: 'end';
  /** This column's cell names the row (default: the first column). */
  isRowHeader?: true;
  /** A CSS width for the column, e.g. '8rem'. */
  width?: string;
  /** The column's name in announcements when its header is not plain text. */
  label?: string;
  /**
   * The column's widgets while its row is edited (`DataGridProps.rowEditor`); the grid renders
   * the cell around them and keeps the row's keys. Without one the cell shows as it does outside
   * an edit.
   */
  editor?: ComponentType<GridEditorProps<TRow>>;
};

/**
 * The features every grid's table has: sorting on the columns (done by the server), the column
 * meta above and the grid's table meta, `TMeta` (what cells reach outside their row for). Both
 * meta slots are TanStack Table's type-only ones, so `table.options.meta` is typed, never cast.
 */
export type GridFeatures<TRow extends RowData, TMeta extends object = object> = {
  rowSortingFeature: typeof rowSortingFeature;
  columnMeta: GridColumnMeta<TRow>;
  tableMeta: TMeta;
};

export type GridColumns<TRow extends RowData, TMeta extends object = object> = TableOptions<
  GridFeatures<TRow, TMeta>,
  TRow
>['columns'];

/** The ordering a grid shows: the API's `ordering` value without and with its leading '-'. */
export type GridSort = { readonly id: string; readonly desc: boolean };

/**
 * Inline row editing: the row `editingId` names renders each column's `meta.editor` (or its usual
 * cell) inside the grid's edit cells. A double-click on a row asks `onEdit`; Enter and F2 on a
 * row's cell go to `onRowAction` as usual. In the editing row Enter saves (`onSave`), Escape
 * cancels (`onCancel`), Tab and Shift+Tab go round its widgets; when the edit ends focus goes back
 * to the cell it started from. `onWarm` runs on the first pointer or focus inside the grid, so the
 * editors' code loads before it is needed.
 */
export interface RowEditor {
  /** Which row edits (its id), or null; each row reads it, so a change redraws two rows at most. */
  editingId: GridStore<string | null>;
  onEdit(id: string): void;
  /** Enter in the editing row, once the widget has handled the key (a field rounds its value). */
  onSave(): void;
  /** Escape in the editing row. */
  onCancel(): void;
  /**
   * True while the edit holds focus outside its row (a dialog of its own): when the edit ends
   * from there, focus goes back to the row as it does from inside it.
   */
  holdsFocus?: GridStore<boolean>;
  onWarm?(): void;
  /**
   * Ctrl+Enter (Cmd+Enter on macOS) in the editing row's cell of column `columnId`: true when
   * the key was used (the row then does not save).
   */
  onApplyToSelection?(columnId: string): boolean;
}

/** A body cell of the grid, with the rows and columns in display order around it. */
export type GridCellAt = {
  rowId: string;
  columnId: string;
  rowIds: readonly string[];
  columnIds: readonly string[];
};

/**
 * Keys and clipboard on a focused body cell (not inside its widgets, not in an editing row):
 * Ctrl+D (Cmd+D), a paste's text and a copy's text. The grid keeps the browser's own
 * behaviour where `onCopy` answers null.
 */
export interface GridCellCommands {
  onFill(at: GridCellAt): void;
  onPaste(at: GridCellAt, text: string): void;
  onCopy(at: GridCellAt): string | null;
}

/** A value a row reads outside React state, so that a change redraws only the rows it concerns. */
export interface GridStore<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export interface DataGridProps<TRow extends RowData, TMeta extends object = object> {
  /** The grid's accessible name. */
  label: string;
  columns: GridColumns<TRow, TMeta>;
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
  /** Table meta, for cells that reach outside the row (row actors, links); typed by the columns. */
  meta?: TMeta;
  /** Adds a checkbox column; `aria-selected` on rows. */
  selection?: { selectedIds: ReadonlySet<string>; onSelectionChange: (ids: ReadonlySet<string>) => void };
  /** Inline row editing; give it a stable identity, like `columns`. */
  rowEditor?: RowEditor;
  /** Fill, paste and copy on a focused cell. */
  cellCommands?: GridCellCommands;
  /**
   * 'fixed': column widths come from the columns' `width` (the rest share what is left), not from
   * every cell's content, so a row that changes (an editor opening) does not lay out the table
   * again. Below `--data-grid-min-width` (62rem) the grid scrolls sideways.
   */
  layout?: 'fixed';
  /**
   * A focus handle for a form that names the grid as the field to fix (Create Invoice's orders):
   * its `focus()` moves focus to the first row's first control.
   */
  focusRef?: Ref<FocusHandle>;
}

/** A cell by grid coordinates: row 0 is the header row, `col` the cell's index in its row. */
export type GridPosition = { readonly row: number; readonly col: number };

/** The grid's one tab stop, read per row (grid-focus.ts). */
export interface GridFocus {
  get(): GridPosition;
  set(position: GridPosition): void;
  subscribe(listener: () => void): () => void;
}

/** The column of the cell an edit started from: focus goes back there when the edit ends. */
export type EditOrigin = { column: number };
