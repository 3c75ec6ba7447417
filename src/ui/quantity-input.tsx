import { useState } from 'react';
import './quantity-input.css';

interface QuantityInputProps {
  /** The accessible name; a grid cell shows no visible label (its column header says it). */
  label: string;
  /** The quantity shown first. */
  defaultValue: number;
  min: number;
  max: number;
  /** The whole number typed, or null while the text is not one between `min` and `max`. */
  onChange: (quantity: number | null) => void;
}

/**
 * A compact whole-number input for grid rows: a native number input (a spin button: the arrow
 * keys step it). A grid renders one per row, and React Aria's NumberField, which parses and
 * formats per locale, cost more than the rest of a row (`npm run bench`, rows painted).
 */
export function QuantityInput({ label, defaultValue, min, max, onChange }: QuantityInputProps) {
  const [isInvalid, setInvalid] = useState(false);
  return (
    <input
      type="number"
      inputMode="numeric"
      className="quantity-input"
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      defaultValue={defaultValue}
      min={min}
      max={max}
      step={1}
      onChange={(event) => {
        const value = event.currentTarget.valueAsNumber;
        const quantity = Number.isInteger(value) && value >= min && value <= max ? value : null;
        setInvalid(quantity === null);
        onChange(quantity);
      }}
    />
  );
}
