/** DRF limit/offset pages: `{count, next, previous, results}` with absolute next/previous links. */
const DEFAULT_LIMIT = 10;

interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: { limit?: number; offset?: number }): PageWindow {
  return { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
}

export function page<T>(requestUrl: string, window: PageWindow, count: number, results: T[]) {
  const link = (offset: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set('limit', String(window.limit));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    else url.searchParams.delete('offset');
    return url.toString();
  };
  const nextOffset = window.offset + window.limit;
  return {
    count,
    next: nextOffset < count ? link(nextOffset) : null,
    previous: window.offset > 0 ? link(Math.max(0, window.offset - window.limit)) : null,
    results,
  };
}
