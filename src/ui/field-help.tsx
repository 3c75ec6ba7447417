import { FieldError, Text } from 'react-aria-components';
import './field.css';

/**
 * A field's description and error message, inside its React Aria field so both are tied to the
 * input with aria-describedby; the error shows while the field is invalid.
 */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description?: string | undefined;
  errorMessage?: string | undefined;
}) {
  return (
    <>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
