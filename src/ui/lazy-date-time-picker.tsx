import { lazy, Suspense, useState, useTransition } from 'react';
import { fieldDateTime, spokenDateTime } from '@/lib/dates';
import { DateFieldTrigger, type ShownDate } from './date-field-trigger';

const load = () => import('./date-time-picker');
const DateTimePicker = lazy(() => load().then((m) => ({ default: m.DateTimePicker })));
const preload = () => void load().catch(() => undefined);

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

/**
 * A filter's date and time, as LazyDatePicker is a filter's day: a light stand-in with the label
 * and the chosen moment ("24/11/2026, 1:05 PM", as the picker writes it) until the user presses
 * it, then the real DateTimePicker (12-hour clock, 5-minute steps) with its calendar open.
 */
export function LazyDateTimePicker({ label, value, onChange, className }: LazyDateTimePickerProps) {
  const [isWanted, setWanted] = useState(false);
  const [isPending, startTransition] = useTransition();
  const trigger = (
    <DateFieldTrigger
      label={label}
      value={shown(value)}
      emptyText="Any time"
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
