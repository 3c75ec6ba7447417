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

/**
 * A paged list: `call` reads one page for the query; see machines/list/list.machine.ts.
 * `readEarly(params)` starts the first read before the machine runs (a page's first render, while
 * its machine starts only after the whole page has rendered and committed): the machine's first
 * read takes that answer when it asks for the same params, and drops it otherwise. Make the
 * logic once per page (useApiLogic), so an early read never outlives the page that asked for it.
 */
export function list<TParams, TRow>(call: Call<TParams, ListPage<TRow>>) {
  type EarlyRead = { params: TParams; answer: Promise<ListPage<TRow>>; controller: AbortController };
  let early: EarlyRead | null = null;
  const machine = listMachine<TParams, TRow>().provide({
    actors: {
      // The machine passes on its `params`, which its context and `list.load` type as TParams.
      list: fromPromise(({ input, signal }) => {
        const taken = early;
        early = null;
        if (!taken || !sameParams(taken.params, input)) {
          taken?.controller.abort();
          return call(input as TParams, signal);
        }
        signal.addEventListener('abort', () => taken.controller.abort(), { once: true });
        return taken.answer;
      }),
    },
  });
  return Object.assign(machine, {
    readEarly(params: TParams) {
      if (early && sameParams(early.params, params)) return;
      early?.controller.abort();
      const controller = new AbortController();
      const answer = call(params, controller.signal);
      // Its failure is the machine's to show once it takes the answer; an answer nobody takes is dropped.
      answer.catch(() => {});
      early = { params, answer, controller };
    },
  });
}

/** Params are JSON query values, built the same way by the same page. */
const sameParams = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
