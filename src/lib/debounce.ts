import { useEffect, useState } from 'react';

/**
 * The value as it was `ms` milliseconds after its last change: a search box feeds its text
 * through this, so a list loads once the user pauses, not once per keystroke.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
