/**
 * The basket (behaviour §3, §4): kept in the browser under its own key, read line by line (a bad
 * line is dropped, the valid ones kept), changed only through `basket.*`, and shared with other
 * tabs at once. Every change reads the stored lines, applies a rule of basket.logic.ts and writes
 * the result, so two tabs never overwrite each other with stale copies.
 *
 * React reads it with useSyncExternalStore. Snapshots keep their references while nothing changed
 * (an unchanged line keeps its object), so `useBasketQuantity(id)` re-renders only when that
 * line's quantity changes and a row of the offers grid stays still when another row is added.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { persisted } from '@/lib/persisted';
import {
  addLine,
  type BasketItem,
  type BasketLines,
  type BasketTotals,
  isFullFor,
  removeLine,
  removeSentLines,
  setLinePrices,
  setLineQuantity,
  storedBasketSchema,
  totalsOf,
} from './basket.logic';

export type { BasketItem } from './basket.logic';
export { lineTotalCents, MAX_POSITIONS, MAX_QUANTITY } from './basket.logic';

const stored = persisted('basket', storedBasketSchema, []);

interface Snapshot {
  json: string;
  items: BasketLines;
  byId: ReadonlyMap<string, BasketItem>;
  totals: BasketTotals;
}

const EMPTY: Snapshot = { json: '[]', items: [], byId: new Map(), totals: totalsOf([]) };
let current = EMPTY;

/** Makes `lines` the snapshot unless they equal it; lines equal to the previous ones keep their objects. */
function accept(lines: BasketLines): Snapshot {
  const json = JSON.stringify(lines);
  if (json === current.json) return current;
  const items = lines.map((line) => {
    const before = current.byId.get(line.id);
    return before && JSON.stringify(before) === JSON.stringify(line) ? before : line;
  });
  current = { json, items, byId: new Map(items.map((line) => [line.id, line])), totals: totalsOf(items) };
  return current;
}

const listeners = new Set<() => void>();
let stopListening: (() => void) | null = null;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    accept(stored.read());
    stopListening = stored.subscribe((lines) => {
      const before = current;
      if (accept(lines) !== before) for (const notify of [...listeners]) notify();
    });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

/** While subscribed the snapshot follows every change; otherwise it is read again (nothing told us of changes). */
const snapshot = () => (stopListening ? current : accept(stored.read()));

function change(rule: (lines: BasketLines) => BasketLines) {
  const before = stored.read();
  const after = rule(before);
  if (after !== before) stored.write([...after]);
}

export const basket = {
  /** The lines now, outside React (Undo of Clear Basket keeps them). */
  items: (): BasketLines => snapshot().items,
  /** Adds `item`, or says false when it would be a new line in a full basket (MAX_POSITIONS). */
  add: (item: BasketItem): boolean => {
    if (isFullFor(stored.read(), item.id)) return false;
    change((lines) => addLine(lines, item));
    return true;
  },
  setQuantity: (id: string, quantity: number) => change((lines) => setLineQuantity(lines, id, quantity)),
  remove: (id: string) => change((lines) => removeLine(lines, id)),
  clear: () => change((lines) => (lines.length === 0 ? lines : [])),
  /** Puts lines back (Undo of Clear Basket); a line added meanwhile with the same id gets their quantity added. */
  restore: (items: BasketLines) => change((lines) => items.reduce(addLine, lines)),
  removeSent: (sent: readonly { id: string; quantity: number }[]) => change((lines) => removeSentLines(lines, sent)),
  /** Current unit prices in euros by line id, from the availability check. */
  setPrices: (prices: ReadonlyMap<string, number>) => change((lines) => setLinePrices(lines, prices)),
};

export function useBasketItems(): BasketLines {
  return useSyncExternalStore(subscribe, () => snapshot().items);
}

export function useBasketTotals(): BasketTotals {
  return useSyncExternalStore(subscribe, () => snapshot().totals);
}

/** The quantity of one line (0 when it is not in the basket): only that line's changes re-render. */
export function useBasketQuantity(id: string): number {
  const select = useCallback(() => snapshot().byId.get(id)?.quantity ?? 0, [id]);
  return useSyncExternalStore(subscribe, select);
}
