/**
 * Form values and their messages. A field is checked when it loses focus (behaviour §5) and all
 * fields on submit; `submit` returns the schema's parsed output (trimmed, once, here), or null
 * after focusing the first invalid field. `showServerErrors` puts a server's field messages on
 * the form's fields.
 */
import { useCallback, useRef, useState } from 'react';
import { z } from 'zod/mini';

type Values<K extends string> = Record<K, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

export function useForm<K extends string, TOutput>(schema: z.ZodMiniType<TOutput, Values<K>>, initial: Values<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const inputs = useRef(new Map<K, HTMLInputElement | null>());

  const errorsOf = useCallback((issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors<K> => {
    const found: Errors<K> = {};
    for (const issue of issues) {
      const field = issue.path[0] as K | undefined;
      if (field !== undefined && found[field] === undefined) found[field] = issue.message;
    }
    return found;
  }, []);
  const check = (candidate: Values<K>) => z.safeParse(schema, candidate);

  const field = (name: K) => ({
    name,
    value: values[name],
    errorMessage: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      // Typing clears a shown message; it comes back on blur if still wrong.
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => {
      const result = check(values);
      const message = result.success ? undefined : errorsOf(result.error.issues)[name];
      setErrors((current) => ({ ...current, [name]: message }));
    },
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current.set(name, element);
    },
  });

  const submit = (): TOutput | null => {
    const result = check(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = errorsOf(result.error.issues);
    setErrors(found);
    const firstInvalid = (Object.keys(values) as K[]).find((name) => found[name]);
    if (firstInvalid !== undefined) inputs.current.get(firstInvalid)?.focus();
    return null;
  };

  const fieldNames = useRef(Object.keys(initial) as K[]);
  /**
   * Puts server messages on the fields this form has (others are ignored) and focuses the first
   * one. Returns whether any landed, so the caller can send the rest to the snackbar.
   */
  const showServerErrors = useCallback((serverErrors: Partial<Record<string, string>>): boolean => {
    const landed: Errors<K> = {};
    for (const name of fieldNames.current) {
      if (serverErrors[name]) landed[name] = serverErrors[name];
    }
    setErrors((current) => ({ ...current, ...landed }));
    const firstInvalid = fieldNames.current.find((name) => landed[name]);
    if (firstInvalid !== undefined) inputs.current.get(firstInvalid)?.focus();
    return firstInvalid !== undefined;
  }, []);

  return { values, errors, field, submit, showServerErrors };
}

export type Form = Pick<ReturnType<typeof useForm>, 'showServerErrors'>;

export const REQUIRED_MESSAGE = 'The field is required';
export const required = () => z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE));
/** Required, but kept as typed: a password's spaces are part of it. */
export const requiredSecret = () =>
  z.string().check(z.refine((value) => value.trim() !== '', { message: REQUIRED_MESSAGE }));
