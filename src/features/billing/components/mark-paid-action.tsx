import { useCallback, useState } from 'react';
import type { Invoice } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { MarkPaidDialog } from './mark-paid-dialog';

/**
 * The Action cell of an issued invoice: "Mark paid" while it is issued and unpaid (the contract's
 * `markInvoicePaid` refuses any other with 409), and its dialog while open.
 */
export function MarkPaidAction({ invoice }: { invoice: Invoice }) {
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const isPayable = invoice.status === 'issued' && invoice.payment_date === null;
  return (
    <>
      {isPayable && (
        <span ref={keepFocusInCell}>
          <CellButton label={`Mark ${invoice.number} paid`} onPress={() => setOpen(true)}>
            Mark paid
          </CellButton>
        </span>
      )}
      {isOpen && <MarkPaidDialog invoice={invoice} onClose={close} />}
    </>
  );
}

/**
 * Once paid, the button goes while it may still have focus (the dialog hands focus back to it just
 * before the list reloads): focus then stays on its grid cell instead of falling to the page.
 * React detaches a ref before it removes the element, so focus can still be read there.
 */
function keepFocusInCell(element: HTMLSpanElement | null) {
  if (!element) return;
  return () => {
    if (!element.contains(document.activeElement)) return;
    const cell = element.closest<HTMLElement>('[data-grid-cell]');
    queueMicrotask(() => {
      if (!element.isConnected) cell?.focus();
    });
  };
}
