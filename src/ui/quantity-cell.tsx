import { isQuantity, MIN_QUANTITY } from '@openapi/rules/quantity';
import { useState } from 'react';
import './quantity-cell.css';

interface QuantityCellProps {
  /** The accessible name: a cell shows no label (its column header names it). */
  label: string;
  /** The quantity the input starts with. */
  defaultValue: number;
  /** The bound of the operation that takes the quantity (openapi/schema.facts.ts). */
  maximum: number;
  /** The whole number chosen, or null while the text is not one between 1 and `maximum`. */
  onChange: (quantity: number | null) => void;
}

/**
 * A grid row's quantity (the in-cell tier of QuantityField, same rules): a native number input, a
 * spin button whose arrow keys step it. A grid renders one per row, and React Aria's NumberField,
 * which parses and formats per locale, cost more than the rest of a row (`npm run bench`, rows
 * painted); this module loads none of React Aria.
 */
export function QuantityCell({ label, defaultValue, maximum, onChange }: QuantityCellProps) {
  const [isInvalid, setInvalid] = useState(false);
  return (
    <input
      type="number"
      inputMode="numeric"
      className="quantity-input"
      aria-label={label}
      aria-invalid={isInvalid || undefined}
      defaultValue={defaultValue}
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
