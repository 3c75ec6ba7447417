/**
 * One read from the API, typed by its operation: `TParams` are what the read needs (given as
 * input when the actor starts), `TOutput` its response. It reads as it starts; a failure keeps the
 * message to show (behaviour §8 choice, with this read's fallback);
 * `load.retry` tries again. Invariant: `result` is set exactly in `loaded`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';

export const loadMachine = <TParams, TOutput>() =>
  setup({
    types: {
      input: {} as { params: TParams; fallback: string },
      context: {} as {
        /** What the read needs, fixed for the actor's life. */
        params: TParams;
        /** The message used when an error carries none. */
        fallback: string;
        /** The answer; null unless loaded. */
        result: TOutput | null;
        /** Why the last read failed; shown with a retry button. */
        problem: string | null;
      },
      events: {} as { type: 'load.retry' },
      /** busy: the read is in flight. */
      tags: {} as 'busy',
    },
    // Typed as unknown here: TypeScript cannot check an invoke against open generics; the app's
    // typed binding (src/core/workflows.ts) gives the actor `TParams` and expects `TOutput`.
    actors: { load: notProvided<unknown, unknown>('load') },
    actions: {
      keepResult: assign((_, result: TOutput) => ({ result, problem: null })),
      keepProblem: assign(({ context }, error: unknown) => ({ problem: messageOf(error, context.fallback) })),
    },
  }).createMachine({
    id: 'load',
    context: ({ input }) => ({ params: input.params, fallback: input.fallback, result: null, problem: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'busy',
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }: { context: { params: TParams } }) => context.params,
          onDone: {
            target: 'loaded',
            actions: {
              type: 'keepResult',
              params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output as TOutput,
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
        on: { 'load.retry': 'loading' },
      },
    },
  });
