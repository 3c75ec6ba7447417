import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A placeholder for an effect the app provides with `machine.provide({ actors })`. Running a
 * machine without providing it fails loudly instead of doing nothing.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The actor "${name}" was not provided`);
  });
}
