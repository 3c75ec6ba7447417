import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  Label,
} from 'react-aria-components';
import { FieldHelp } from './field-help';
import './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  description?: string;
  /** The message to show; set makes the field invalid (server and on-blur validation alike). */
  errorMessage?: string | undefined;
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** A labelled text input whose description and error are tied to it with aria-describedby. */
export function TextField({ label, description, errorMessage, placeholder, inputRef, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage)} validationBehavior="aria" className="field">
      <Label className="field__label">{label}</Label>
      <Input ref={inputRef} className="field__input" {...(placeholder ? { placeholder } : {})} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
