/**
 * Helpers for the generated paths tests: the events a traversal tries, replaying a path step by
 * step with checks, naming the path that broke one, and the states the paths reach.
 */
import {
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  getInitialSnapshot,
  getNextSnapshot,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { pathName } from './xstate';

/**
 * A traversal's events at a snapshot: the user's, and the server's answers to what is in flight.
 * The answers are completion events of invoked actors, which the machine's event type does not list.
 */
export const userAndServer =
  <TSnapshot, TEvent extends EventObject>(user: readonly TEvent[], server: (snapshot: TSnapshot) => EventObject[]) =>
  (snapshot: TSnapshot) =>
    [...user, ...server(snapshot)] as TEvent[];

/** A traversal's filter: events the snapshot accepts, and every completion event offered (traversal never starts actors). */
export const acceptedOrCompletion = <TEvent extends EventObject>(
  snapshot: { can: (event: TEvent) => boolean },
  event: TEvent,
) => event.type.startsWith('xstate.') || snapshot.can(event);

/**
 * Replays a path from the machine's first snapshot, calling `check` after each event with the
 * snapshot before it (null after the start): the traversal merges snapshots its serializer does
 * not tell apart, so the replay checks the snapshots the machine really goes through. Returns
 * where the path ends.
 */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  path: { steps: readonly { event: EventFromLogic<TMachine> }[] },
  check: (
    state: SnapshotFrom<TMachine>,
    event: EventFromLogic<TMachine>,
    before: SnapshotFrom<TMachine> | null,
  ) => void,
): SnapshotFrom<TMachine> {
  let before: SnapshotFrom<TMachine> | null = null;
  let state: SnapshotFrom<TMachine> = getInitialSnapshot(machine, input);
  for (const { event } of path.steps) {
    if (event.type !== 'xstate.init') state = getNextSnapshot(machine, state, event);
    check(state, event, before);
    before = state;
  }
  return state;
}

/** Runs `check` on every path (one test for many paths); a failure is named by its path's events. */
export function checkEveryPath<TPath extends { steps: { event: EventObject }[] }>(
  paths: readonly TPath[],
  check: (path: TPath) => void,
  label?: (event: EventObject) => string,
) {
  for (const path of paths) {
    try {
      check(path);
    } catch (error) {
      throw new Error(`${pathName(path, label)}: ${(error as Error).message}`);
    }
  }
}

/** Every state value a step of the paths is in, as JSON (compare with `stateValues`). */
export const statesReached = (paths: readonly { steps: readonly { state: { value: unknown } }[] }[]) =>
  new Set(paths.flatMap((path) => path.steps.map(({ state }) => JSON.stringify(state.value))));

/** State values as `statesReached` gives them. */
export const stateValues = (values: readonly unknown[]) => new Set(values.map((value) => JSON.stringify(value)));
