/**
 * The inputs of a grid row being edited (Manage Offers). A row shows seven at once, and opening
 * it must paint within a frame or two, so the heavy ones (React Aria's Select and DatePicker)
 * start as light stand-ins, native buttons that show the value, and become the real widget when
 * their field first takes focus or a press. Their code loads apart, a moment after
 * `warmCellEditors` is called (the grid's first hover or focus); until it is in, the stand-in stays. The text and
 * price inputs are light enough as they are. Each shows its error under it, tied to it with
 * aria-describedby.
 */
import { type ComponentType, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { dateFieldName, fieldDateTime, spokenDateTime } from '@/lib/dates';
import type { GridStore } from './data-grid.types';
import type { DateTimePickerProps } from './date-time-picker';
import { ChevronDownIcon } from './icons';
import type { SelectOption, SelectProps } from './select';
import './cell-editors.css';

/**
 * The real pickers once their code is in. Not React.lazy: a lazy component suspends on its first
 * render even when its code has loaded, and for that moment (about 300 ms) the Suspense fallback,
 * a new stand-in, leaves focus on the page body, so a key pressed then goes astray.
 */
const loaded: { Select?: ComponentType<SelectProps>; DateTimePicker?: ComponentType<DateTimePickerProps> } = {};
const loadSelect = () =>
  import('./select').then((module) => {
    loaded.Select = module.Select;
  });
const loadDateTimePicker = () =>
  import('./date-time-picker').then((module) => {
    loaded.DateTimePicker = module.DateTimePicker;
  });

/**
 * How long the keyboard must rest, once the grid has been pointed at or focused, before the
 * pickers' code loads. Evaluating it takes one long task: it must not land among the keys of an
 * edit (a key typed then waited for it), so each key pressed meanwhile puts it off again. A
 * stand-in focused before then loads it on the spot.
 */
const WARM_AFTER_MS = 1000;
let isWarming = false;

/** Loads the real pickers once the keyboard rests, so that focusing a stand-in swaps it at once. */
export function warmCellEditors() {
  if (isWarming) return;
  isWarming = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    removeEventListener('keydown', putOff, true);
    void loadSelect().catch(() => undefined);
    void loadDateTimePicker().catch(() => undefined);
  };
  const putOff = () => {
    clearTimeout(timer);
    timer = setTimeout(load, WARM_AFTER_MS);
  };
  addEventListener('keydown', putOff, true);
  putOff();
}

interface CellFieldProps {
  /** The field's name for screen readers; the column header shows it. */
  label: string;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
}

/**
 * A text input that shows its whole value in a narrow column: a textarea that wraps and grows
 * with its text, one line of text all the same. Enter does not add a line (the row's keys save on
 * it), a pasted line break becomes a space, and it says so: `aria-multiline="false"`. A native
 * textarea, named by `aria-label` and tied to its error by `aria-describedby`.
 *
 * The text lives in the element, not in a render: a key typed goes to `onChange` at once (so the
 * owner of `value` never misses one) and renders nothing, which leaves the key's handler with the
 * browser's own work. `value` is read when the field mounts and followed after that, so a value
 * set elsewhere (a draft taken back, a conflict's choice) shows in the field.
 */
export function CellTextField({
  label,
  name,
  value,
  onChange,
  errorMessage,
  isDisabled,
  autoFocus,
}: CellFieldProps & { name: string; value: GridStore<string>; onChange(value: string): void; autoFocus?: boolean }) {
  const errorId = useId();
  const { ref: input, fitSoon } = useGrowingHeight();
  const [initial] = useState(value.get);
  useLayoutEffect(() => {
    const textarea = input.current;
    if (!textarea) return;
    // Typing goes after the value, as in a single-line input (a textarea would start before it).
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    // From the style sheet's one line, the text can only need more room.
    fitSoon(true);
    const follow = () => {
      const next = value.get();
      if (textarea.value === next) return;
      textarea.value = next;
      fitSoon(false);
    };
    follow();
    return value.subscribe(follow);
  }, [input, fitSoon, value]);
  return (
    <div className="cell-editor cell-editor--text">
      <textarea
        ref={input}
        aria-label={label}
        name={name}
        defaultValue={initial}
        onChange={(event) => {
          const textarea = event.currentTarget;
          const typed = textarea.value;
          const next = oneLine(textarea);
          fitSoon(next === typed && next.length > value.get().length);
          onChange(next);
        }}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? errorId : undefined}
        disabled={isDisabled}
        // The row opens with its first field ready to type in, as a spreadsheet's cell does.
        // biome-ignore lint/a11y/noAutofocus: focus follows the seller's own double-click or Enter.
        autoFocus={autoFocus}
        rows={1}
        aria-multiline={false}
        className="field__input cell-editor__input cell-editor__input--wraps"
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <CellError id={errorId} message={errorMessage} />
    </div>
  );
}

const LINE_BREAK = /\s*[\r\n]+\s*/g;

/** The field's text on one line: a pasted line break becomes a space, the caret stays after it. */
function oneLine(textarea: HTMLTextAreaElement): string {
  const typed = textarea.value;
  const next = typed.replace(LINE_BREAK, ' ');
  if (next === typed) return typed;
  const caret = textarea.selectionEnd;
  const after = typed.slice(0, caret).replace(LINE_BREAK, ' ').length;
  textarea.value = next;
  textarea.setSelectionRange(after, after);
  return next;
}

