import { sanitizeQuantity } from '@openapi/rules/quantity';
import { TextField } from './text-field';

export interface QuantityFieldProps {
  label: string;
  /** The text in the field: digits only. */
  value: string;
  /** Gets the digits of what was typed or pasted. */
  onChange: (value: string) => void;
  /** Called when the field is left (checks on blur, behaviour §5). */
  onBlur?: () => void;
  name?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * A quantity in a form or dialog (behaviour §5): whole units, digits only as the user types or
 * pastes; the form checks the range with the operation's bound (`quantity` in src/core/forms/rules.ts).
 */
export function QuantityField({ onChange, ...props }: QuantityFieldProps) {
  return <TextField {...props} inputMode="numeric" onChange={(typed) => onChange(sanitizeQuantity(typed))} />;
}
