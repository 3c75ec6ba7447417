/**
 * The inputs of a grid row being edited (Manage Offers). A row shows seven at once, and opening
 * it must paint within a frame or two, so the heavy ones (React Aria's Select and DatePicker)
 * start as light stand-ins, native buttons that show the value, and become the real widget when
 * their field first takes focus or a press. Their code loads apart, when `warmCellEditors` is
 * called (the grid's first hover or focus); until it is in, the stand-in stays. The text and
 * price inputs are light enough as they are. Each shows its error under it, tied to it with
 * aria-describedby.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Input, TextField } from 'react-aria-components';
import { ChevronDownIcon } from './icons';
import type { SelectOption } from './select';
import './cell-editors.css';

const loadSelect = () => import('./select');
const loadDateTimePicker = () => import('./date-time-picker');
const Select = lazy(() => loadSelect().then((m) => ({ default: m.Select })));
const DateTimePicker = lazy(() => loadDateTimePicker().then((m) => ({ default: m.DateTimePicker })));

/** Starts loading the real pickers, so that focusing a stand-in swaps it at once. */
export function warmCellEditors() {
  void loadSelect().catch(() => undefined);
  void loadDateTimePicker().catch(() => undefined);
}

interface CellFieldProps {
  /** The field's name for screen readers; the column header shows it. */
  label: string;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
}

export function CellTextField({
  label,
  name,
  value,
  onChange,
  errorMessage,
  isDisabled,
  autoFocus,
}: CellFieldProps & { name: string; value: string; onChange(value: string): void; autoFocus?: boolean }) {
  const errorId = useId();
  return (
    <TextField
      aria-label={label}
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      autoFocus={autoFocus}
      className="cell-editor"
      aria-describedby={errorMessage ? errorId : undefined}
    >
      <Input className="field__input cell-editor__input" />
      <CellError id={errorId} message={errorMessage} />
    </TextField>
  );
}

/** How a stand-in became the real widget: focus only, or a press that should also open it. */
type Wake = 'focus' | 'press' | null;

export function CellSelect({
  label,
  options,
  selectedKey,
  onSelectionChange,
  errorMessage,
  isDisabled,
}: CellFieldProps & {
  options: readonly SelectOption[];
  selectedKey: number | null;
  onSelectionChange(key: number | null): void;
}) {
  const [wake, setWake] = useState<Wake>(null);
  const errorId = useId();
  const chosen = options.find((option) => option.id === selectedKey)?.name;
  const standIn = (
    <div className="cell-editor">
      <StandIn
        label={label}
        text={chosen ?? 'Choose…'}
        errorId={errorMessage ? errorId : undefined}
        isDisabled={isDisabled}
        onWake={setWake}
        popup="listbox"
      >
        <ChevronDownIcon size={16} />
      </StandIn>
      <CellError id={errorId} message={errorMessage} />
    </div>
  );
  if (!wake) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select
        label={label}
        labelHidden
        options={options}
        selectedKey={selectedKey}
        onSelectionChange={(key) => onSelectionChange(typeof key === 'number' ? key : null)}
        errorMessage={errorMessage}
        isDisabled={isDisabled}
        autoFocus={wake === 'focus'}
        openOnMount={wake === 'press'}
        className="cell-editor"
      />
    </Suspense>
  );
}

export function CellDateTime({
  label,
  name,
  value,
  onChange,
  errorMessage,
  isDisabled,
}: CellFieldProps & { name: string; value: string; onChange(value: string | null): void }) {
  const [wake, setWake] = useState<Wake>(null);
  const errorId = useId();
  const standIn = (
    <div className="cell-editor">
      <StandIn
        label={label}
        text={formatLocal(value)}
        errorId={errorMessage ? errorId : undefined}
        isDisabled={isDisabled}
        onWake={setWake}
        popup="dialog"
      />
      <CellError id={errorId} message={errorMessage} />
    </div>
  );
  if (!wake) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateTimePicker
        label={label}
        labelHidden
        name={name}
        value={value || null}
        onChange={onChange}
        errorMessage={errorMessage}
        isDisabled={isDisabled}
        isRequired
        autoFocus
        variant="cell"
        className="cell-editor"
      />
    </Suspense>
  );
}

/** A native button that looks like the field it stands for and wakes it on focus or press. */
function StandIn({
  label,
  text,
  errorId,
  isDisabled,
  onWake,
  popup,
  children,
}: {
  label: string;
  text: string;
  errorId: string | undefined;
  isDisabled: boolean | undefined;
  onWake(wake: Wake): void;
  popup: 'listbox' | 'dialog';
  children?: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="field__input cell-editor__stand-in"
      aria-label={`${label}: ${text}`}
      aria-haspopup={popup}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      disabled={isDisabled}
      // A press opens the real widget's list; focus alone (Tab) only puts focus in it.
      onPointerDown={(event) => {
        event.preventDefault();
        onWake('press');
      }}
      onFocus={() => onWake('focus')}
    >
      <span className="cell-editor__value">{text}</span>
      {children}
    </button>
  );
}

function CellError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="cell-editor__error">
      {message}
    </span>
  );
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "2026-11-24T13:05:00" → "11/24/2026, 1:05 PM", as the picker's segments will show it. */
function formatLocal(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? dateTimeFormat.format(date) : 'Choose…';
}
