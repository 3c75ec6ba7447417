import { fromCallback, fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A placeholder for an effect the app provides with `machine.provide({ actors })`. Running a
 * machine without providing it fails loudly instead of doing nothing.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The actor "${name}" was not provided`);
  });
}

/** The same for a long-lived subscription that sends events back (`fromCallback`). */
export function notProvidedSubscription<TEvent extends { type: string }, TInput = NonReducibleUnknown>(name: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw new Error(`The actor "${name}" was not provided`);
  });
}
