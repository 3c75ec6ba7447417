import { parseDate } from '@internationalized/date';
import { DatePicker as AriaDatePicker, Calendar } from 'react-aria-components';
import { spokenDay } from '@/lib/dates';
import { CalendarMonths } from './calendar-months';
import { DateFieldFrame, type DateFieldOptions, DaySegments, dateRootProps } from './date-field-frame';

export interface DatePickerProps extends DateFieldOptions {
  /** A day as 'YYYY-MM-DD', or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  isRequired?: boolean;
}

/**
 * A labelled day field (typed segment by segment, or picked in a calendar popover) with a clear
 * button. Days are ISO strings outside and CalendarDate values inside, converted only here.
 */
export function DatePicker({ value, onChange, isRequired, ...options }: DatePickerProps) {
  return (
    <AriaDatePicker
      {...dateRootProps(options)}
      value={value === null ? null : parseDate(value)}
      onChange={(day) => onChange(day ? day.toString() : null)}
      isRequired={isRequired}
    >
      <DateFieldFrame
        {...options}
        hasValue={value !== null}
        spokenValue={value === null ? null : spokenDay(value)}
        onClear={() => onChange(null)}
        calendar={
          <Calendar className="calendar">
            <CalendarMonths count={1} />
          </Calendar>
        }
      >
        <DaySegments />
      </DateFieldFrame>
    </AriaDatePicker>
  );
}
