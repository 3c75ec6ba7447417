import './cell-button.css';

interface CellButtonProps {
  children: React.ReactNode;
  onPress: () => void;
  /** The accessible name, when the visible text is short ("Add" for "Add Starfall to basket"). */
  label?: string;
  /** The id of the text that describes the button (read after its name: why a Retry is needed). */
  describedBy?: string;
  /** The button stands for its row's error: F8 reaches it (grid-keys.ts). */
  isError?: boolean;
  /** Shown on hover and keyboard focus when the button shows only an icon; its name says the same. */
  tooltip?: string;
  variant?: 'primary' | 'secondary' | 'quiet';
  isDisabled?: boolean;
  /** The pointer came to rest on it: a chance to load what pressing it will need. */
  onHoverStart?: () => void;
  className?: string;
}

/**
 * A button for grid rows, styled as `Button`: a native button with a CSS tooltip. A grid renders
 * a few per row; React Aria's Button and TooltipTrigger cost more per row than the rest of it
 * (`npm run bench`, rows painted). Activation is the browser's own: click, Enter and Space.
 */
export function CellButton({
  children,
  onPress,
  label,
  describedBy,
  isError = false,
  tooltip,
  variant = 'secondary',
  isDisabled = false,
  onHoverStart,
  className,
}: CellButtonProps) {
  return (
    <button
      type="button"
      className={['button', `button--${variant}`, 'cell-button', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-describedby={describedBy}
      data-grid-error={isError || undefined}
      data-tooltip={tooltip}
      disabled={isDisabled}
      onClick={onPress}
      onPointerEnter={onHoverStart}
    >
      {children}
    </button>
  );
}
