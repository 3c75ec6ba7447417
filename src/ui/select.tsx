import { useContext, useEffect, useImperativeHandle, useRef } from 'react';
import {
  Select as AriaSelect,
  Button,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectStateContext,
  SelectValue,
} from 'react-aria-components';
import { FieldHelp } from './field-help';
import { CheckIcon, ChevronDownIcon } from './icons';
import './field.css';
import './select.css';
import type { FocusHandle } from './focus-handle';

export interface SelectOption {
  id: number | string;
  name: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's id; null means nothing chosen (the `emptyLabel` option when there is one). */
  selectedKey: number | string | null;
  onSelectionChange: (key: number | string | null) => void;
  /** A first option such as "All publishers" that stands for "no filter": choosing it gives null. */
  emptyLabel?: string;
  description?: string;
  /** The message to show; set makes the field invalid. */
  errorMessage?: string | undefined;
  placeholder?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  className?: string;
  /** Keep the label for screen readers only, where the context shows it (a grid row under its headers). */
  labelHidden?: boolean;
  /** Focus the select's button when it mounts. */
  autoFocus?: boolean;
  /**
   * Open the list as soon as the select mounts, focus on its button first so that closing the
   * list brings focus back there (the lazily loaded select's first press).
   */
  openOnMount?: boolean;
  /** Focuses the select's button: where a form sends focus when the field has a message. */
  inputRef?: React.Ref<FocusHandle>;
}

// A key no API id takes (ids are integers or slugs), so it cannot clash with an option.
const EMPTY_KEY = '$empty';

/** A labelled drop-down list of options; type-ahead and arrow keys come from React Aria. */
export function Select({
  label,
  options,
  selectedKey,
  onSelectionChange,
  emptyLabel,
  description,
  errorMessage,
  placeholder,
  isDisabled,
  isRequired,
  className,
  labelHidden,
  autoFocus,
  openOnMount,
  inputRef,
}: SelectProps) {
  const items = emptyLabel ? [{ id: EMPTY_KEY, name: emptyLabel }, ...options] : options;
  const value: Key | null = selectedKey ?? (emptyLabel ? EMPTY_KEY : null);
  const button = useRef<HTMLButtonElement>(null);
  useImperativeHandle(inputRef, () => ({ focus: () => button.current?.focus() }), []);
  return (
    <AriaSelect
      value={value}
      onChange={(key) => onSelectionChange(key === null || key === EMPTY_KEY ? null : key)}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      placeholder={placeholder}
      isDisabled={isDisabled}
      isRequired={isRequired}
      autoFocus={autoFocus}
      className={['field', 'select', className].filter(Boolean).join(' ')}
    >
      <Label className={labelHidden ? 'visually-hidden' : 'field__label'}>{label}</Label>
      {openOnMount && <OpenOnMount button={button} />}
      <Button ref={button} className="field__input select__button">
        <SelectValue className="select__value" />
        <ChevronDownIcon size={18} />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="select__popover">
        <ListBox items={items} className="select__list">
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className="select__option">
              {({ isSelected }) => (
                <>
                  <span className="select__option-name">{item.name}</span>
                  {isSelected && <CheckIcon size={18} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/**
 * Inside a Select: focuses its button at once, then opens its list as soon as React Aria has
 * built the collection (it opens no empty list), once.
 */
function OpenOnMount({ button }: { button: React.RefObject<HTMLButtonElement | null> }) {
  const state = useContext(SelectStateContext);
  const hasOpened = useRef(false);
  const size = state?.collection.size ?? 0;
  useEffect(() => button.current?.focus(), [button]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the collection fills; the select's state object changes every render
  useEffect(() => {
    if (hasOpened.current || size === 0) return;
    hasOpened.current = true;
    state?.open();
  }, [size]);
  return null;
}
