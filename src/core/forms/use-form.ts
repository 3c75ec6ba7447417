/**
 * The one form hook (behaviour §5 and §8). Values are the schema's input type; a field is checked
 * when it loses focus and all fields on submit, and the first field with a message takes focus.
 * Submit owns the whole stanza: check, build the workflow's event from the parsed values, send it
 * only when the workflow `can()` take it, and place a refusal's field messages on the fields
 * (the rest goes to the snackbar, see use-failure-feedback.ts). Busy is the workflow's `busy` tag.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import type { AnyActorRef, EventFrom } from 'xstate';
import { z } from 'zod/mini';
import type { FocusHandle } from '@/ui/focus-handle';
import { type FailureFeedbackOptions, type FailureType, useFailureFeedback } from './use-failure-feedback';

type Errors<K extends string> = Partial<Record<K, string>>;
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** What `field(name)` gives a widget. */
export interface FormField<TValue> {
  name: string;
  value: TValue;
  errorMessage: string | undefined;
  onChange: (value: TValue) => void;
  onBlur: () => void;
  inputRef: (target: FocusHandle | null) => void;
}

interface FormOptions<TValues extends object, TOutput, TRef extends AnyActorRef> {
  schema: z.ZodMiniType<TOutput, TValues>;
  /** The values the fields start with; their key order is the order the fields are shown in. */
  initial: TValues;
  /** The workflow the form feeds: a submission, the session, a negotiation. */
  workflow: TRef;
  /**
   * The event that carries valid values, given parsed and as typed (a change against what was
   * there reads the text); null sends nothing (the form shows why itself).
   */
  toEvent: NoInfer<(values: TOutput, typed: TValues) => EventFrom<TRef> | null>;
  /** Which emitted event carries a refusal, and how its messages are placed. */
  failure: FailureFeedbackOptions<EventFrom<TRef>> & { type: FailureType<TRef> };
  /** Fields whose message depends on another's value, checked again when that one is left (an end after its start). */
  checkWith?: Partial<Record<Extract<keyof TValues, string>, readonly Extract<keyof TValues, string>[]>>;
}

export function useForm<TValues extends object, TOutput, TRef extends AnyActorRef>({
  schema,
  initial,
  workflow,
  toEvent,
  failure,
  checkWith,
}: FormOptions<TValues, TOutput, TRef>) {
  type K = Extract<keyof TValues, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  /** A message about the form as a whole (no field named), from the last submit. */
  const [formError, setFormError] = useState<string | undefined>();
  // What was typed last, for a check on blur that comes in the same tick as a widget's change.
  const latest = useRef(values);
  const targets = useRef(new Map<K, FocusHandle | null>());
  const isBusy = useSelector(workflow, (s) => s.hasTag('busy') as boolean);
  const names = useRef(Object.keys(initial) as K[]);

  const focusFirst = useCallback((found: Errors<K>) => {
    const first = names.current.find((name) => found[name]);
    if (first !== undefined) targets.current.get(first)?.focus();
    return first !== undefined;
  }, []);

  const showServerErrors = useCallback(
    (serverErrors: Partial<Record<string, string>>): boolean => {
      const landed: Errors<K> = {};
      for (const name of names.current) if (serverErrors[name]) landed[name] = serverErrors[name];
      setErrors((current) => ({ ...current, ...landed }));
      return focusFirst(landed);
    },
    [focusFirst],
  );
  const lastSent = useFailureFeedback(workflow, failure.type, { showServerErrors }, failure);

  const setValue = <N extends K>(name: N, value: TValues[N]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    setFormError(undefined);
    // Changing a field clears its message; it comes back on blur if still wrong.
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const field = <N extends K>(name: N): FormField<TValues[N]> & { name: N } => ({
    name,
    value: values[name],
    errorMessage: errors[name],
    onChange: (value: TValues[N]) => setValue(name, value),
    onBlur: () => {
      const result = z.safeParse(schema, latest.current);
      const found: Errors<K> = result.success ? {} : errorsOf<K>(result.error.issues);
      const checked: Errors<K> = {};
      for (const each of [name, ...(checkWith?.[name] ?? [])]) checked[each] = found[each];
      setErrors((current) => ({ ...current, ...checked }));
    },
    inputRef: (target: FocusHandle | null) => {
      targets.current.set(name, target);
    },
  });

  /** The form's submit handler: Enter in a field submits even while busy; the workflow decides. */
  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    const result = z.safeParse(schema, latest.current);
    if (!result.success) {
      const found = errorsOf<K>(result.error.issues);
      setErrors(found);
      setFormError(result.error.issues.find((issue) => issue.path.length === 0)?.message);
      focusFirst(found);
      return;
    }
    setErrors({});
    const next = toEvent(result.data, latest.current);
    if (next === null || !workflow.getSnapshot().can(next)) return;
    lastSent.current = next;
    workflow.send(next);
  };

  return { values, errors, formError, isBusy, field, submit };
}

/** The first message per field; issues about the whole form (no path) are the form's to show. */
function errorsOf<K extends string>(issues: readonly Issue[]): Errors<K> {
  const found: Errors<K> = {};
  for (const issue of issues) {
    const name = issue.path[0] as K | undefined;
    if (name !== undefined && found[name] === undefined) found[name] = issue.message;
  }
  return found;
}
