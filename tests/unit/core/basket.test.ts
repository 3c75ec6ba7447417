// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { basket, useBasketItems, useBasketQuantity, useBasketTotals } from '@/core/domain/basket';
import { STORAGE_PREFIX } from '@/lib/persisted';
import { aBasketItem } from '../../support/basket';

const KEY = `${STORAGE_PREFIX}basket`;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the basket store', () => {
  it('starts empty when the stored basket is unreadable', () => {
    localStorage.setItem(KEY, '[{"id":');
    expect(basket.items()).toEqual([]);
    const { result } = renderHook(() => useBasketTotals());
    expect(result.current).toEqual({ totalItems: 0, totalPositions: 0, totalPriceCents: 0 });
  });

  it('keeps the valid lines of a stored basket with bad ones', () => {
    localStorage.setItem(KEY, JSON.stringify([aBasketItem(1), { ...aBasketItem(2), quantity: -1 }, aBasketItem(3)]));
    expect(basket.items().map((line) => line.id)).toEqual(['1', '3']);
  });

  it('persists changes and totals them in cents', () => {
    basket.add(aBasketItem(1, { price: 0.1, quantity: 3 }));
    basket.add(aBasketItem(2, { price: 0.2 }));
    basket.add(aBasketItem(1, { price: 0.1, quantity: 2 }));
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toHaveLength(2);
    const { result } = renderHook(() => useBasketTotals());
    expect(result.current).toEqual({ totalItems: 6, totalPositions: 2, totalPriceCents: 70 });
  });

  it('shows a change made in another tab at once', () => {
    const { result } = renderHook(() => useBasketItems());
    expect(result.current).toEqual([]);
    const fromOtherTab = JSON.stringify([aBasketItem(7, { quantity: 4 })]);
    act(() => {
      localStorage.setItem(KEY, fromOtherTab);
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: fromOtherTab }));
    });
    expect(result.current.map((line) => [line.id, line.quantity])).toEqual([['7', 4]]);
  });

  it('re-renders a line reader only when its own line changes', () => {
    basket.add(aBasketItem(1));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useBasketQuantity('1');
    });
    const before = renders;
    act(() => basket.add(aBasketItem(2)));
    act(() => basket.setQuantity('2', 5));
    expect(renders).toBe(before);
    act(() => basket.setQuantity('1', 3));
    expect(result.current).toBe(3);
    expect(renders).toBe(before + 1);
  });

  it('keeps the objects of unchanged lines', () => {
    basket.add(aBasketItem(1));
    const { result } = renderHook(() => useBasketItems());
    const first = result.current[0];
    act(() => basket.add(aBasketItem(2)));
    expect(result.current[0]).toBe(first);
  });

  it('puts cleared lines back on undo', () => {
    basket.add(aBasketItem(1, { quantity: 2 }));
    basket.add(aBasketItem(2));
    const cleared = basket.items();
    basket.clear();
    expect(basket.items()).toEqual([]);
    basket.restore(cleared);
    expect(basket.items()).toEqual(cleared);
  });

  it('takes away sent quantities', () => {
    basket.add(aBasketItem(1, { quantity: 5 }));
    basket.add(aBasketItem(2, { quantity: 1 }));
    basket.removeSent([
      { id: '1', quantity: 2 },
      { id: '2', quantity: 1 },
    ]);
    expect(basket.items().map((line) => [line.id, line.quantity])).toEqual([['1', 3]]);
  });
});
