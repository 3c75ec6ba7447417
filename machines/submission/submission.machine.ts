/**
 * One submission of a form to one API operation, typed by that operation: `TInput` is its request
 * body, `TOutput` its response, and field errors are keyed by the body's field names. The form
 * sends `submission.submit` with valid input; the injected `submit` actor calls the server. Emits
 * `submission.succeeded` with the answer, or `submission.failed` with the message to show (behaviour
 * section 8 message choice, with this form's fallback) and the server's field errors.
 * Invariant: at most one submission is in flight (no double submit).
 */
import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, emit, enqueueActions, setup } from 'xstate';
import { type FieldErrors, fieldErrorsOf, messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';

type SubmissionFailure<TInput> = { message: string; fieldErrors: FieldErrors<TInput> };
type SubmissionEvent<TInput> = { type: 'submission.submit'; input: TInput } | { type: 'submission.reset' };

export const submissionMachine = <TInput, TOutput>() =>
  setup({
    types: {
      input: {} as { fallback: string },
      context: {} as {
        /** The message used when an error carries none (behaviour §8 fallbacks). */
        fallback: string;
        /** The last failure's message; null after a success or before any submission. */
        problem: string | null;
        /** The last failure's field errors. */
        fieldErrors: FieldErrors<TInput>;
        /** What the server answered to the last successful submission. */
        result: TOutput | null;
      },
      events: {} as SubmissionEvent<TInput>,
      emitted: {} as
        | { type: 'submission.succeeded'; result: TOutput }
        | ({ type: 'submission.failed' } & SubmissionFailure<TInput>),
      /** busy: a submission is in flight; the submit button shows progress. */
      tags: {} as 'busy',
    },
    // Typed as unknown here: TypeScript cannot check an invoke against open generics; the app's
    // typed binding (src/core/workflows.ts) gives the actor `TInput` and expects `TOutput`.
    actors: { submit: notProvided<unknown, unknown>('submit') },
    actions: {
      acceptResult: enqueueActions(({ enqueue }, result: TOutput) => {
        enqueue.assign({ result, problem: null, fieldErrors: {} });
        enqueue.emit({ type: 'submission.succeeded', result });
      }),
      keepFailure: assign(({ context }, error: unknown) => ({
        problem: messageOf(error, context.fallback),
        fieldErrors: fieldErrorsOf<TInput>(error),
      })),
      forget: assign({ problem: null, fieldErrors: {}, result: null }),
      announceFailure: emit(({ context }) => ({
        type: 'submission.failed' as const,
        message: context.problem ?? context.fallback,
        fieldErrors: context.fieldErrors,
      })),
    },
  }).createMachine({
    id: 'submission',
    context: ({ input }) => ({ fallback: input.fallback, problem: null, fieldErrors: {}, result: null }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'submission.submit': 'submitting' },
      },
      submitting: {
        tags: 'busy',
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ event }: { event: SubmissionEvent<TInput> }) => {
            // Only `submission.submit` enters this state.
            assertEvent(event, 'submission.submit');
            return event.input;
          },
          onDone: {
            target: 'succeeded',
            actions: {
              type: 'acceptResult',
              // The one cast: the answer of `submit`, which the typed binding makes a TOutput.
              params: ({ event }: { event: DoneActorEvent<unknown> }) => event.output as TOutput,
            },
          },
          onError: {
            target: 'idle',
            actions: [
              { type: 'keepFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              'announceFailure',
            ],
          },
        },
      },
      succeeded: {
        on: { 'submission.submit': 'submitting', 'submission.reset': { target: 'idle', actions: 'forget' } },
      },
    },
  });
