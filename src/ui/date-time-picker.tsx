import { type CalendarDateTime, parseDateTime } from '@internationalized/date';
import { useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DatePicker as AriaDatePicker,
  Calendar,
  DateFieldStateContext,
  DateInput,
  DateSegment,
  type DateSegmentProps,
} from 'react-aria-components';
import { dayPeriodShown, PICKER_HOUR_CYCLE, spokenDateTime } from '@/lib/dates';
import { CalendarMonths } from './calendar-months';
import { DateFieldFrame, type DateFieldOptions, dateRootProps } from './date-field-frame';
import './date-time-picker.css';

export interface DateTimePickerProps extends Omit<DateFieldOptions, 'minValue' | 'maxValue'> {
  /** Local wall-clock time without a zone, "2026-11-24T13:05:00" (behaviour §5), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The earliest and latest date-times that can be chosen, in the same form as `value`. */
  minValue?: string;
  maxValue?: string;
  name?: string;
  isInvalid?: boolean;
  /** A value is needed: the field has no clear button. */
  isRequired?: boolean;
  /** Focus the first segment on mount. */
  autoFocus?: boolean;
  /** `cell`: compact, to keep a grid row's height. */
  variant?: 'field' | 'cell';
}

/** Behaviour §9: "Time picker: hours 1 to 12, minutes in steps of 5". */
const MINUTE_STEP = 5;
const LAST_MINUTE = 60 - MINUTE_STEP;
/** The keys that step a minute segment, and by how much (React Aria pages by 15 too). */
const MINUTE_KEYS: Partial<Record<string, number>> = {
  ArrowUp: MINUTE_STEP,
  ArrowDown: -MINUTE_STEP,
  PageUp: 15,
  PageDown: -15,
};

/** 37 → 35, 38 → 40; 58 stays in its hour at 55, since the hour was chosen on purpose. */
const roundMinute = (minute: number) => Math.min(LAST_MINUTE, Math.round(minute / MINUTE_STEP) * MINUTE_STEP);

/** From a minute off the 5-minute grid the first step lands on the grid (37 ↑ 40, 37 ↓ 35); 55 ↑ wraps to 0. */
function stepMinute(minute: number, delta: number) {
  const onGrid = (delta > 0 ? Math.floor : Math.ceil)(minute / MINUTE_STEP) * MINUTE_STEP;
  return (((onGrid + delta) % 60) + 60) % 60;
}

function readLocal(text: string | null | undefined): CalendarDateTime | null {
  if (!text) return null;
  try {
    return parseDateTime(text);
  } catch {
    // Not a local date-time: the field shows nothing rather than failing the page; the form's
    // own check reports the missing value.
    return null;
  }
}

/**
 * A labelled date and time (behaviour §2, Manage Offers): typed segment by segment on a 12-hour
 * clock (hours 1 to 12 and an AM/PM segment) or picked in a one-month calendar popover that keeps
 * the time. Minutes go in steps of 5: the arrow keys step by 5, and typed minutes round to the
 * nearest multiple of 5 when the minute segment is left (or Enter is pressed on it).
 * Local ISO strings outside, CalendarDateTime values inside, converted only here.
 */
export function DateTimePicker({
  value,
  onChange,
  minValue,
  maxValue,
  name,
  isInvalid,
  isRequired,
  autoFocus,
  variant = 'field',
  className,
  ...options
}: DateTimePickerProps) {
  const dateTime = useMemo(() => readLocal(value), [value]);
  const min = useMemo(() => readLocal(minValue) ?? undefined, [minValue]);
  const max = useMemo(() => readLocal(maxValue) ?? undefined, [maxValue]);
  const rootClass = ['date-time-picker', `date-time-picker--${variant}`, className].filter(Boolean).join(' ');
  return (
    <AriaDatePicker
      {...dateRootProps({ ...options, className: rootClass })}
      isInvalid={isInvalid || Boolean(options.errorMessage) || undefined}
      minValue={min}
      maxValue={max}
      granularity="minute"
      hourCycle={PICKER_HOUR_CYCLE}
      value={dateTime}
      onChange={(next) => onChange(next ? next.toString() : null)}
      name={name}
      isRequired={isRequired}
      autoFocus={autoFocus}
    >
      <DateFieldFrame
        {...options}
        hasValue={!isRequired && value !== null}
        spokenValue={dateTime && spokenDateTime(dateTime.toString())}
        onClear={() => onChange(null)}
        calendar={
          <Calendar className="calendar">
            <CalendarMonths count={1} />
          </Calendar>
        }
      >
        <DateInput className="date-field__input">{(segment) => <TimeSegment segment={segment} />}</DateInput>
      </DateFieldFrame>
    </AriaDatePicker>
  );
}

