import type { loadMachine } from '@machines/load/load.machine';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useStartedActor } from './use-started-actor';

type LoadLogic<TParams, TOutput> = ReturnType<typeof loadMachine<TParams, TOutput>>;

/** What a read shows (machines/load/load.machine.ts): its answer, why it failed, and a retry. */
export function useLoadState<TParams, TOutput>(read: ActorRefFrom<LoadLogic<TParams, TOutput>>) {
  const result = useSelector(read, (s) => s.context.result);
  const problem = useSelector(read, (s) => (s.matches('failed') ? s.context.problem : null));
  const retry = useCallback(() => read.send({ type: 'load.retry' }), [read]);
  return { result, problem, retry };
}

/** One read for the component's lifetime: mount it with a `key` to read other `params`. */
export function useLoad<TParams, TOutput>(logic: LoadLogic<TParams, TOutput>, params: TParams, fallback: string) {
  return useLoadState(useStartedActor(logic, { input: { params, fallback } }));
}
