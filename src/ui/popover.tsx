import { lazy, Suspense, useRef, useState } from 'react';
import { type PopoverProps as AriaPopoverProps, ButtonContext } from 'react-aria-components';

const load = () => import('./popover-panel');
const PopoverPanel = lazy(() => load().then((m) => ({ default: m.PopoverPanel })));
const preload = () => void load().catch(() => undefined);

export interface PopoverProps {
  /** A React Aria pressable (our Button) that opens and closes the popover. */
  trigger: React.ReactElement;
  /** The popover's heading, which names its dialog (aria-labelledby). */
  title: string;
  /** `children` may take `close`, for controls inside that should close it. */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
  /** Controlled open state, for a caller that opens or closes it itself; uncontrolled without it. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** A CSS length, e.g. '22rem'; the popover is at least as wide as its trigger anyway. */
  minWidth?: string;
  placement?: AriaPopoverProps['placement'];
}

/**
 * A non-modal dialog anchored to its trigger. Focus moves into it when it opens, Escape or a click
 * outside closes it, and focus goes back to the trigger (React Aria). The trigger gets its press
 * handler, aria-haspopup and aria-expanded through React Aria's ButtonContext; the popover itself
 * (React Aria's Popover, Dialog and their collections) loads on the first opening, preloaded
 * when the pointer rests on the trigger.
 */
export function Popover({
  trigger,
  title,
  children,
  isOpen: isOpenProp,
  onOpenChange,
  minWidth,
  placement = 'bottom end',
}: PopoverProps) {
  const [isOpenLocal, setOpenLocal] = useState(false);
  const isOpen = isOpenProp ?? isOpenLocal;
  const [hasOpened, setHasOpened] = useState(isOpen);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const setOpen = (next: boolean) => {
    if (next) setHasOpened(true);
    setOpenLocal(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <ButtonContext.Provider
        value={{
          ref: triggerRef,
          onPress: () => setOpen(!isOpen),
          onHoverStart: preload,
          'aria-haspopup': 'dialog',
          'aria-expanded': isOpen,
        }}
      >
        {trigger}
      </ButtonContext.Provider>
      {(hasOpened || isOpen) && (
        <Suspense fallback={null}>
          <PopoverPanel
            triggerRef={triggerRef}
            isOpen={isOpen}
            onClose={() => setOpen(false)}
            title={title}
            minWidth={minWidth}
            placement={placement}
          >
            {children}
          </PopoverPanel>
        </Suspense>
      )}
    </>
  );
}
