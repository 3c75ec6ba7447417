import { isQuantity, MIN_QUANTITY, sanitizeQuantity } from '@openapi/rules/quantity';
import { useState } from 'react';
import { NumberField } from './number-field';
import { TextField } from './text-field';
import './quantity-field.css';

interface FormQuantityProps {
  variant?: 'field';
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

interface CompactQuantityProps {
  /** The accessible name; a compact field shows no visible label. */
  label: string;
  /** The quantity shown (first, for a cell). */
  value: number;
  /** The bound of the operation that takes the quantity (openapi/schema.facts.ts). */
  maximum: number;
  /** The whole number chosen, or null while the text is not one between 1 and `maximum`. */
  onChange: (quantity: number | null) => void;
  className?: string;
}

/** A basket line's quantity, with − and + buttons, clamped to the bounds. */
interface StepperQuantityProps extends CompactQuantityProps {
  variant: 'stepper';
}

/**
 * A grid row's quantity: a native number input (a spin button: the arrow keys step it). A grid
 * renders one per row, and React Aria's NumberField, which parses and formats per locale, cost
 * more than the rest of a row (`npm run bench`, rows painted).
 */
interface CellQuantityProps extends CompactQuantityProps {
  variant: 'cell';
}

type QuantityFieldProps = FormQuantityProps | StepperQuantityProps | CellQuantityProps;

/**
 * A quantity (behaviour §5). In a form or dialog: a labelled text field that keeps digits only as
 * the user types or pastes, the form checking the range with the operation's bound (`quantity` in
 * src/core/forms/rules.ts). Compact variants for a basket line and a grid row.
 */
export function QuantityField(props: QuantityFieldProps) {
  if (props.variant === 'cell') return <CellQuantity {...props} />;
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
  const { onChange, variant: _field, ...field } = props;
  return <TextField {...field} inputMode="numeric" onChange={(typed) => onChange(sanitizeQuantity(typed))} />;
}

function CellQuantity({ label, value, maximum, onChange }: CellQuantityProps) {
  const [isInvalid, setInvalid] = useState(false);
  return (
    <input
      type="number"
      inputMode="numeric"
      className="quantity-input"
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      defaultValue={value}
      min={MIN_QUANTITY}
      max={maximum}
      step={1}
      onChange={(event) => {
        const typed = event.currentTarget.valueAsNumber;
        const quantity = isQuantity(typed, maximum) ? typed : null;
        setInvalid(quantity === null);
        onChange(quantity);
      }}
    />
  );
}
