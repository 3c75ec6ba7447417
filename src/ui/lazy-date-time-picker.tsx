import { fieldDateTime, spokenDateTime } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';
import { lazyWithStandIn, type StandInProps } from './lazy-with-stand-in';

function shown(local: string | null): ShownDate | null {
  const [text, spoken] = local === null ? [] : [fieldDateTime(local), spokenDateTime(local)];
  return text && spoken ? { text, spoken } : null;
}

export interface LazyDateTimePickerProps {
  label: string;
  /** Local wall-clock time without a zone ("2026-11-24T13:05:00"), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  className?: string;
}

function DateTimePickerStandIn(props: LazyDateTimePickerProps & StandInProps) {
  const { label, value, onChange, className, isPending, onOpen, onIntent } = props;
  return (
    <DateFieldTrigger
      label={label}
      value={shown(value)}
      emptyText="Any time"
      isPending={isPending}
      onOpen={onOpen}
      onIntent={onIntent}
      onClear={() => onChange(null)}
      className={className}
    />
  );
}

/**
 * A filter's date and time, as LazyDatePicker is a filter's day: a light stand-in with the label
 * and the chosen moment ("24/11/2026, 1:05 PM", as the picker writes it) until the user presses
 * it, then the real DateTimePicker (12-hour clock, 5-minute steps) with its calendar open.
 */
export const LazyDateTimePicker = lazyWithStandIn({
  load: () => import('./date-time-picker').then((m) => m.DateTimePicker),
  StandIn: DateTimePickerStandIn,
  toReal: ({ label, value, onChange, className }: LazyDateTimePickerProps) => ({
    label,
    value,
    onChange,
    className,
    openOnMount: true,
  }),
});
