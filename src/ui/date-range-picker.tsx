import { parseDate } from '@internationalized/date';
import { DateRangePicker as AriaDateRangePicker, RangeCalendar } from 'react-aria-components';
import { spokenDayRange } from '@/lib/dates';
import { CalendarMonths } from './calendar-months';
import { DateFieldFrame, type DateFieldOptions, DaySegments, dateRootProps } from './date-field-frame';

/** Both ends are included, as 'YYYY-MM-DD'. */
export interface DayRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps extends DateFieldOptions {
  value: DayRange | null;
  onChange: (value: DayRange | null) => void;
}

/**
 * A labelled from–to day range: two segment inputs, a calendar popover showing two months side by
 * side (pick the first day, then the last), and a clear button. ISO strings outside, CalendarDate
 * values inside, converted only here.
 */
export function DateRangePicker({ value, onChange, ...options }: DateRangePickerProps) {
  return (
    <AriaDateRangePicker
      {...dateRootProps(options)}
      value={value === null ? null : { start: parseDate(value.start), end: parseDate(value.end) }}
      onChange={(range) => onChange(range ? { start: range.start.toString(), end: range.end.toString() } : null)}
    >
      <DateFieldFrame
        {...options}
        hasValue={value !== null}
        spokenValue={value === null ? null : spokenDayRange(value.start, value.end)}
        onClear={() => onChange(null)}
        calendar={
          <RangeCalendar visibleDuration={{ months: 2 }} pageBehavior="single" className="calendar calendar--range">
            <CalendarMonths count={2} />
          </RangeCalendar>
        }
      >
        <DaySegments slot="start" />
        <span aria-hidden="true" className="date-field__dash">
          –
        </span>
        <DaySegments slot="end" />
      </DateFieldFrame>
    </AriaDateRangePicker>
  );
}
