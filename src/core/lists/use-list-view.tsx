import type { RowData } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod/mini';
import type { ApiClient } from '@/api/client';
import { Button } from '@/ui/button';
import type { DataGridProps } from '@/ui/data-grid';
import { useApiLogic } from '../api';
import { useCsvExport } from './export-csv';
import { type ItemLinks, useItemLinks } from './item-links';
import { useListQuery } from './list-query';
import type { ListQueryBase, ListView } from './list-view';
import { keyOf, useList } from './use-list';

/** The filters' values as the address holds them: unset ones are undefined. */
export type FilterValues<F> = { [K in keyof F]?: F[K] extends z.ZodMiniType<infer O, unknown> ? O : never };

/** Rows that open an item link to it through the grid's meta (src/core/lists/item-links.ts). */
type GridProps<Row extends RowData> = Omit<DataGridProps<Row, ItemLinks>, 'label' | 'columns' | 'emptyTitle'>;

/**
 * A list screen's state, from its view (src/core/lists/list-view.ts) and the parameters its route
 * fixes (`fixed`: the tab's `type`, `status`, `publishType`):
 * - `filters`, `setFilters`, `resetFilters`, `isFiltered`: for the filter bar;
 * - `listed`: the whole filtered, ordered set (no page), what Export CSV and bulk actions take;
 * - `grid`: the DataGrid's props besides its label, columns and empty title;
 * - `item`, `closeItem`: the row open in its dialog, when the view names an `item`.
 * A new filter, ordering or page size starts at page 1; opening or closing an item keeps the page.
 */
export function useListView<Q extends ListQueryBase, Row extends RowData, F extends object>(
  view: ListView<Q, Row, F>,
  fixed: Partial<Q> = {},
) {
  const [query, setQuery] = useListQuery(view.schema, view.defaults);
  const values = query as Record<string, unknown>;
  const filters = Object.fromEntries(Object.keys(view.filters).map((name) => [name, values[name]])) as FilterValues<F>;
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  // The request is the parsed address: the fixed parameters, the ordering and every filter set.
  const asked: Record<string, unknown> = { ...fixed, ordering: query.ordering };
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') asked[name] = value;
  const listed = useByValue(asked as Q);
  const params = useByValue({ ...listed, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

  const list = useList(useApiLogic(view.read), params, { fallback: view.fallback, refreshOn: view.refreshOn });
  const links = useItemLinks(view.item ?? '');

  const setFilters = useCallback((patch: FilterValues<F>) => setQuery(patch), [setQuery]);
  const resetFilters = useCallback(() => setQuery(view.noFilters), [setQuery, view]);
  const openItem = useCallback(
    (id: string) => view.item && setQuery({ [view.item]: Number(id) }, { resetPage: false }),
    [setQuery, view],
  );
  const closeItem = useCallback(
    () => view.item && setQuery({ [view.item]: undefined }, { resetPage: false }),
    [setQuery, view],
  );
  const paging = useMemo(() => {
    const orderings = view.schema.shape.ordering;
    const write = (patch: { ordering?: string | undefined; page?: number; pageSize?: number }) => setQuery(patch);
    return {
      // An ordering the list does not offer goes back to the default.
      onOrderingChange: (next: string | null) =>
        write({ ordering: next !== null && orderings?.safeParse(next).success ? next : undefined }),
      onPageChange: (page: number) => write({ page }),
      onPageSizeChange: (pageSize: number) => write({ pageSize }),
    };
  }, [view, setQuery]);

  const grid: GridProps<Row> = {
    rows: list.rows as readonly Row[] | null,
    total: list.total,
    isLoading: list.isLoading,
    problem: list.problem,
    onRetry: list.retry,
    getRowId: view.rowId,
    ordering: query.ordering,
    page: query.page,
    pageSize: query.pageSize,
    ...paging,
    ...(isFiltered && { onResetFilters: resetFilters }),
    ...(view.item !== undefined && { onRowAction: openItem, meta: links }),
  };
  const item = view.item === undefined ? undefined : (values[view.item] as number | undefined);
  return { filters, setFilters, resetFilters, isFiltered, listed, grid, item, closeItem };
}

/** The same value while it is equal in JSON: a request rebuilt each render keeps its identity. */
function useByValue<T>(value: T): T {
  const key = keyOf(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

/** "Export CSV" for a view that has one: the whole filtered set `listed`, in its order. */
export function ExportListButton<Q extends ListQueryBase>({
  exportList,
  listed,
}: {
  exportList: (api: ApiClient) => (query: Q, signal: AbortSignal) => Promise<number>;
  listed: Q;
}) {
  const exporting = useCsvExport(exportList);
  return (
    <Button onPress={() => exporting.start(listed)} isPending={exporting.isPending}>
      Export CSV
    </Button>
  );
}
