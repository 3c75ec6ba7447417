/**
 * Which lists must reload after a change made elsewhere in the app (behaviour §7: after changes to
 * cart, offers or orders the related lists are refreshed; checkout refreshes the cart and the
 * orders). The code that changed data announces the topic; every mounted list of it reloads.
 */
export type DataTopic = 'cart' | 'offers' | 'orders' | 'invoices';

const listeners = new Map<DataTopic, Set<() => void>>();

export function announceChange(...topics: DataTopic[]) {
  for (const topic of topics) for (const listener of listeners.get(topic) ?? []) listener();
}

/** Calls `listener` whenever `topic` changes; returns the unsubscribe function. */
export function onDataChange(topic: DataTopic, listener: () => void): () => void {
  const set = listeners.get(topic) ?? new Set();
  set.add(listener);
  listeners.set(topic, set);
  return () => set.delete(listener);
}
