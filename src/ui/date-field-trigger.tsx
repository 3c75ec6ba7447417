import { useId, useRef } from 'react';
import { Button, Group } from 'react-aria-components';
import { dateFieldName } from '@/lib/dates';
import { CalendarIcon, CloseIcon } from './icons';
import './field.css';
import './date-picker.css';

/** A chosen value as the real field shows it ("09/01/2027") and in words ("9 January 2027"), src/lib/dates.ts. */
export interface ShownDate {
  text: string;
  spoken: string;
}

export interface DateFieldTriggerProps {
  label: string;
  /** The chosen day, range or moment; null when none. */
  value: ShownDate | null;
  /** What the field says while nothing is chosen, such as "Any dates". */
  emptyText: string;
  /** The real field is on its way: the button cannot be pressed again meanwhile. */
  isPending: boolean;
  /** The user asks for the field: load it and open its calendar. */
  onOpen: () => void;
  /** The user points at or focuses the button: a good moment to start loading. */
  onIntent: () => void;
  onClear: () => void;
  isDisabled?: boolean | undefined;
  className?: string | undefined;
}

/**
 * What a lazily loaded date field shows until it is first used (src/ui/lazy-date-*.tsx): the same
 * label and frame with the chosen value as the field writes it, a clear button while there is a
 * value, and one button that asks for the real field, named by the label and the value in words
 * ("Due date: 10 March 2026"), as the real field's group is.
 */
export function DateFieldTrigger({
  label,
  value,
  emptyText,
  isPending,
  onOpen,
  onIntent,
  onClear,
  isDisabled,
  className,
}: DateFieldTriggerProps) {
  const labelId = useId();
  const open = useRef<HTMLButtonElement>(null);
  const hasValue = value !== null;
  return (
    <div
      className={['field', 'date-field', className].filter(Boolean).join(' ')}
      data-disabled={isDisabled || undefined}
    >
      <span id={labelId} className="field__label">
        {label}
      </span>
      <Group aria-labelledby={labelId} isDisabled={isDisabled} className="field__input date-field__group">
        <Button
          ref={open}
          aria-label={dateFieldName(label, value ? value.spoken : emptyText)}
          aria-haspopup="dialog"
          isPending={isPending}
          isDisabled={isDisabled}
          onPress={onOpen}
          onHoverStart={onIntent}
          onFocus={onIntent}
          className="date-field__trigger"
        >
          <span className={hasValue ? 'date-field__text' : 'date-field__text date-field__text--empty'}>
            {value ? value.text : emptyText}
          </span>
          <CalendarIcon size={18} />
        </Button>
        {hasValue && (
          <Button
            aria-label={`Clear ${label}`}
            isDisabled={isDisabled}
            className="date-field__button"
            onPress={() => {
              onClear();
              open.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </Button>
        )}
      </Group>
    </div>
  );
}
