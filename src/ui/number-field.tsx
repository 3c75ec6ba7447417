import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Button,
  Group,
  Input,
  Label,
} from 'react-aria-components';
import { FieldHelp } from './field-help';
import { MinusIcon, PlusIcon } from './icons';
import './field.css';
import './number-field.css';

export interface NumberFieldProps
  extends Omit<AriaNumberFieldProps, 'children' | 'className' | 'value' | 'defaultValue' | 'onChange'> {
  /** Shown above the field; in the `cell` variant it is the accessible name only (a grid cell has its column header). */
  label: string;
  /** null when the field is empty. */
  value: number | null;
  /** Called when the typed number is committed (blur, Enter) or a step button is pressed. */
  onChange: (value: number | null) => void;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  /** `cell`: compact, for a data grid cell, with no visible label. */
  variant?: 'field' | 'cell';
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * A labelled number input with − and + buttons; arrow keys step, and React Aria clamps to
 * minValue/maxValue and formats with `formatOptions` (use them for prices and quantities).
 */
export function NumberField({
  label,
  value,
  onChange,
  description,
  errorMessage,
  variant = 'field',
  className,
  inputRef,
  ...props
}: NumberFieldProps) {
  const isCell = variant === 'cell';
  return (
    <AriaNumberField
      {...props}
      {...(isCell ? { 'aria-label': label } : {})}
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
      isInvalid={errorMessage ? true : undefined}
      validationBehavior="aria"
      className={['field', 'number-field', `number-field--${variant}`, className].filter(Boolean).join(' ')}
    >
      {!isCell && <Label className="field__label">{label}</Label>}
      <Group className="field__input number-field__group">
        <Button slot="decrement" className="number-field__step">
          <MinusIcon size={16} />
        </Button>
        <Input ref={inputRef} className="number-field__input" />
        <Button slot="increment" className="number-field__step">
          <PlusIcon size={16} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
