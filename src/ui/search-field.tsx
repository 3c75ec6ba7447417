import { SearchField as AriaSearchField, Button, Input, Label, Text } from 'react-aria-components';
import { CloseIcon, SearchIcon } from './icons';
import './field.css';
import './search-field.css';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field; the list usually follows the (debounced) value without it. */
  onSubmit?: (value: string) => void;
  placeholder?: string;
  description?: string;
  className?: string;
}

/**
 * A labelled search box (role searchbox). The clear button and Escape empty it; React Aria keeps
 * the clear button out of the Tab order because Escape does the same from the keyboard.
 */
export function SearchField({
  label,
  value,
  onChange,
  onSubmit,
  placeholder,
  description,
  className,
}: SearchFieldProps) {
  return (
    <AriaSearchField
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      className={['field', 'search-field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <div className="field__input search-field__box">
        <SearchIcon size={18} />
        <Input className="search-field__input" placeholder={placeholder} />
        <Button className="search-field__clear">
          <CloseIcon size={18} />
        </Button>
      </div>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
    </AriaSearchField>
  );
}
