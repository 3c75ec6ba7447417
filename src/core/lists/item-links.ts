/**
 * Links that open one item of a list in its dialog: this view's address with `param=ID` added, so
 * the link can be shared and Back closes the dialog. The link maker changes with the list's own
 * query only, not with the open item, so opening or closing a dialog redraws no grid row (the
 * grid's rows compare their table meta by identity).
 */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface ItemLinks {
  hrefOf: (id: number) => string;
}

export function useItemLinks(param: string): ItemLinks {
  const [location] = useLocation();
  const search = useSearch();
  const listSearch = useMemo(() => {
    const params = new URLSearchParams(search);
    params.delete(param);
    return params.toString();
  }, [search, param]);
  return useMemo(
    () => ({
      hrefOf: (id: number) => {
        const params = new URLSearchParams(listSearch);
        params.set(param, String(id));
        return `${location}?${params}`;
      },
    }),
    [location, listSearch, param],
  );
}