/**
 * The minute segment steps by 5 (React Aria steps by 1 and has no option for it); the day period
 * reads AM or PM (src/lib/dates.ts); the ", " between day and time is where a narrow field wraps;
 * others are as they come.
 */
function TimeSegment({ segment }: { segment: DateSegmentProps['segment'] }) {
  if (segment.type === 'minute') return <MinuteSegment segment={segment} />;
  if (segment.type === 'dayPeriod') {
    return (
      <DateSegment segment={segment} className="date-field__segment">
        {dayPeriodShown(segment.text)}
      </DateSegment>
    );
  }
  const isBreak = segment.type === 'literal' && segment.text.includes(',');
  return (
    <DateSegment
      segment={segment}
      className={isBreak ? 'date-field__segment date-field__break' : 'date-field__segment'}
    />
  );
}

/** The minute a key moves to, or undefined for a key the minute segment leaves to React Aria. */
function minuteAfterKey(minute: number, key: string) {
  if (key === 'End') return LAST_MINUTE;
  const delta = MINUTE_KEYS[key];
  return delta === undefined ? undefined : stepMinute(minute, delta);
}

/**
 * The minutes: arrow and page keys step on the 5-minute grid, a typed minute rounds once left. A
 * minute only passed through is left as it is: tabbing across a field (to reach the next one in a
 * grid row) changes nothing.
 */
function MinuteSegment({ segment }: { segment: DateSegmentProps['segment'] }) {
  const state = useContext(DateFieldStateContext);
  const [isLeft, setLeft] = useState(false);
  const minute = segment.isPlaceholder ? undefined : segment.value;
  /** The minute when the segment took focus: only one changed since then is rounded. */
  const atFocus = useRef(minute);
  const rounded =
    minute != null && minute % MINUTE_STEP !== 0 && minute !== atFocus.current ? roundMinute(minute) : null;
  const setMinute = (next: number) => {
    if (state && !state.isDisabled && !state.isReadOnly) state.setSegment('minute', next);
  };
  // Rounded after the render that follows leaving: typing the second digit moves focus on to
  // AM/PM within the same keystroke, before that digit is rendered, so the blur handler itself
  // would still see the first digit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per leaving; the field state object changes every render
  useLayoutEffect(() => {
    if (!isLeft) return;
    setLeft(false);
    if (rounded !== null) setMinute(rounded);
  }, [isLeft]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only hears the keys and focus of the spin button inside.
    <span
      className="date-field__minute"
      onFocus={() => {
        atFocus.current = minute;
      }}
      onBlur={() => setLeft(true)}
      onKeyDownCapture={(event) => {
        if (minute == null || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        if (event.key === 'Enter') {
          // Enter commits the field (a form or grid row saves next): round first, and let it go on.
          if (rounded !== null) setMinute(rounded);
          return;
        }
        const next = minuteAfterKey(minute, event.key);
        if (next === undefined) return;
        // Taken before React Aria's own handler on the segment, which would step by 1 (or go to 59).
        event.preventDefault();
        event.stopPropagation();
        setMinute(next);
      }}
    >
      <DateSegment segment={segment} className="date-field__segment" />
    </span>
  );
}
