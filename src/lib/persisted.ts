/**
 * Everything the browser keeps across reloads goes through here: one key prefix, one zod schema
 * per key. A stored value that fails its schema (or is not JSON) is removed and the default used:
 * corrupt saved state never crashes the app. Changes made in other tabs arrive via `storage`.
 */
import type { z } from 'zod/mini';

export const STORAGE_PREFIX = 'marketplace:';

export interface Persisted<T> {
  readonly key: string;
  read(): T;
  write(value: T): void;
  remove(): void;
  /** Calls back with the parsed value whenever another tab changes (or removes) this key. */
  onOtherTab(listener: (value: T) => void): () => void;
  /** Calls back on every change, from this tab or another. */
  subscribe(listener: (value: T) => void): () => void;
}

/** Listeners to writes made in this tab (the `storage` event only reports other tabs). */
const sameTabListeners = new Map<string, Set<() => void>>();
const notifySameTab = (key: string) => {
  for (const listener of sameTabListeners.get(key) ?? []) listener();
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage access throws in some privacy modes; the app then runs without persistence.
    return null;
  }
}

export function persisted<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  fallback: z.infer<S>,
): Persisted<z.infer<S>> {
  const key = `${STORAGE_PREFIX}${name}`;
  const parse = (raw: string | null): z.infer<S> => {
    if (raw === null) return fallback;
    try {
      const result = schema.safeParse(JSON.parse(raw));
      if (result.success) return result.data;
    } catch {
      // Unreadable JSON is treated like a value that fails the schema.
    }
    storage()?.removeItem(key);
    return fallback;
  };
  return {
    key,
    read: () => parse(storage()?.getItem(key) ?? null),
    write: (value) => {
      storage()?.setItem(key, JSON.stringify(schema.parse(value)));
      notifySameTab(key);
    },
    remove: () => {
      storage()?.removeItem(key);
      notifySameTab(key);
    },
    onOtherTab(listener) {
      if (typeof window === 'undefined') return () => {};
      const handle = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener(parse(event.newValue));
      };
      window.addEventListener('storage', handle);
      return () => window.removeEventListener('storage', handle);
    },
    subscribe(listener) {
      const stopOtherTabs = this.onOtherTab(listener);
      const local = () => listener(parse(storage()?.getItem(key) ?? null));
      const listeners = sameTabListeners.get(key) ?? new Set();
      listeners.add(local);
      sameTabListeners.set(key, listeners);
      return () => {
        stopOtherTabs();
        listeners.delete(local);
      };
    },
  };
}
