import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
  Label,
  Text,
} from 'react-aria-components';
import './radio-group.css';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'> {
  label: string;
  description?: string;
  /** The group's <Radio> options. */
  children: React.ReactNode;
  className?: string;
}

/** A labelled set of exclusive options; arrow keys move between them (React Aria). */
export function RadioGroup({ label, description, children, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={['radio-group', className].filter(Boolean).join(' ')}>
      <Label className="radio-group__label">{label}</Label>
      <div className="radio-group__options">{children}</div>
      {description && (
        <Text slot="description" className="radio-group__description">
          {description}
        </Text>
      )}
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<AriaRadioProps, 'children' | 'className'> {
  children: React.ReactNode;
  className?: string;
}

/** One option of a <RadioGroup>; its label is its accessible name. */
export function Radio({ children, className, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={['radio', className].filter(Boolean).join(' ')}>
      <span className="radio__circle" aria-hidden="true" />
      {children}
    </AriaRadio>
  );
}
