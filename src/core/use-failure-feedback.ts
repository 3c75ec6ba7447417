/**
 * behaviour §5 and §8 for every form: a failed call's field errors go onto the form's fields
 * (first message per field), and its message goes to the error snackbar, unless it is only the
 * form's fallback and field messages already say what is wrong.
 */
import { useEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef } from 'xstate';
import type { Form } from '@/lib/use-form';
import { notify } from '@/ui/notify';

export interface Failure {
  message: string;
  fieldErrors: Partial<Record<string, string>>;
}

/** The emitted events of an actor that carry a failure: `submission.failed`, `session.signInFailed`. */
type FailureType<TRef> =
  TRef extends ActorRef<infer _S, infer _E, infer TEmitted>
    ? Extract<TEmitted, Failure & { type: string }>['type']
    : never;

export interface FailureFeedbackOptions {
  fallback: string;
  /** Server field names that the form calls otherwise, e.g. `{ raw_password: 'password' }`. */
  fields?: Partial<Record<string, string>>;
}

export function useFailureFeedback<TRef extends AnyActorRef>(
  source: TRef,
  type: FailureType<TRef>,
  form: Form,
  options: FailureFeedbackOptions,
) {
  const latest = useRef({ form, options });
  latest.current = { form, options };
  useEffect(() => {
    const subscription = source.on(type, (event) => {
      const { message, fieldErrors } = event as Failure;
      const { form, options } = latest.current;
      const onForm: Partial<Record<string, string>> = {};
      for (const [name, text] of Object.entries(fieldErrors)) onForm[options.fields?.[name] ?? name] = text;
      const landed = form.showServerErrors(onForm);
      if (!landed || message !== options.fallback) notify({ type: 'error', message });
    });
    return () => subscription.unsubscribe();
  }, [source, type]);
}
