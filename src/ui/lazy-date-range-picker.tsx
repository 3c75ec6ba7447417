import { lazy, Suspense, useState, useTransition } from 'react';
import { DateFieldTrigger } from './date-field-trigger';
import type { DateRangePickerProps } from './date-range-picker';

const load = () => import('./date-range-picker');
const DateRangePicker = lazy(() => load().then((m) => ({ default: m.DateRangePicker })));
const preload = () => void load().catch(() => undefined);

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
      days={value ? [value.start, value.end] : []}
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
