/** Helpers for machine tests: completion events of invoked actors, and readable path names. */
import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';

/** `xstate.done.actor.<id>`: what the machine receives when the invoked actor `id` resolves. */
export function actorDone<T>(id: string, output: T): EventObject {
  return { type: `xstate.done.actor.${id}`, output } as EventObject;
}

/** `xstate.error.actor.<id>`: what the machine receives when the invoked actor `id` rejects. */
export function actorFailed(id: string, error: unknown): EventObject {
  return { type: `xstate.error.actor.${id}`, error } as EventObject;
}

/** Joins a path's event types into a test name; payload labels tell same-type events apart. */
export function pathName(path: { steps: { event: EventObject }[] }, label?: (event: EventObject) => string): string {
  const names = path.steps.map(({ event }) => label?.(event) ?? event.type).filter((name) => name !== 'xstate.init');
  return names.length > 0 ? names.join(' → ') : '(start)';
}

/**
 * Every simple path of a machine, given the events to try (completion events of invoked actors
 * included, which the machine's own event type does not list) and, for machines whose context
 * matters to the state, a serializer.
 */
export function simplePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    input: InputFrom<TMachine>;
    events: readonly (EventObject & Record<string, unknown>)[];
    serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  },
) {
  return getSimplePaths(machine, {
    input: options.input,
    events: options.events as EventFromLogic<TMachine>[],
    ...(options.serializeState
      ? { serializeState: (snapshot: SnapshotFrom<TMachine>) => options.serializeState?.(snapshot) ?? '' }
      : {}),
  } as Parameters<typeof getSimplePaths<TMachine>>[1]);
}
