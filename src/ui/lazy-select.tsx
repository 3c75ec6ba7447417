import { useId } from 'react';
import { Button } from 'react-aria-components';
import { ChevronDownIcon } from './icons';
import { lazyWithStandIn, type StandInProps } from './lazy-with-stand-in';
import type { SelectProps } from './select';
import './field.css';
import './select.css';

/** A filter's select: the stand-in shows no description or error, so neither is taken. */
export type LazySelectProps = Omit<
  SelectProps,
  'description' | 'errorMessage' | 'isRequired' | 'openOnMount' | 'labelHidden' | 'autoFocus'
>;

/**
 * The label and the chosen option's name in a button named like the real select's, value then
 * label ("All publishers Publisher"); pressing it, or ArrowDown/ArrowUp on it, asks for the select.
 */
function SelectStandIn(props: LazySelectProps & StandInProps) {
  const { label, options, selectedKey, emptyLabel, placeholder, isDisabled, className } = props;
  const { isPending, onOpen, onIntent } = props;
  const labelId = useId();
  const valueId = useId();
  const chosen = options.find((option) => option.id === selectedKey)?.name ?? emptyLabel;
  return (
    <div className={['field', 'select', className].filter(Boolean).join(' ')}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <Button
        aria-labelledby={`${valueId} ${labelId}`}
        aria-haspopup="listbox"
        aria-expanded={false}
        isPending={isPending}
        isDisabled={isDisabled}
        onPress={onOpen}
        onKeyDown={(event) =>
          event.key === 'ArrowDown' || event.key === 'ArrowUp' ? onOpen() : event.continuePropagation()
        }
        onHoverStart={onIntent}
        onFocus={onIntent}
        className="field__input select__button"
      >
        <span id={valueId} className="select__value" data-placeholder={chosen === undefined || undefined}>
          {chosen ?? placeholder ?? 'Select an item'}
        </span>
        <ChevronDownIcon size={18} />
      </Button>
    </div>
  );
}

/**
 * A Select whose code (React Aria's ListBox, selection and collections) loads when it is first
 * used: the stand-in above until then, then the real select with its list open
 * (lazy-with-stand-in.tsx).
 */
export const LazySelect = lazyWithStandIn({
  load: () => import('./select').then((m) => m.Select),
  StandIn: SelectStandIn,
  toReal: (props: LazySelectProps) => ({ ...props, openOnMount: true }),
});
