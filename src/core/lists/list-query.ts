/**
 * A list's view in the URL (`?publisher=…&ordering=-start_date&page=2`), so a shared link, a
 * reload or Back restores it exactly (behaviour §2, Grids). Each field is read through its own schema and a
 * bad value is dropped (its default applies), never an error screen; a default is never written
 * to the URL. `page` and `ordering` come with the kit; the page size is the shared preference.
 */
import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { z } from 'zod/mini';
import { pageSize as pageSizePreference, pageSizes } from '@/lib/preferences';
import { usePersisted } from '@/lib/use-persisted';

export type Shape = Record<string, z.ZodMiniType>;
export type Values<S extends Shape> = { [K in keyof S]?: z.output<S[K]> };
type PageSize = (typeof pageSizes)[number];

/** The kit's own fields: a 1-based page, and an API ordering like "-start_date". */
const kitShape = {
  page: z.coerce.number().check(z.int(), z.gte(1)),
  ordering: z.string().check(z.regex(/^-?[a-z][a-z0-9_]*$/)),
};

export type ListQuery<S extends Shape, D> = Values<S> & { [K in keyof D & keyof S]-?: z.output<S[K]> } & {
  page: number;
  ordering: string | null;
  pageSize: PageSize;
};

type ListQueryPatch<S extends Shape> = Values<S> & { page?: number; ordering?: string | null; pageSize?: number };

/** An id in the URL (`?publisher=3`): the contract's ids are 32-bit integers from 1. */
export const idParam = () => z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647));
/** A search term, as long as the contract's `Search` parameter takes. */
export const searchParam = () => z.string().check(z.maxLength(PARAMETER_LIMITS.Search.maxLength));
/**
 * A day (`2026-11-30`). A range picker writes its range as soon as both days are whole, so while a
 * year is typed digit by digit the address briefly holds year 2, then 20, then 202: kept, so the
 * typing goes on.
 */
export const dayParam = () => z.iso.date();
/** The contract's `Day` exactly (1900-01-01 to 9999-12-30), for a single-day picker. */
export const contractDayParam = () =>
  z.iso.date().check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-30'));
/** A yes/no filter (`?is_hot=true`); the kit leaves it out of the URL when unset. */
export const flagParam = () => z.stringbool();

/**
 * `schema` lists the filters (a field of the same name overrides the kit's `ordering`, to allow
 * only the orderings a list knows); `defaults` their values when the URL has none. Keep both at
 * module scope: the query keeps its identity while the URL does not change.
 * `setQuery(patch)` writes the URL as a new history entry; a patch without `page` goes back to
 * page 1 (a new filter, ordering or page size starts at the first page) unless `resetPage` is false.
 */
export function useListQuery<S extends Shape, D extends Values<S> & { ordering?: string }>(
  schema: z.ZodMiniObject<S>,
  defaults: D,
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [pageSize, setPageSize] = usePersisted(pageSizePreference);
  const shape: Shape = useMemo(() => ({ ...kitShape, ...schema.shape }), [schema]);
  const fallbacks: Record<string, unknown> = useMemo(() => ({ page: 1, ordering: null, ...defaults }), [defaults]);

  const values = useMemo(() => {
    const params = new URLSearchParams(search);
    const read: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(shape)) {
      const raw = params.get(name);
      const parsed = raw ? field.safeParse(raw) : null;
      read[name] = parsed?.success && parsed.data !== undefined ? parsed.data : fallbacks[name];
    }
    return read;
  }, [search, shape, fallbacks]);
  // A link may carry a page size (`?pageSize=100`); without one the remembered size applies.
  const linkedSize = useMemo(() => {
    const size = Number(new URLSearchParams(search).get('pageSize'));
    return pageSizes.find((choice) => choice === size);
  }, [search]);
  const query = useMemo(
    () => ({ ...values, pageSize: linkedSize ?? pageSize }) as ListQuery<S, D>,
    [values, linkedSize, pageSize],
  );

  const setQuery = useCallback(
    (patch: ListQueryPatch<S>, options: { resetPage?: boolean } = {}) => {
      const { pageSize: size, ...fields } = patch as Record<string, unknown>;
      if (pageSizes.some((choice) => choice === size)) setPageSize(size as PageSize);
      const next: Record<string, unknown> = { ...values, ...fields };
      if (options.resetPage ?? !('page' in patch)) next.page = 1;
      const params = new URLSearchParams(search);
      if (size !== undefined) params.delete('pageSize');
      for (const name of Object.keys(shape)) {
        const value = next[name];
        params.delete(name);
        if (value === undefined || value === null || value === '') continue;
        if (String(value) === String(fallbacks[name])) continue;
        params.set(name, String(value));
      }
      const written = params.toString();
      navigate(written ? `${location}?${written}` : location, { replace: false });
    },
    [values, search, shape, fallbacks, location, navigate, setPageSize],
  );
  return [query, setQuery] as const;
}
