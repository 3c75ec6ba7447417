import { parseDate } from '@internationalized/date';
import { useRef } from 'react';
import {
  DatePicker as AriaDatePicker,
  Button,
  Calendar,
  DateInput,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { CalendarMonths } from './calendar-months';
import { CalendarIcon, CloseIcon } from './icons';
import './field.css';
import './date-picker.css';

export interface DatePickerProps {
  label: string;
  /** A day as 'YYYY-MM-DD', or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The earliest and latest days that can be chosen, as 'YYYY-MM-DD'. */
  minValue?: string;
  maxValue?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
}

/**
 * A labelled day field (typed segment by segment, or picked in a calendar popover) with a clear
 * button. Days are ISO strings outside and CalendarDate values inside, converted only here.
 */
export function DatePicker({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  description,
  errorMessage,
  isDisabled,
  isRequired,
  className,
}: DatePickerProps) {
  const group = useRef<HTMLDivElement>(null);
  return (
    <AriaDatePicker
      value={value === null ? null : parseDate(value)}
      onChange={(day) => onChange(day ? day.toString() : null)}
      minValue={minValue ? parseDate(minValue) : undefined}
      maxValue={maxValue ? parseDate(maxValue) : undefined}
      isInvalid={errorMessage ? true : undefined}
      isDisabled={isDisabled}
      isRequired={isRequired}
      validationBehavior="aria"
      className={['field', 'date-field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Group ref={group} className="field__input date-field__group">
        <DateInput className="date-field__input">
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
          <Calendar className="calendar">
            <CalendarMonths count={1} />
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
