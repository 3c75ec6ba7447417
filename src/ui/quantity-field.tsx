import { MIN_QUANTITY, sanitizeQuantity, steppedQuantity } from '@openapi/rules/quantity';
import { NumberField } from './number-field';
import { TextField } from './text-field';

interface FormQuantityProps {
  variant?: 'field';
  label: string;
  /** The bound of the operation that takes the quantity (openapi/schema.facts.ts): arrow keys step within it. */
  maximum: number;
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

/** A basket line's quantity, with − and + buttons, clamped to the bounds. */
interface StepperQuantityProps {
  variant: 'stepper';
  /** The accessible name; a stepper shows no visible label. */
  label: string;
  /** The quantity shown. */
  value: number;
  /** The bound of the operation that takes the quantity (openapi/schema.facts.ts). */
  maximum: number;
  /** The whole number chosen, or null while the text is not one between 1 and `maximum`. */
  onChange: (quantity: number | null) => void;
  className?: string;
}

type QuantityFieldProps = FormQuantityProps | StepperQuantityProps;

/**
 * A quantity (behaviour §5). In a form or dialog: a labelled text field that keeps digits only as
 * the user types or pastes, the form checking the range with the operation's bound (`quantity` in
 * src/core/forms/rules.ts); the up and down arrow keys step it by one within 1 and `maximum`. `stepper`: a basket line's, with − and + buttons. A grid row's is
 * QuantityCell (quantity-cell.tsx), the in-cell tier of the same rules.
 */
export function QuantityField(props: QuantityFieldProps) {
  if (props.variant === 'stepper') {
    const { label, value, maximum, onChange, className } = props;
    return (
      <NumberField
        variant="cell"
        label={label}
        minValue={MIN_QUANTITY}
        maxValue={maximum}
        value={value}
        onChange={onChange}
        className={className}
      />
    );
  }
  const { onChange, maximum, variant: _field, ...field } = props;
  return (
    <TextField
      {...field}
      inputMode="numeric"
      onChange={(typed) => onChange(sanitizeQuantity(typed))}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        onChange(steppedQuantity(field.value, event.key === 'ArrowUp' ? 1 : -1, maximum));
      }}
    />
  );
}
