import {
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
  Dialog,
  DialogTrigger,
  Heading,
} from 'react-aria-components';
import './popover.css';

export interface PopoverProps {
  /** A React Aria pressable (our Button) that opens and closes the popover. */
  trigger: React.ReactElement;
  /** The popover's heading, which names its dialog (aria-labelledby). */
  title: string;
  /** `children` may take `close`, for controls inside that should close it. */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
  /** Controlled open state, for closing from outside (an order sent); uncontrolled without it. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** A CSS length, e.g. '22rem'; the popover is at least as wide as its trigger anyway. */
  minWidth?: string;
  placement?: AriaPopoverProps['placement'];
}

/**
 * A non-modal dialog anchored to its trigger. Focus moves into it when it opens, Escape or a click
 * outside closes it, and focus goes back to the trigger (React Aria).
 */
export function Popover({
  trigger,
  title,
  children,
  isOpen,
  onOpenChange,
  minWidth,
  placement = 'bottom end',
}: PopoverProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      {trigger}
      <AriaPopover placement={placement} offset={8} className="popover" style={minWidth ? { minWidth } : undefined}>
        <Dialog className="popover__dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="popover__title">
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
