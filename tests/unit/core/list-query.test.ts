// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { z } from 'zod/mini';
import { useListQuery } from '@/core/lists/list-query';
import { pageSize } from '@/lib/preferences';

const filters = z.object({
  publisher: z.optional(z.coerce.number().check(z.int(), z.positive())),
  search: z.optional(z.string()),
  type: z.optional(z.enum(['regular', 'promo'])),
});
const defaults = { ordering: '-start_date', type: 'regular' } as const;

function renderQuery(path: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(Router, { hook: location.hook, searchHook: location.searchHook, children });
  const { result } = renderHook(() => useListQuery(filters, defaults), { wrapper });
  return { result, location, url: () => location.history.at(-1) };
}

afterEach(() => localStorage.clear());

describe('useListQuery', () => {
  it('reads filters, ordering and page from the URL', () => {
    const { result } = renderQuery('/offers?publisher=3&search=star&type=promo&ordering=unit_price&page=2');
    expect(result.current[0]).toEqual({
      publisher: 3,
      search: 'star',
      type: 'promo',
      ordering: 'unit_price',
      page: 2,
      pageSize: 10,
    });
  });

  it('takes a page size from a link over the remembered one, and drops it once the user picks one', () => {
    pageSize.write(25);
    const { result, url } = renderQuery('/offers?pageSize=100&search=star');
    expect(result.current[0].pageSize).toBe(100);
    expect(renderQuery('/offers?pageSize=7').result.current[0].pageSize).toBe(25);

    act(() => result.current[1]({ pageSize: 50 }));
    expect(url()).toBe('/offers?search=star');
    expect(result.current[0].pageSize).toBe(50);
    expect(pageSize.read()).toBe(50);
  });

  it('drops bad values and uses the defaults instead', () => {
    const { result } = renderQuery('/offers?publisher=abc&type=special&ordering=drop%20table&page=-4&search=');
    expect(result.current[0]).toEqual({
      publisher: undefined,
      search: undefined,
      type: 'regular',
      ordering: '-start_date',
      page: 1,
      pageSize: 10,
    });
  });

  it('writes a new history entry without defaults, and a filter change goes back to page 1', () => {
    const { result, location, url } = renderQuery('/offers?page=3&publisher=2&debug=1');
    act(() => result.current[1]({ search: 'star' }));
    expect(url()).toBe('/offers?debug=1&publisher=2&search=star');
    expect(result.current[0].page).toBe(1);

    act(() => result.current[1]({ page: 4 }));
    expect(url()).toBe('/offers?debug=1&page=4&publisher=2&search=star');
    act(() =>
      result.current[1]({ type: 'regular', ordering: '-start_date', publisher: undefined }, { resetPage: false }),
    );
    expect(url()).toBe('/offers?debug=1&page=4&search=star');
    act(() => result.current[1]({ ordering: 'product' }));
    expect(url()).toBe('/offers?debug=1&ordering=product&search=star');
    expect(location.history).toHaveLength(5);
  });

  it('keeps the page size as the shared preference and starts again at page 1', () => {
    const { result, url } = renderQuery('/offers?page=3');
    act(() => result.current[1]({ pageSize: 50 }));
    expect(result.current[0]).toMatchObject({ pageSize: 50, page: 1 });
    expect(pageSize.read()).toBe(50);
    expect(url()).toBe('/offers');
  });
});
