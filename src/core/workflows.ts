/**
 * The one way a page reads from or writes to the API: bind a generic machine to one contract
 * operation. The call's types come from the contract through openapi-fetch, so a submission's input
 * is the operation's request body and its result the operation's response.
 *
 *   const registration = submission((body: Registration, signal) =>
 *     unwrap(api.POST('/api/v1/register/', { body, signal })));
 */

import { type ListPage, listMachine } from '@machines/list/list.machine';
import { loadMachine } from '@machines/load/load.machine';
import { submissionMachine } from '@machines/submission/submission.machine';
import { fromPromise } from 'xstate';

type Call<TInput, TOutput> = (input: TInput, signal: AbortSignal) => Promise<TOutput>;

export function submission<TInput, TOutput>(call: Call<TInput, TOutput>) {
  return submissionMachine<TInput, TOutput>().provide({
    // The machine passes on the `input` of `submission.submit`, which its events type as TInput.
    actors: { submit: fromPromise(({ input, signal }) => call(input as TInput, signal)) },
  });
}

export function load<TParams, TOutput>(call: Call<TParams, TOutput>) {
  return loadMachine<TParams, TOutput>().provide({
    // The machine passes on its `params` input, which it types as TParams.
    actors: { load: fromPromise(({ input, signal }) => call(input as TParams, signal)) },
  });
}

/** A paged list: `call` reads one page for the query; see machines/list/list.machine.ts. */
export function list<TParams, TRow>(call: Call<TParams, ListPage<TRow>>) {
  return listMachine<TParams, TRow>().provide({
    // The machine passes on its `params`, which its context and `list.load` type as TParams.
    actors: { list: fromPromise(({ input, signal }) => call(input as TParams, signal)) },
  });
}
