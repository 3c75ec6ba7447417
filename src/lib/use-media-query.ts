import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, updated when it changes (a resize, a zoom, a rotation).
 * False where the browser has no `matchMedia` (jsdom), which keeps the wide layout there.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
