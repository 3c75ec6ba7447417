import { fieldDay, spokenDayRange } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';
import type { DateRangePickerProps, DayRange } from './date-range-picker';
import { lazyWithStandIn, type StandInProps } from './lazy-with-stand-in';

/** "01/11/2026 – 30/11/2026", as the picker's two inputs show it. */
function shown(range: DayRange | null): ShownDate | null {
  if (range === null) return null;
  const [start, end, spoken] = [fieldDay(range.start), fieldDay(range.end), spokenDayRange(range.start, range.end)];
  return start && end && spoken ? { text: `${start} – ${end}`, spoken } : null;
}

/** A filter's date field: the stand-in shows no description or error, so neither is taken. */
export type LazyDateRangePickerProps = Omit<DateRangePickerProps, 'description' | 'errorMessage' | 'openOnMount'>;

function DateRangePickerStandIn(props: LazyDateRangePickerProps & StandInProps) {
  const { label, value, onChange, isDisabled, className, isPending, onOpen, onIntent } = props;
  return (
    <DateFieldTrigger
      label={label}
      value={shown(value)}
      emptyText="Any dates"
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
 * A DateRangePicker whose code (React Aria's date hooks, the calendar and @internationalized/date)
 * loads when it is first used: until then a light stand-in shows the label and the chosen range,
 * and pressing it brings the real picker with its calendar open (lazy-with-stand-in.tsx).
 */
export const LazyDateRangePicker = lazyWithStandIn({
  load: () => import('./date-range-picker').then((m) => m.DateRangePicker),
  StandIn: DateRangePickerStandIn,
  toReal: (props: LazyDateRangePickerProps) => ({ ...props, openOnMount: true }),
});
