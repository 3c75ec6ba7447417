/**
 * An actor for the component's lifetime that starts only once the component has mounted: for a
 * machine that calls the API as it starts (a read, checking a single-use link).
 *
 * React StrictMode mounts, unmounts and remounts at once; the start waits for the end of that
 * commit (a microtask) and the unmount cancels it, so exactly one call leaves. An actor that has
 * started and is stopped is never started again: a later remount gets a fresh one, so the stopped
 * actor's late answer has no live actor to reach. `logic` and `options` are read
 * when an actor is made: at the first render, and after a stop.
 */
import { useEffect, useRef, useState } from 'react';
import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type ConditionalRequired,
  createActor,
  type IsNotNever,
  type RequiredActorOptionsKeys,
} from 'xstate';

type OptionsOf<TLogic extends AnyActorLogic> = ConditionalRequired<
  [options?: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }],
  IsNotNever<RequiredActorOptionsKeys<TLogic>>
>;

/** The actors that have been stopped: never started again. */
const stopped = new WeakSet<AnyActorRef>();

export function useStartedActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...[options]: OptionsOf<TLogic>
): Actor<TLogic> {
  // A fresh actor starts from what the component has now (a list's current query), not its first render's.
  const latest = useRef({ logic, options });
  latest.current = { logic, options };
  const [actor, setActor] = useState(() => createActor(logic, options));
  useEffect(() => {
    if (stopped.has(actor)) {
      setActor(createActor(latest.current.logic, latest.current.options));
      return;
    }
    let state: 'waiting' | 'started' | 'cancelled' = 'waiting';
    queueMicrotask(() => {
      if (state !== 'waiting') return;
      state = 'started';
      actor.start();
    });
    return () => {
      if (state === 'started') {
        actor.stop();
        stopped.add(actor);
      }
      state = 'cancelled';
    };
  }, [actor]);
  return actor;
}
