/** Helpers for machine tests: completion events of invoked actors, and readable path names. */
import type { EventObject } from 'xstate';

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
