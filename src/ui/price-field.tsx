import { formatPriceInput, sanitizePrice } from '@openapi/rules/price';
import { useId } from 'react';
import { TextField as AriaTextField, Input, Label } from 'react-aria-components';
import { FieldHelp } from './field-help';
import './field.css';
import './price-field.css';

export interface PriceFieldProps {
  /** Shown above the field, and its accessible name unless `aria-label` is given. */
  label: string;
  /** The text in the field: digits and one dot, at most 2 decimals ("12.5" while typing, "12.50" after). */
  value: string;
  /** Gets the sanitised text on every change, and the 2-decimal form when the field is left or Enter is pressed. */
  onChange: (value: string) => void;
  /** Called when the field is left, after the 2-decimal form was handed to `onChange` (checks on blur, behaviour §5). */
  onBlur?: () => void;
  name?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  isInvalid?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** The accessible name when the visible label is hidden, e.g. "Unit price of Witcher 3" in a grid row. */
  'aria-label'?: string;
  /** No visible label: the context shows what the field is (a grid row under its headers). */
  labelHidden?: boolean;
  /** `cell`: compact, to keep a grid row's height. */
  variant?: 'field' | 'cell';
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * A euro amount (behaviour §5): keeps only digits and one dot with at most 2 decimals as the user
 * types or pastes ('€1,234.567' and '$1,234.56' give '1234.56'), shows 2 decimals once left. The
 * € before the input is decoration; screen readers hear "In euros" as the field's description.
 */
export function PriceField({
  label,
  value,
  onChange,
  onBlur,
  errorMessage,
  isInvalid,
  description,
  labelHidden = false,
  variant = 'field',
  className,
  inputRef,
  'aria-label': ariaLabel,
  ...props
}: PriceFieldProps) {
  const currencyId = useId();
  const commit = () => {
    const formatted = formatPriceInput(value);
    if (formatted !== value) onChange(formatted);
  };
  return (
    <AriaTextField
      {...props}
      aria-label={labelHidden ? (ariaLabel ?? label) : ariaLabel}
      aria-describedby={currencyId}
      value={value}
      onChange={(typed) => onChange(sanitizePrice(typed))}
      onBlur={() => {
        commit();
        onBlur?.();
      }}
      inputMode="decimal"
      autoComplete="off"
      isInvalid={isInvalid || Boolean(errorMessage)}
      validationBehavior="aria"
      className={['field', 'price-field', `price-field--${variant}`, className].filter(Boolean).join(' ')}
    >
      {!labelHidden && <Label className="field__label">{label}</Label>}
      <div className="price-field__box">
        <span aria-hidden="true" className="price-field__prefix">
          €
        </span>
        <Input
          ref={inputRef}
          // In a grid row the field is as wide as its text needs, at least its column (CSS).
          size={variant === 'cell' ? Math.max(value.length, 1) : undefined}
          className="field__input price-field__input"
          onChange={(event) => {
            // Rewrite the text here, before React puts the sanitised value back, so that the caret
            // stays after what was typed instead of jumping to the end. The sanitised form of the
            // text before the caret is the text before the new caret (openapi/rules/price.ts).
            const input = event.currentTarget;
            const typed = input.value;
            const clean = sanitizePrice(typed);
            if (clean === typed) return;
            const caret = sanitizePrice(typed.slice(0, input.selectionStart ?? typed.length)).length;
            input.value = clean;
            input.setSelectionRange(caret, caret);
          }}
          onKeyDown={(event) => {
            // Enter commits like leaving the field, before a form or grid row acts on the Enter.
            if (event.key === 'Enter') commit();
          }}
        />
      </div>
      <span id={currencyId} hidden>
        In euros
      </span>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
