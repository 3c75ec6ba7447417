import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ListData, onDataChange } from '../data-events';
import { useStartedActor } from '../use-started-actor';
import type { ListLogic } from './list-view';

/**
 * A page of a list for a grid (see src/ui/data-grid.tsx): reads `params` and again whenever they
 * change in value (a new query stops the read in flight), and again when one of `refreshOn`
 * changes elsewhere in the app (behaviour §7). Rows stay on screen while the next page loads.
 */
export function useList<TParams, TRow>(
  logic: ListLogic<TParams, TRow>,
  params: TParams,
  options: { fallback: string; refreshOn?: readonly ListData[] },
) {
  // The first read leaves now, with the page's first render (alongside the filter choices'), not
  // after the page has rendered and its effects have run.
  useState(() => logic.readEarly?.(params));
  const list = useStartedActor(logic, { input: { params, fallback: options.fallback } });
  const sent = useRef({ params, key: keyOf(params) });
  const key = keyOf(params);
  useEffect(() => {
    if (key === sent.current.key) return;
    sent.current = { params, key };
    list.send({ type: 'list.load', params });
  }, [list, key, params]);

  const topics = (options.refreshOn ?? []).join(' ');
  useEffect(() => {
    if (!topics) return;
    const reload = () => list.send({ type: 'list.load', params: sent.current.params });
    const stops = topics.split(' ').map((topic) => onDataChange(topic as ListData, reload));
    return () => {
      for (const stop of stops) stop();
    };
  }, [list, topics]);

  const rows = useSelector(list, (s) => s.context.result?.results ?? null);
  const total = useSelector(list, (s) => s.context.result?.count ?? 0);
  const isLoading = useSelector(list, (s) => s.hasTag('busy'));
  const problem = useSelector(list, (s) => s.context.problem);
  const retry = useCallback(() => list.send({ type: 'list.retry' }), [list]);
  return { rows, total, isLoading, problem, retry };
}

/** Params compared by value: the same query built anew is not a new query. */
export function keyOf(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
