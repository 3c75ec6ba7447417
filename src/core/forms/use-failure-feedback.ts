/**
 * behaviour §5 and §8 for every form: a failed call's field errors go onto the form's fields
 * (first message per field), and its message goes to the error snackbar, unless it is only the
 * form's fallback and field messages already say what is wrong.
 */
import { useEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef } from 'xstate';
import { notify } from '@/ui/notify';

interface Failure {
  message: string;
  fieldErrors: Partial<Record<string, string>>;
}

/** The emitted events of an actor that carry a failure: `submission.failed`, `session.signInFailed`. */
export type FailureType<TRef> =
  TRef extends ActorRef<infer _S, infer _E, infer TEmitted>
    ? Extract<TEmitted, Failure & { type: string }>['type']
    : never;

type FieldNames = Partial<Record<string, string>>;

export type FailureFeedbackOptions<TEvent = unknown> = {
  /**
   * Server field names that the form calls otherwise, e.g. `{ raw_password: 'password' }`; or
   * worked out from the event the form sent last (lines numbered as they were sent).
   */
  fields?: FieldNames | ((sent: TEvent | null) => FieldNames);
} & (
  | { fallback: string; snackbar?: true }
  /** The failure's message is shown elsewhere: next to what failed, or by the workflow's owner. */
  | { snackbar: false }
);

interface FailureTarget {
  /** Puts the messages on the fields the form has; says whether any landed. */
  showServerErrors: (fieldErrors: Partial<Record<string, string>>) => boolean;
}

/** Returns where the caller keeps the event it sent last, for `fields` to read. */
export function useFailureFeedback<TRef extends AnyActorRef, TEvent = unknown>(
  source: TRef,
  type: FailureType<TRef>,
  form: FailureTarget,
  options: FailureFeedbackOptions<TEvent>,
) {
  const latest = useRef({ form, options });
  latest.current = { form, options };
  const lastSent = useRef<TEvent | null>(null);
  useEffect(() => {
    const subscription = source.on(type, (event) => {
      const { message, fieldErrors } = event as Failure;
      const { form, options } = latest.current;
      const names = typeof options.fields === 'function' ? options.fields(lastSent.current) : options.fields;
      const onForm: Partial<Record<string, string>> = {};
      for (const [name, text] of Object.entries(fieldErrors)) onForm[names?.[name] ?? name] = text;
      const landed = form.showServerErrors(onForm);
      if (options.snackbar === false) return;
      if (!landed || message !== options.fallback) notify({ type: 'error', message });
    });
    return () => subscription.unsubscribe();
  }, [source, type]);
  return lastSent;
}
