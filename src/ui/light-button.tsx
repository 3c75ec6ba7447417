import { useEffect, useRef } from 'react';
import { announceNameOf } from './announce';
import './button.css';
import './light-controls.css';

interface LightButtonProps {
  children: React.ReactNode;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'secondary';
  /** Shows a spinner; the button cannot be pressed and does not submit its form meanwhile. */
  isPending?: boolean;
  onPress?: () => void;
}

/**
 * `Button` as a native button for the signed-out screens, which must paint before React Aria
 * loads. Pending works as React Aria's Button does: `aria-disabled` but still focusable, the
 * type drops to `button` so Enter in a field does not submit, a progress bar named "In progress"
 * shows, and the change is announced when the button has focus (as text: signing in unmounts it).
 */
export function LightButton({
  children,
  type = 'button',
  variant = 'secondary',
  isPending = false,
  onPress,
}: LightButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(isPending);
  useEffect(() => {
    if (wasPending.current !== isPending && button.current && document.activeElement === button.current) {
      announceNameOf(button.current, 'assertive');
    }
    wasPending.current = isPending;
  }, [isPending]);
  return (
    <button
      ref={button}
      type={isPending ? 'button' : type}
      className={`button button--${variant} light-button`}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      onClick={isPending ? undefined : onPress}
    >
      {isPending && (
        <span role="progressbar" aria-label="In progress" className="button__spinner">
          <span aria-hidden="true" />
        </span>
      )}
      <span className={isPending ? 'button__label button__label--pending' : 'button__label'}>{children}</span>
    </button>
  );
}
