import { lazy, Suspense, useState, useTransition } from 'react';
import { fieldDay, spokenDay } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';
import type { DatePickerProps } from './date-picker';

const load = () => import('./date-picker');
const DatePicker = lazy(() => load().then((m) => ({ default: m.DatePicker })));
const preload = () => void load().catch(() => undefined);

function shown(day: string | null): ShownDate | null {
  const [text, spoken] = day === null ? [] : [fieldDay(day), spokenDay(day)];
  return text && spoken ? { text, spoken } : null;
}

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
      value={shown(value)}
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
