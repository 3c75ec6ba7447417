/**
 * One page of a list from the API, re-read whenever its query changes: `TParams` are the query
 * (filters, ordering, page), the answer a page `{ count, results }` (behaviour §2, Grids).
 * It reads as it starts; `list.load` reads with new params, stopping a read in
 * flight (its signal aborts, so an old answer never lands over a newer query); the last page stays
 * while the next loads, and a reload keeps the row objects that did not change, so only changed
 * rows re-render. A failure keeps the message to show (behaviour §8 choice, with this list's
 * fallback); `list.retry` reads again. A read answered 503 (the service briefly away, behaviour §7)
 * is read again once by itself, after the server's `Retry-After`, before its failure shows; a read
 * changes nothing, so repeating it is safe. Invariant: `problem` is set exactly in `failed`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, setup } from 'xstate';
import { messageOf, retryAfterOf, statusOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';

/** The wait before the one retry of a 503 when the server named none. */
const DEFAULT_RETRY_AFTER_MS = 2000;
/** A longer `Retry-After` is no brief outage: the failure shows at once. */
const MAX_RETRY_AFTER_MS = 30_000;

/** How long to wait before reading again after `error`, or null when it is not a brief outage. */
function retryDelayOf(error: unknown): number | null {
  if (statusOf(error) !== 503) return null;
  const seconds = retryAfterOf(error);
  const ms = seconds === undefined ? DEFAULT_RETRY_AFTER_MS : seconds * 1000;
  return ms <= MAX_RETRY_AFTER_MS ? ms : null;
}

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
        /** The read in flight or waiting is already the one retry of a 503; reset by each new read asked for. */
        retried: boolean;
        /** How long `waiting` waits: the `Retry-After` of the 503 being retried. */
        retryAfterMs: number;
      },
      events: {} as { type: 'list.load'; params: TParams } | { type: 'list.retry' },
      /** busy: a read is in flight, or waits to be retried. */
      tags: {} as 'busy',
    },
    delays: {
      retryAfter: ({ context }) => context.retryAfterMs,
    },
    guards: {
      isBriefOutage: ({ context }, error: unknown) => !context.retried && retryDelayOf(error) !== null,
    },
    // Typed as unknown here: TypeScript cannot check an invoke against open generics; the app's
    // typed binding (src/core/workflows.ts) gives the actor `TParams` and expects a ListPage.
    actors: { list: notProvided<unknown, unknown>('list') },
    actions: {
      // A new query is a new read: it gets its own retry of a 503.
      keepParams: assign((_, params: TParams) => ({ params, retried: false })),
      keepResult: assign(({ context }, page: ListPage<TRow>) => ({
        result: { count: page.count, results: sharedRows(context.result?.results ?? [], page.results) },
        problem: null,
      })),
      clearProblem: assign({ problem: null }),
      forgetRetry: assign({ retried: false }),
      keepRetryDelay: assign((_, error: unknown) => ({ retryAfterMs: retryDelayOf(error) ?? DEFAULT_RETRY_AFTER_MS })),
      noteRetried: assign({ retried: true }),
      keepProblem: assign(({ context }, error: unknown) => ({ problem: messageOf(error, context.fallback) })),
    },
  }).createMachine({
    id: 'list',
    context: ({ input }) => ({
      params: input.params,
      fallback: input.fallback,
      result: null,
      problem: null,
      retried: false,
      retryAfterMs: DEFAULT_RETRY_AFTER_MS,
    }),
    initial: 'loading',
    on: {
      'list.load': {
        target: '.loading',
        reenter: true,
        actions: { type: 'keepParams', params: ({ event }) => event.params },
      },
    },
    states: {
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
          onError: [
            {
              guard: { type: 'isBriefOutage', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              target: 'waiting',
              actions: { type: 'keepRetryDelay', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
            {
              target: 'failed',
              actions: { type: 'keepProblem', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          ],
        },
      },
      // The service answered 503: the list reads again once, after the wait it asked for.
      waiting: {
        tags: 'busy',
        after: { retryAfter: { target: 'loading', actions: 'noteRetried' } },
      },
      loaded: {},
      failed: {
        on: { 'list.retry': { target: 'loading', actions: 'forgetRetry' } },
      },
    },
  });

/** The new rows, reusing each previous row object that is equal in value (rows are JSON data). */
function sharedRows<TRow>(before: readonly TRow[], after: readonly TRow[]): readonly TRow[] {
  if (before.length === 0) return after;
  const previous = new Map(before.map((row) => [JSON.stringify(row), row]));
  return after.map((row) => previous.get(JSON.stringify(row)) ?? row);
}
