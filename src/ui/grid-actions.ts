/** What the grid does on a sort, a selection or a row activation, from its latest props. */
import type { ColumnDef, RowData } from '@tanstack/react-table';
import { announce } from './announce';
import type { DataGridProps, GridFeatures, GridSort } from './data-grid.types';

export function sortOf(ordering: string | null): GridSort | null {
  const first = ordering?.split(',')[0]?.trim();
  if (!first) return null;
  return first.startsWith('-') ? { id: first.slice(1), desc: true } : { id: first, desc: false };
}

/** A sorted column flips its direction; another column starts with its first direction. */
export function sortBy<TRow extends RowData, TMeta extends object>(
  props: DataGridProps<TRow, TMeta>,
  columnId: string,
  def: ColumnDef<GridFeatures<TRow, TMeta>, TRow> | undefined,
) {
  const current = sortOf(props.ordering);
  const desc = current?.id === columnId ? !current.desc : def?.sortDescFirst === true;
  props.onOrderingChange(desc ? `-${columnId}` : columnId);
  const name = def?.meta?.label ?? (typeof def?.header === 'string' ? def.header : columnId);
  announce(`Sorted by ${name}, ${desc ? 'descending' : 'ascending'}`, 'polite');
}

export function pageIds<TRow extends RowData>(props: Pick<DataGridProps<TRow>, 'rows' | 'getRowId'>): string[] {
  return (props.rows ?? []).map(props.getRowId);
}

/** Toggles `ids` together: all become selected unless all already are. Announces the count. */
export function toggleRows<TRow extends RowData>({ selection }: Pick<DataGridProps<TRow>, 'selection'>, ids: string[]) {
  if (!selection) return;
  const next = new Set(selection.selectedIds);
  const selectAll = ids.some((id) => !next.has(id));
  for (const id of ids) {
    if (selectAll) next.add(id);
    else next.delete(id);
  }
  selection.onSelectionChange(next);
  announce(
    next.size === 0 ? 'No rows selected' : `${next.size} ${next.size === 1 ? 'row' : 'rows'} selected`,
    'polite',
  );
}

/** The ids of the page's rows from `from` to `to`, either way round; just `to` without an anchor on the page. */
export function rangeIds<TRow extends RowData>(
  props: Pick<DataGridProps<TRow>, 'rows' | 'getRowId'>,
  from: string | null,
  to: string,
): string[] {
  const ids = pageIds(props);
  const start = from === null ? -1 : ids.indexOf(from);
  const end = ids.indexOf(to);
  if (start === -1 || end === -1) return [to];
  return ids.slice(Math.min(start, end), Math.max(start, end) + 1);
}

export function activateRow<TRow extends RowData>(
  { onRowAction }: Pick<DataGridProps<TRow>, 'onRowAction'>,
  id: string | undefined,
): boolean {
  if (!onRowAction || id === undefined) return false;
  onRowAction(id);
  return true;
}
