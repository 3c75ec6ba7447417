import { lazy, Suspense, useState } from 'react';
import { ButtonContext } from 'react-aria-components';

import type { DrawerPanelProps } from './drawer-panel';

const load = () => import('./drawer-panel');
const DrawerPanel = lazy(() => load().then((m) => ({ default: m.DrawerPanel })));
const preload = () => void load().catch(() => undefined);

/**
 * A panel that slides in from the start edge over the dimmed page: a modal dialog, so focus stays
 * inside while it is open, Escape or a click on the backdrop closes it, and focus goes back to the
 * trigger. `children` receives `close`, for controls inside that should close it (a chosen link).
 * The trigger gets its press handler, aria-haspopup and aria-expanded through React Aria's
 * ButtonContext; the drawer itself (React Aria's Modal and Dialog) loads on the first opening.
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
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <ButtonContext.Provider
        value={{
          onPress: () => {
            setHasOpened(true);
            setOpen(true);
          },
          onHoverStart: preload,
          onFocus: preload,
          'aria-haspopup': 'dialog',
          'aria-expanded': isOpen,
        }}
      >
        {trigger}
      </ButtonContext.Provider>
      {hasOpened && (
        <Suspense fallback={null}>
          <DrawerPanel isOpen={isOpen} onClose={() => setOpen(false)} label={label}>
            {children}
          </DrawerPanel>
        </Suspense>
      )}
    </>
  );
}

/**
 * The same drawer opened by the page rather than by a trigger of its own (one of many row
 * buttons): `isOpen` and `onClose` are the caller's; focus goes back to what had it before.
 * `wide` fits a table or a history.
 */
export function ControlledDrawer({ isOpen, onClose, label, wide = false, children }: DrawerPanelProps) {
  return (
    <Suspense fallback={null}>
      <DrawerPanel isOpen={isOpen} onClose={onClose} label={label} wide={wide}>
        {children}
      </DrawerPanel>
    </Suspense>
  );
}
