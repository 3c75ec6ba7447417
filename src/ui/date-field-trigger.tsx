import { useId, useRef } from 'react';
import { Button, Group, useLocale } from 'react-aria-components';
import { CalendarIcon, CloseIcon } from './icons';
import './field.css';
import './date-picker.css';

export interface DateFieldTriggerProps {
  label: string;
  /** The chosen day or the two ends of the chosen range, as 'YYYY-MM-DD'; empty when none. */
  days: readonly string[];
  /** What the field says while nothing is chosen, such as "Any dates". */
  emptyText: string;
  /** The chosen value as text, for a value that is not days (a date and time); overrides `days`. */
  valueText?: string | undefined;
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
 * label and frame with the chosen days as text, a clear button while there is a value, and one
 * button, named by the label and the value, that asks for the real field. Formatting a day for
 * display needs no calendar library: the days are plain dates, formatted in UTC.
 */
export function DateFieldTrigger({
  label,
  days,
  emptyText,
  valueText,
  isPending,
  onOpen,
  onIntent,
  onClear,
  isDisabled,
  className,
}: DateFieldTriggerProps) {
  const { locale } = useLocale();
  const labelId = useId();
  const valueId = useId();
  const open = useRef<HTMLButtonElement>(null);
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const hasValue = valueText !== undefined || days.length > 0;
  const text =
    valueText ??
    (days.length === 0 ? emptyText : days.map((day) => format.format(new Date(`${day}T00:00:00Z`))).join(' – '));
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
          aria-labelledby={`${labelId} ${valueId}`}
          aria-haspopup="dialog"
          isPending={isPending}
          isDisabled={isDisabled}
          onPress={onOpen}
          onHoverStart={onIntent}
          onFocus={onIntent}
          className="date-field__trigger"
        >
          <span id={valueId} className={hasValue ? 'date-field__text' : 'date-field__text date-field__text--empty'}>
            {text}
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
