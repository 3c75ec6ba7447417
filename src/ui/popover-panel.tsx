import { Popover as AriaPopover, type PopoverProps as AriaPopoverProps, Dialog, Heading } from 'react-aria-components';
import { keepFocusInside } from './keep-focus';
import './popover.css';

export interface PopoverPanelProps {
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
  minWidth?: string | undefined;
  placement: AriaPopoverProps['placement'];
}

/**
 * The open popover of popover.tsx, loaded on its first opening: React Aria's Popover and Dialog.
 * Focus stays inside when the control holding it leaves (keep-focus.ts).
 */
export function PopoverPanel({ triggerRef, isOpen, onClose, title, children, minWidth, placement }: PopoverPanelProps) {
  return (
    <AriaPopover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement={placement}
      offset={8}
      className="popover"
      style={minWidth ? { minWidth } : undefined}
    >
      <Dialog ref={keepFocusInside} className="popover__dialog">
        <Heading slot="title" className="popover__title">
          {title}
        </Heading>
        {typeof children === 'function' ? children(onClose) : children}
      </Dialog>
    </AriaPopover>
  );
}
