import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { keepFocusInside } from './keep-focus';
import './drawer.css';

/** The open drawer of drawer.tsx, loaded on its first opening: React Aria's Modal and Dialog. */
/** A drawer the page opens and closes; `wide` fits a table or a history. */
export type DrawerPanelProps = {
  isOpen: boolean;
  onClose: () => void;
  label: string;
  wide?: boolean;
  children: (close: () => void) => React.ReactNode;
};

export function DrawerPanel({ isOpen, onClose, label, wide = false, children }: DrawerPanelProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="drawer-overlay"
    >
      <Modal className={wide ? 'drawer drawer--wide' : 'drawer'}>
        <Dialog ref={keepFocusInside} aria-label={label} className="drawer__dialog">
          {children(onClose)}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
