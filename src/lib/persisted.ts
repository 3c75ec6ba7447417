/**
 * Everything the browser keeps across reloads goes through here: one key prefix, one zod schema
 * per key. A stored value that fails its schema (or is not JSON) is removed and the default used:
 * corrupt saved state never crashes the app. One that passes is stored back as the schema kept it
 * (a basket without its bad lines). Changes made in other tabs arrive via `storage`.
 */
import type { z } from 'zod/mini';

export const STORAGE_PREFIX = 'marketplace:';

export interface Persisted<T> {
  readonly key: string;
  read(): T;
  write(value: T): void;
  remove(): void;
  /**
   * Calls back with the parsed value whenever another tab changes (or removes) this key, and with
   * the value it replaced (undefined when the change does not say: storage cleared as a whole).
   */
  onOtherTab(listener: (value: T, previous: T | undefined) => void): () => void;
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
  /** The stored text as a value, or `invalid` when it is not JSON or fails the schema. */
  const decode = (raw: string): { value: z.infer<S> } | 'invalid' => {
    try {
      const result = schema.safeParse(JSON.parse(raw));
      if (result.success) return { value: result.data };
    } catch {
      // Unreadable JSON (or nesting deeper than the parser goes) is a value that fails the schema.
    }
    return 'invalid';
  };
  /** A failing text is removed, unless something else has been stored over it meanwhile. */
  const drop = (raw: string) => {
    const store = storage();
    if (store?.getItem(key) === raw) store.removeItem(key);
    return fallback;
  };
  /** What another tab replaced: read, never removed (it is no longer what is stored). */
  const previousOf = (raw: string | null): z.infer<S> => {
    const decoded = raw === null ? 'invalid' : decode(raw);
    return decoded === 'invalid' ? fallback : decoded.value;
  };
  const parse = (raw: string | null): z.infer<S> => {
    if (raw === null) return fallback;
    const decoded = decode(raw);
    return decoded === 'invalid' ? drop(raw) : decoded.value;
  };
  const read = (): z.infer<S> => {
    const store = storage();
    const raw = store?.getItem(key) ?? null;
    if (raw === null) return fallback;
    const decoded = decode(raw);
    if (decoded === 'invalid') return drop(raw);
    // What the schema kept is stored in place of what it read: a basket's bad lines, unknown fields
    // and stray spaces are not read again on every visit. A full storage keeps the text as it was.
    const kept = JSON.stringify(decoded.value);
    if (kept !== raw) {
      try {
        store?.setItem(key, kept);
      } catch {
        // Quota exceeded: reading still gives the kept value.
      }
    }
    return decoded.value;
  };
  return {
    key,
    read,
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
        if (event.key === key) listener(parse(event.newValue), previousOf(event.oldValue));
        else if (event.key === null) listener(parse(event.newValue), undefined);
      };
      window.addEventListener('storage', handle);
      return () => window.removeEventListener('storage', handle);
    },
    subscribe(listener) {
      const stopOtherTabs = this.onOtherTab((value) => listener(value));
      const local = () => listener(read());
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
