import { lazy, Suspense, useState, useTransition } from 'react';
import { fieldDay, spokenDayRange } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';
import type { DateRangePickerProps, DayRange } from './date-range-picker';

const load = () => import('./date-range-picker');
const DateRangePicker = lazy(() => load().then((m) => ({ default: m.DateRangePicker })));
const preload = () => void load().catch(() => undefined);

/** "01/11/2026 – 30/11/2026", as the picker's two inputs show it. */
function shown(range: DayRange | null): ShownDate | null {
  if (range === null) return null;
  const [start, end, spoken] = [fieldDay(range.start), fieldDay(range.end), spokenDayRange(range.start, range.end)];
  return start && end && spoken ? { text: `${start} – ${end}`, spoken } : null;
}

/** A filter's date field: the stand-in shows no description or error, so neither is taken. */
export type LazyDateRangePickerProps = Omit<DateRangePickerProps, 'description' | 'errorMessage' | 'openOnMount'>;

/**
 * A DateRangePicker whose code (React Aria's date hooks, the calendar and @internationalized/date)
 * loads when it is first used: until then a light stand-in shows the label and the chosen range,
 * and pressing it brings the real picker with its calendar open. The first render of the picker
 * is a transition, so the stand-in keeps focus until the picker takes it.
 */
export function LazyDateRangePicker(props: LazyDateRangePickerProps) {
  const { label, value, onChange, isDisabled, className } = props;
  const [isWanted, setWanted] = useState(false);
  const [isPending, startTransition] = useTransition();
  const trigger = (
    <DateFieldTrigger
      label={label}
      value={shown(value)}
      emptyText="Any dates"
      isPending={isPending}
      onOpen={() => startTransition(() => setWanted(true))}
      onIntent={preload}
      onClear={() => onChange(null)}
      isDisabled={isDisabled}
      className={className}
    />
  );
  return <Suspense fallback={trigger}>{isWanted ? <DateRangePicker {...props} openOnMount /> : trigger}</Suspense>;
}
