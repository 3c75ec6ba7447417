import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';
import { CloseIcon } from './icons';
import { keepFocusInside } from './keep-focus';
import './dialog.css';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: React.ReactNode;
  /** The action buttons, at the end of the footer (our Button; one with slot="close" closes). */
  footer?: React.ReactNode;
  /** `alertdialog` for a question that interrupts (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'medium' | 'large';
  /** While work runs (a pending request), Escape, the backdrop and the close button do nothing. */
  isDismissDisabled?: boolean;
}

/**
 * A controlled modal dialog with a title, a close button, a body and a footer. React Aria keeps
 * focus inside while it is open, closes it on Escape or a backdrop click, and puts focus back on
 * whatever had it before (usually the button that opened it). When the control holding focus
 * leaves (an outcome replaced it), focus stays inside at once (keep-focus.ts), so Escape still
 * closes it.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  footer,
  role = 'dialog',
  size = 'medium',
  isDismissDisabled = false,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isDismissDisabled}
      isKeyboardDismissDisabled={isDismissDisabled}
      className="modal-overlay"
    >
      <Modal className={`modal modal--${size}`}>
        <AriaDialog ref={keepFocusInside} role={role} className="dialog">
          <header className="dialog__header">
            <Heading slot="title" className="dialog__title">
              {title}
            </Heading>
            <Button variant="quiet" slot="close" aria-label="Close" isDisabled={isDismissDisabled}>
              <CloseIcon />
            </Button>
          </header>
          <div className="dialog__body">{children}</div>
          {footer && <footer className="dialog__footer">{footer}</footer>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
