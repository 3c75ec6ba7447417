/**
 * What a widget hands a form through its `inputRef` (or a grid through `focusRef`) so that the form
 * can move focus to it: an input, a date picker's first segment, a select's button, a grid's first row.
 */
export interface FocusHandle {
  focus: () => void;
}
