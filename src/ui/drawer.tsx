import { Dialog, DialogTrigger, Modal, ModalOverlay } from 'react-aria-components';
import './drawer.css';

/**
 * A panel that slides in from the start edge over the dimmed page: a modal dialog, so focus stays
 * inside while it is open, Escape or a click on the backdrop closes it, and focus goes back to the
 * trigger. `children` receives `close`, for controls inside that should close it (a chosen link).
 */
export function Drawer({
  trigger,
  label,
  children,
}: {
  /** A React Aria pressable (our Button) that opens the drawer. */
  trigger: React.ReactElement;
  /** The dialog's accessible name. */
  label: string;
  children: (close: () => void) => React.ReactNode;
}) {
  return (
    <DialogTrigger>
      {trigger}
      <ModalOverlay isDismissable className="drawer-overlay">
        <Modal className="drawer">
          <Dialog aria-label={label} className="drawer__dialog">
            {({ close }) => children(close)}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
