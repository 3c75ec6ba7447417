import { lazy, Suspense, useId, useState, useTransition } from 'react';
import { Button } from 'react-aria-components';
import { ChevronDownIcon } from './icons';
import type { SelectProps } from './select';
import './field.css';
import './select.css';

const load = () => import('./select');
const Select = lazy(() => load().then((m) => ({ default: m.Select })));
const preload = () => void load().catch(() => undefined);

/** A filter's select: the stand-in shows no description or error, so neither is taken. */
export type LazySelectProps = Omit<
  SelectProps,
  'description' | 'errorMessage' | 'isRequired' | 'openOnMount' | 'labelHidden' | 'autoFocus'
>;

/**
 * A Select whose code (React Aria's ListBox, selection and collections) loads when it is first
 * used: until then a light stand-in shows the label and the chosen option's name in a button
 * named like the real one, value then label ("All publishers Publisher"); pressing it, or
 * ArrowDown/ArrowUp on it, brings the real select with its list open. The first render of the select is a transition, so
 * the stand-in keeps focus until the select takes it.
 */
export function LazySelect(props: LazySelectProps) {
  const { label, options, selectedKey, emptyLabel, placeholder, isDisabled, className } = props;
  const [isWanted, setWanted] = useState(false);
  const [isPending, startTransition] = useTransition();
  const labelId = useId();
  const valueId = useId();
  const chosen = options.find((option) => option.id === selectedKey)?.name ?? emptyLabel;
  const open = () => startTransition(() => setWanted(true));
  const trigger = (
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
        onPress={open}
        onKeyDown={(event) =>
          event.key === 'ArrowDown' || event.key === 'ArrowUp' ? open() : event.continuePropagation()
        }
        onHoverStart={preload}
        onFocus={preload}
        className="field__input select__button"
      >
        <span id={valueId} className="select__value" data-placeholder={chosen === undefined || undefined}>
          {chosen ?? placeholder ?? 'Select an item'}
        </span>
        <ChevronDownIcon size={18} />
      </Button>
    </div>
  );
  return <Suspense fallback={trigger}>{isWanted ? <Select {...props} openOnMount /> : trigger}</Suspense>;
}
