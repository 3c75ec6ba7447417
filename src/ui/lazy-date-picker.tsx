import { fieldDay, spokenDay } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';
import type { DatePickerProps } from './date-picker';
import { lazyWithStandIn, type StandInProps } from './lazy-with-stand-in';

function shown(day: string | null): ShownDate | null {
  const [text, spoken] = day === null ? [] : [fieldDay(day), spokenDay(day)];
  return text && spoken ? { text, spoken } : null;
}

/** A filter's date field: the stand-in shows no description or error, so neither is taken. */
export type LazyDatePickerProps = Omit<DatePickerProps, 'description' | 'errorMessage' | 'openOnMount'>;

function DatePickerStandIn(props: LazyDatePickerProps & StandInProps) {
  const { label, value, onChange, isDisabled, className, isPending, onOpen, onIntent } = props;
  return (
    <DateFieldTrigger
      label={label}
      value={shown(value)}
      emptyText="Any day"
      isPending={isPending}
      onOpen={onOpen}
      onIntent={onIntent}
      onClear={() => onChange(null)}
      isDisabled={isDisabled}
      className={className}
    />
  );
}

/**
 * A DatePicker whose code loads when it is first used, as LazyDateRangePicker does for ranges: a
 * light stand-in with the label and the chosen day until the user presses it, then the real
 * picker with its calendar open.
 */
export const LazyDatePicker = lazyWithStandIn({
  load: () => import('./date-picker').then((m) => m.DatePicker),
  StandIn: DatePickerStandIn,
  toReal: (props: LazyDatePickerProps) => ({ ...props, openOnMount: true }),
});
