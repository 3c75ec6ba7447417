import { useMemo } from 'react';
import type { z } from 'zod/mini';
import { type Shape, useListQuery, type Values } from '@/lib/list-query';
import type { DataGridProps } from '@/ui/data-grid';

type GridPaging = Pick<
  DataGridProps<Record<string, unknown>>,
  'ordering' | 'onOrderingChange' | 'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange'
>;

/**
 * A list page's view in the URL (`useListQuery`, same arguments) bound to its DataGrid: `grid`
 * holds the grid's ordering, page and page size props, `range` the `limit` and `offset` of the
 * page to read. An ordering the schema's `ordering` field refuses goes back to the default.
 */
export function useListGrid<S extends Shape, D extends Values<S> & { ordering?: string }>(
  schema: z.ZodMiniObject<S>,
  defaults: D,
) {
  const [query, setQuery] = useListQuery(schema, defaults);
  const { page, pageSize, ordering } = query;
  const grid = useMemo((): GridPaging => {
    const field: z.ZodMiniType | undefined = (schema.shape as Shape).ordering;
    const known = (next: string | null) =>
      next !== null && (!field || field.safeParse(next).success) ? next : undefined;
    // The kit's own fields; TypeScript cannot see them in the patch type of an open schema `S`.
    const write = (patch: { ordering?: string | undefined; page?: number; pageSize?: number }) =>
      setQuery(patch as Parameters<typeof setQuery>[0]);
    return {
      ordering,
      page,
      pageSize,
      onOrderingChange: (next) => write({ ordering: known(next) }),
      onPageChange: (next) => write({ page: next }),
      onPageSizeChange: (size) => write({ pageSize: size }),
    };
  }, [schema, ordering, page, pageSize, setQuery]);
  const range = useMemo(() => ({ limit: pageSize, offset: (page - 1) * pageSize }), [page, pageSize]);
  return { query, setQuery, grid, range };
}
