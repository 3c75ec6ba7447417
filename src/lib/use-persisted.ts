import { useCallback, useEffect, useState } from 'react';
import type { Persisted } from './persisted';

/** A persisted value as React state, shared by every component and tab that uses it. */
export function usePersisted<T>(store: Persisted<T>): [T, (value: T) => void] {
  const [value, setValue] = useState(() => store.read());
  useEffect(() => store.subscribe(setValue), [store]);
  const update = useCallback((next: T) => store.write(next), [store]);
  return [value, update];
}