/**
 * Fits a textarea's height to its text. The textarea is a layout boundary (`contain: strict`,
 * cell-editors.css), so a key typed lays out the field alone, not the table around it; its height
 * is set here, and only when it changes: when the text outgrows the box (one read of its own
 * layout), when text is taken away, and when the column's width changes. `fitSoon` waits for the
 * next frame, which lays the new text out anyway, and measures once for all the keys before it:
 * a key's handler forcing that layout itself made the next key wait for it.
 */
function useGrowingHeight() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const frame = useRef<{ id: number; grew: boolean } | null>(null);
  const fitSoon = useCallback((grew: boolean) => {
    const pending = frame.current;
    if (pending) {
      pending.grew &&= grew;
      return;
    }
    const next = { id: 0, grew };
    next.id = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) fitHeight(ref.current, next.grew);
    });
    frame.current = next;
  }, []);
  useEffect(
    () => () => {
      if (frame.current) cancelAnimationFrame(frame.current.id);
    },
    [],
  );
  useEffect(() => {
    const textarea = ref.current;
    if (!textarea || typeof ResizeObserver === 'undefined') return;
    let width = textarea.clientWidth;
    const observer = new ResizeObserver(() => {
      if (textarea.clientWidth === width) return;
      width = textarea.clientWidth;
      fitHeight(textarea, false);
    });
    observer.observe(textarea);
    return () => observer.disconnect();
  }, []);
  return { ref, fitSoon };
}

/** Text only added can only need more room: the box is measured again only if it overflows. */
function fitHeight(textarea: HTMLTextAreaElement, grew: boolean) {
  if (grew && textarea.scrollHeight <= textarea.clientHeight) return;
  textarea.style.height = '';
  const { scrollHeight, offsetHeight, clientHeight } = textarea;
  // No layout (a hidden row, a test's DOM): the style sheet's height stays.
  if (scrollHeight === 0) return;
  textarea.style.height = `${scrollHeight + offsetHeight - clientHeight}px`;
}

/** How a stand-in became the real widget: focus only, or a press that should also open it. */
type Wake = 'focus' | 'press' | null;

/**
 * Renders again once `load` is done, when a stand-in woke before its widget's code was in; a
 * failed load goes to the route's error boundary, as a failed lazy component would.
 */
function useLoadedOnWake(wake: Wake, isLoaded: boolean, load: () => Promise<void>) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [, setLoaded] = useState(isLoaded);
  useEffect(() => {
    if (!wake || isLoaded) return;
    let isCurrent = true;
    load().then(
      () => isCurrent && setLoaded(true),
      (error: unknown) => isCurrent && setFailure({ error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [wake, isLoaded, load]);
  if (failure) throw failure.error;
}

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
  const { Select } = loaded;
  useLoadedOnWake(wake, Select !== undefined, loadSelect);
  const chosen = options.find((option) => option.id === selectedKey)?.name;
  const standIn = (
    <div className="cell-editor">
      <StandIn
        // Named as React Aria's select names its button: the value, then the label.
        name={`${chosen ?? 'Choose…'} ${label}`}
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
  if (!wake || !Select) return standIn;
  return (
    <Select
      label={label}
      labelHidden
      options={options}
      selectedKey={selectedKey}
      onSelectionChange={(key) => onSelectionChange(typeof key === 'number' ? key : null)}
      placeholder="Choose…"
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      autoFocus={wake === 'focus'}
      openOnMount={wake === 'press'}
      className="cell-editor"
    />
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
  const { DateTimePicker } = loaded;
  useLoadedOnWake(wake, DateTimePicker !== undefined, loadDateTimePicker);
  const standIn = (
    <div className="cell-editor">
      <StandIn
        name={dateFieldName(label, value ? spokenDateTime(value) : null)}
        text={(value && fieldDateTime(value)) || 'Choose…'}
        errorId={errorMessage ? errorId : undefined}
        isDisabled={isDisabled}
        onWake={setWake}
        popup="dialog"
      />
      <CellError id={errorId} message={errorMessage} />
    </div>
  );
  if (!wake || !DateTimePicker) return standIn;
  return (
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
  );
}

/** Keys that open a select's list, Alt+ArrowDown included (React Aria's Select). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A native button that looks like the field it stands for and wakes it on focus or press; `text`
 * is what the field shows, `name` what it is called with its value.
 */
function StandIn({
  name,
  text,
  errorId,
  isDisabled,
  onWake,
  popup,
  children,
}: {
  name: string;
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
      aria-label={name}
      aria-haspopup={popup}
      aria-expanded={false}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      disabled={isDisabled}
      // A press opens the real widget's list; focus alone (Tab) only puts focus in it. A click
      // with no pointer before it is a screen reader's or a key's: it opens the list too.
      onPointerDown={(event) => {
        event.preventDefault();
        onWake('press');
      }}
      onClick={() => onWake('press')}
      // Until a select's code is in, the keys that open its list wait here, and open it when it comes.
      onKeyDown={(event) => {
        if (popup === 'listbox' && OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          onWake('press');
        }
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
