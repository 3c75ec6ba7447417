import { parseDate } from '@internationalized/date';
import { useRef } from 'react';
import {
  DateRangePicker as AriaDateRangePicker,
  Button,
  DateInput,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Label,
  Popover,
  RangeCalendar,
  Text,
} from 'react-aria-components';
import { CalendarMonths } from './calendar-months';
import { CalendarIcon, CloseIcon } from './icons';
import './field.css';
import './date-picker.css';

/** Both ends are included, as 'YYYY-MM-DD'. */
export interface DayRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps {
  label: string;
  value: DayRange | null;
  onChange: (value: DayRange | null) => void;
  /** The earliest and latest days that can be chosen, as 'YYYY-MM-DD'. */
  minValue?: string;
  maxValue?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  className?: string;
}

/**
 * A labelled from–to day range: two segment inputs, a calendar popover showing two months side by
 * side (pick the first day, then the last), and a clear button. ISO strings outside, CalendarDate
 * values inside, converted only here.
 */
export function DateRangePicker({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  description,
  errorMessage,
  isDisabled,
  className,
}: DateRangePickerProps) {
  const group = useRef<HTMLDivElement>(null);
  return (
    <AriaDateRangePicker
      value={value === null ? null : { start: parseDate(value.start), end: parseDate(value.end) }}
      onChange={(range) => onChange(range ? { start: range.start.toString(), end: range.end.toString() } : null)}
      minValue={minValue ? parseDate(minValue) : undefined}
      maxValue={maxValue ? parseDate(maxValue) : undefined}
      isInvalid={errorMessage ? true : undefined}
      isDisabled={isDisabled}
      validationBehavior="aria"
      className={['field', 'date-field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Group ref={group} className="field__input date-field__group">
        <DateInput slot="start" className="date-field__input">
          {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
        </DateInput>
        <span aria-hidden="true" className="date-field__dash">
          –
        </span>
        <DateInput slot="end" className="date-field__input">
          {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
        </DateInput>
        {value !== null && (
          <Button
            slot={null}
            aria-label={`Clear ${label}`}
            className="date-field__button"
            onPress={() => {
              onChange(null);
              group.current?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus();
            }}
          >
            <CloseIcon size={18} />
          </Button>
        )}
        <Button className="date-field__button">
          <CalendarIcon size={18} />
        </Button>
      </Group>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="calendar-popover" placement="bottom start">
        <Dialog className="calendar-popover__dialog">
          <RangeCalendar visibleDuration={{ months: 2 }} pageBehavior="single" className="calendar calendar--range">
            <CalendarMonths count={2} />
          </RangeCalendar>
        </Dialog>
      </Popover>
    </AriaDateRangePicker>
  );
}
