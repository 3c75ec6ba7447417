import { lazy, Suspense, useState, useTransition } from 'react';
import { DateFieldTrigger } from './date-field-trigger';
import type { DatePickerProps } from './date-picker';

const load = () => import('./date-picker');
const DatePicker = lazy(() => load().then((m) => ({ default: m.DatePicker })));
const preload = () => void load().catch(() => undefined);

/** A filter's date field: the stand-in shows no description or error, so neither is taken. */
export type LazyDatePickerProps = Omit<DatePickerProps, 'description' | 'errorMessage' | 'openOnMount'>;

/**
 * A DatePicker whose code loads when it is first used, as LazyDateRangePicker does for ranges: a
 * light stand-in with the label and the chosen day until the user presses it, then the real
 * picker with its calendar open.
 */
export function LazyDatePicker(props: LazyDatePickerProps) {
  const { label, value, onChange, isDisabled, className } = props;
  const [isWanted, setWanted] = useState(false);
  const [isPending, startTransition] = useTransition();
  const trigger = (
    <DateFieldTrigger
      label={label}
      days={value === null ? [] : [value]}
      emptyText="Any day"
      isPending={isPending}
      onOpen={() => startTransition(() => setWanted(true))}
      onIntent={preload}
      onClear={() => onChange(null)}
      isDisabled={isDisabled}
      className={className}
    />
  );
  return <Suspense fallback={trigger}>{isWanted ? <DatePicker {...props} openOnMount /> : trigger}</Suspense>;
}
