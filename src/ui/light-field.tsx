import { useId } from 'react';
import './field.css';
import './light-controls.css';

export interface LightTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  description?: string;
  /** The message to show; set makes the field invalid (server and on-blur validation alike). */
  errorMessage?: string | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * `TextField` in plain HTML for the signed-out screens, which must paint before any widget code
 * loads: a native input named by its label, with its description and error tied to it by
 * aria-describedby and `aria-invalid` while an error shows; the same classes, so it looks alike.
 */
export function LightTextField({
  label,
  description,
  errorMessage,
  inputRef,
  onChange,
  type = 'text',
  ...props
}: LightTextFieldProps) {
  const id = useId();
  const describedBy = [description && `${id}-description`, errorMessage && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...props}
        id={id}
        ref={inputRef}
        type={type}
        className="field__input light-input"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {description && (
        <span id={`${id}-description`} className="field__description">
          {description}
        </span>
      )}
      {errorMessage && (
        <span id={`${id}-error`} className="field__error">
          {errorMessage}
        </span>
      )}
    </div>
  );
}
