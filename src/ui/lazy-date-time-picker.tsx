import { lazy, Suspense, useState, useTransition } from 'react';
import { formatDateTime, fromLocalIso } from '@/lib/dates';
import { DateFieldTrigger } from './date-field-trigger';

const load = () => import('./date-time-picker');
const DateTimePicker = lazy(() => load().then((m) => ({ default: m.DateTimePicker })));
const preload = () => void load().catch(() => undefined);

export interface LazyDateTimePickerProps {
  label: string;
  /** Local wall-clock time without a zone ("2026-11-24T13:05:00"), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  className?: string;
}

/**
 * A filter's date and time, as LazyDatePicker is a filter's day: a light stand-in with the label
 * and the chosen moment ("24/11/26 at 13:05", as the grids write it) until the user presses it,
 * then the real DateTimePicker (12-hour clock, 5-minute steps) with its calendar open.
 */
export function LazyDateTimePicker({ label, value, onChange, className }: LazyDateTimePickerProps) {
  const [isWanted, setWanted] = useState(false);
  const [isPending, startTransition] = useTransition();
  const instant = value ? fromLocalIso(value) : null;
  const trigger = (
    <DateFieldTrigger
      label={label}
      days={[]}
      emptyText="Any time"
      valueText={instant ? formatDateTime(instant) : undefined}
      isPending={isPending}
      onOpen={() => startTransition(() => setWanted(true))}
      onIntent={preload}
      onClear={() => onChange(null)}
      className={className}
    />
  );
  return (
    <Suspense fallback={trigger}>
      {isWanted ? (
        <DateTimePicker label={label} value={value} onChange={onChange} className={className} openOnMount />
      ) : (
        trigger
      )}
    </Suspense>
  );
}
