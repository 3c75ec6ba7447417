import { parseDate } from '@internationalized/date';
import { useContext, useEffect, useId, useImperativeHandle, useRef } from 'react';
import {
  Button,
  DateInput,
  DatePickerStateContext,
  DateRangePickerStateContext,
  DateSegment,
  Dialog,
  Group,
  Label,
  Popover,
} from 'react-aria-components';
import { dateFieldName } from '@/lib/dates';
import { FieldHelp } from './field-help';
import { CalendarIcon, CloseIcon } from './icons';
import './field.css';
import './date-picker.css';
import type { FocusHandle } from './focus-handle';

/** What DatePicker and DateRangePicker both take besides their value. */
export interface DateFieldOptions {
  label: string;
  /** Keep the label for screen readers only, where the context shows it (a grid row under its headers). */
  labelHidden?: boolean;
  /** The earliest and latest days that can be chosen, as 'YYYY-MM-DD'. */
  minValue?: string;
  maxValue?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  className?: string;
  /**
   * Open the calendar as soon as the field mounts, focus on its calendar button first so that
   * closing the calendar brings focus back there (the lazily loaded field's first press).
   */
  openOnMount?: boolean;
  /** Called when focus leaves the whole field, not when it moves between its segments (checks on blur, behaviour §5). */
  onBlur?: () => void;
  /** Focuses the first segment: where a form sends focus when the field has a message. */
  inputRef?: React.Ref<FocusHandle>;
}

/** The props of the React Aria date root that do not depend on the kind of value. */
export function dateRootProps({ minValue, maxValue, errorMessage, isDisabled, className, onBlur }: DateFieldOptions) {
  return {
    // React Aria calls it when focus leaves the picker as a whole, and not while its calendar is open.
    onBlur,
    minValue: minValue ? parseDate(minValue) : undefined,
    maxValue: maxValue ? parseDate(maxValue) : undefined,
    isInvalid: errorMessage ? true : undefined,
    isDisabled,
    validationBehavior: 'aria' as const,
    className: ['field', 'date-field', className].filter(Boolean).join(' '),
  };
}

/** One day typed segment by segment; `slot` names the end of a range it edits. */
export function DaySegments({ slot }: { slot?: 'start' | 'end' }) {
  return (
    <DateInput slot={slot} className="date-field__input">
      {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
    </DateInput>
  );
}

const focusFirstSegment = (group: HTMLElement | null) =>
  group?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus();

/**
 * The inside of a date field's React Aria root: label, the inputs with a clear button (while there
 * is a value; it puts focus back on the first segment) and the calendar button, description,
 * error, and the popover holding `calendar`. The inputs' group is named by the label and the value
 * in words ("Start: 9 January 2027, 5:20 PM"), which cannot be read two ways; each segment keeps
 * the label alone.
 */
export function DateFieldFrame({
  label,
  labelHidden,
  description,
  errorMessage,
  hasValue,
  spokenValue,
  onClear,
  calendar,
  openOnMount,
  inputRef,
  children,
}: DateFieldOptions & {
  hasValue: boolean;
  /** The value in words (src/lib/dates.ts), null while there is none. */
  spokenValue: string | null;
  onClear: () => void;
  calendar: React.ReactNode;
  /** The segment inputs. */
  children: React.ReactNode;
}) {
  const nameId = useId();
  const group = useRef<HTMLDivElement>(null);
  const calendarButton = useRef<HTMLButtonElement>(null);
  useImperativeHandle(inputRef, () => ({ focus: () => focusFirstSegment(group.current) }), []);
  const single = useContext(DatePickerStateContext);
  const range = useContext(DateRangePickerStateContext);
  const state = single ?? range;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the picker's state object changes every render
  useEffect(() => {
    if (!openOnMount) return;
    calendarButton.current?.focus();
    state?.setOpen(true);
  }, []);
  return (
    <>
      <Label className={labelHidden ? 'visually-hidden' : 'field__label'}>{label}</Label>
      {spokenValue && (
        <span id={nameId} hidden>
          {dateFieldName(label, spokenValue)}
        </span>
      )}
      {/* Without a value the group keeps React Aria's name, the label. */}
      <Group ref={group} aria-labelledby={spokenValue ? nameId : undefined} className="field__input date-field__group">
        {children}
        {hasValue && (
          <Button
            slot={null}
            aria-label={`Clear ${label}`}
            className="date-field__button"
            onPress={() => {
              onClear();
              focusFirstSegment(group.current);
            }}
          >
            <CloseIcon size={18} />
          </Button>
        )}
        <Button ref={calendarButton} className="date-field__button">
          <CalendarIcon size={18} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="calendar-popover" placement="bottom start">
        <Dialog className="calendar-popover__dialog">{calendar}</Dialog>
      </Popover>
    </>
  );
}
