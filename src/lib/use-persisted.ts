import { useCallback, useEffect, useState } from 'react';
import type { Persisted } from './persisted';

/** A persisted value as React state: writes go to storage, other tabs' changes come back in. */
export function usePersisted<T>(store: Persisted<T>): [T, (value: T) => void] {
  const [value, setValue] = useState(() => store.read());
  useEffect(() => store.onOtherTab(setValue), [store]);
  const update = useCallback(
    (next: T) => {
      store.write(next);
      setValue(next);
    },
    [store],
  );
  return [value, update];
}
