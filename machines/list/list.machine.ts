/**
 * One page of a list from the API, re-read whenever its query changes: `TParams` are the query
 * (filters, ordering, page), the answer a page `{ count, results }` (issue 8, the shared data grid).
 * It starts loading a tick after it starts; `list.load` reads with new params, stopping a read in
 * flight (its signal aborts, so an old answer never lands over a newer query); the last page stays
 * while the next loads, and a reload keeps the row objects that did not change, so only changed
 * rows re-render. A failure keeps the message to show (behaviour §8 choice, with this list's
 * fallback); `list.retry` reads again. Invariant: `problem` is set exactly in `failed`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';

/** A page as the contract's `*Page` schemas give it (the links `next`/`previous` are not used). */
export type ListPage<TRow> = { readonly count: number; readonly results: readonly TRow[] };

export const listMachine = <TParams, TRow>() =>
  setup({
    types: {
      input: {} as { params: TParams; fallback: string },
      context: {} as {
        /** The query of the page being read or shown. */
        params: TParams;
        /** The message used when an error carries none. */
        fallback: string;
        /** The last page read; kept while the next one loads and after a failure. */
        result: ListPage<TRow> | null;
        /** Why the last read failed; shown with a Retry button. */
        problem: string | null;
      },
      events: {} as { type: 'list.load'; params: TParams } | { type: 'list.retry' },
      /** busy: a read is in flight. */
      tags: {} as 'busy',
    },
    // Typed as unknown here: TypeScript cannot check an invoke against open generics; the app's
    // typed binding (src/core/workflows.ts) gives the actor `TParams` and expects a ListPage.
    actors: { list: notProvided<unknown, unknown>('list') },
    actions: {
      keepParams: assign((_, params: TParams) => ({ params })),
      keepResult: assign(({ context }, page: ListPage<TRow>) => ({
        result: { count: page.count, results: sharedRows(context.result?.results ?? [], page.results) },
        problem: null,
      })),
      clearProblem: assign({ problem: null }),
      keepProblem: assign(({ context }, error: unknown) => ({ problem: messageOf(error, context.fallback) })),
    },
  }).createMachine({
    id: 'list',
    context: ({ input }) => ({ params: input.params, fallback: input.fallback, result: null, problem: null }),
    initial: 'starting',
    on: {
      'list.load': {
        target: '.loading',
        reenter: true,
        actions: { type: 'keepParams', params: ({ event }) => event.params },
      },
    },
    states: {
      // As in load.machine.ts: an actor stopped at once (React StrictMode) never reads.
      starting: {
        tags: 'busy',
        after: { 0: 'loading' },
      },
      loading: {
        tags: 'busy',
        entry: 'clearProblem',
        invoke: {
          id: 'list',
          src: 'list',
          input: ({ context }: { context: { params: TParams } }) => context.params,
          onDone: {
            target: 'loaded',
            actions: {
              type: 'keepResult',
              params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output as ListPage<TRow>,
            },
          },
          onError: {
            target: 'failed',
            actions: { type: 'keepProblem', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        },
      },
      loaded: {},
      failed: {
        on: { 'list.retry': 'loading' },
      },
    },
  });

/** The new rows, reusing each previous row object that is equal in value (rows are JSON data). */
function sharedRows<TRow>(before: readonly TRow[], after: readonly TRow[]): readonly TRow[] {
  if (before.length === 0) return after;
  const previous = new Map(before.map((row) => [JSON.stringify(row), row]));
  return after.map((row) => previous.get(JSON.stringify(row)) ?? row);
}
