/**
 * One form's submission: the form sends `form.submit` with valid values; the injected
 * `submitForm` actor calls the server. Emits `form.succeeded` with the answer, or `form.failed`
 * with the message to show (SPEC section 8 message choice, with this form's fallback) and the
 * server's field errors (first message per field). Used by sign-up, e-mail verification and
 * My Account. Invariant: at most one submission is in flight (no double submit).
 */
import { assign, emit, setup } from 'xstate';
import { fieldErrorsOf, messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';

/** Our forms hold text fields only. */
export type FormValues = Record<string, string>;

export type FormSubmissionEvent = { type: 'form.submit'; values: FormValues } | { type: 'form.reset' };

export type FormSubmissionEmitted =
  | { type: 'form.succeeded'; result: unknown }
  | { type: 'form.failed'; message: string; fieldErrors: Record<string, string> };

export const formSubmissionMachine = setup({
  types: {
    input: {} as { fallback: string },
    context: {} as {
      /** The message used when an error carries none (SPEC section 8 fallbacks). */
      fallback: string;
      /** The last failure's message; null after a success or before any submission. */
      problem: string | null;
      /** The last failure's field errors, keyed as the API names fields. */
      fieldErrors: Record<string, string>;
      /** What the server answered to the last successful submission. */
      result: unknown;
    },
    events: {} as FormSubmissionEvent,
    emitted: {} as FormSubmissionEmitted,
    /** busy: a submission is in flight; the submit button shows progress. */
    tags: {} as 'busy',
  },
  actors: { submitForm: notProvided<unknown, FormValues>('submitForm') },
  actions: {
    keepResult: assign((_, params: { result: unknown }) => ({ result: params.result, problem: null, fieldErrors: {} })),
    keepFailure: assign(({ context }, params: { error: unknown }) => ({
      problem: messageOf(params.error, context.fallback),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    forget: assign({ problem: null, fieldErrors: {}, result: null }),
    announceSuccess: emit((_, params: { result: unknown }) => ({
      type: 'form.succeeded' as const,
      result: params.result,
    })),
    announceFailure: emit(({ context }) => ({
      type: 'form.failed' as const,
      message: context.problem ?? context.fallback,
      fieldErrors: context.fieldErrors,
    })),
  },
}).createMachine({
  id: 'formSubmission',
  context: ({ input }) => ({ fallback: input.fallback, problem: null, fieldErrors: {}, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ event }) => (event.type === 'form.submit' ? event.values : {}),
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'announceSuccess', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }, 'announceFailure'],
        },
      },
    },
    succeeded: {
      on: { 'form.submit': 'submitting', 'form.reset': { target: 'idle', actions: 'forget' } },
    },
  },
});
