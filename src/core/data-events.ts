/**
 * Which lists reload after a write (behaviour §7: after changes to offers or orders the related
 * lists are refreshed; checkout refreshes the orders). A write declares what it changes where its
 * call is made (`changing`, in a feature's implementations); a list declares what it shows (the
 * list kit's `refreshOn`); every mounted list of that data reloads once the server took the write.
 */

/** The data the app's lists show. */
export type ListData = 'offers' | 'orders' | 'invoices';

const listeners = new Map<ListData, Set<() => void>>();

/** Every mounted list of `data` reloads: for a write whose call does not reject when refused. */
export function listsChanged(...data: ListData[]) {
  for (const each of data) for (const listener of listeners.get(each) ?? []) listener();
}

/**
 * A write, declared with the data it changes: once the server took it, the lists of `data`
 * reload. `alsoWhenRefused` names the refusals that mean the lists are out of date too (the order
 * moved on meanwhile, an order invoiced elsewhere).
 *
 *   submission((body: SpecialPriceRequest, signal) =>
 *     changing(['orders'], unwrap(api.POST('/api/v1/orders/request-special-price/', { body, signal }))));
 */
export async function changing<T>(
  data: readonly ListData[],
  write: Promise<T>,
  alsoWhenRefused: (error: unknown) => boolean = () => false,
): Promise<T> {
  try {
    const result = await write;
    listsChanged(...data);
    return result;
  } catch (error) {
    // An abandoned call (its dialog closed, its page left) says nothing about the data.
    const abandoned = error instanceof DOMException && error.name === 'AbortError';
    if (!abandoned && alsoWhenRefused(error)) listsChanged(...data);
    throw error;
  }
}

/** Calls `listener` whenever `data` changes; returns the unsubscribe function. */
export function onDataChange(data: ListData, listener: () => void): () => void {
  const set = listeners.get(data) ?? new Set();
  set.add(listener);
  listeners.set(data, set);
  return () => set.delete(listener);
}
