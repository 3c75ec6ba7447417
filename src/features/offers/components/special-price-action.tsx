import { lazy, Suspense, useState } from 'react';
import type { Offer } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { PercentIcon } from '@/ui/icons';

// The dialog (its form, machine and fields) loads when a row asks for it, not with the list.
const loadDialog = () => import('./special-price-dialog');
const SpecialPriceDialog = lazy(() => loadDialog().then((m) => ({ default: m.SpecialPriceDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

/**
 * A row's "Ask for a special price" button and, while open, its dialog. Compact in the grid: an
 * icon with the full text as its tooltip, plus a short visible label where the page is wide. The
 * dialog's code loads on the first press (focus stays on the button until the dialog takes it).
 */
export function SpecialPriceAction({ offer }: { offer: Offer }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <CellButton
        variant="quiet"
        className="offer-action"
        label={`Ask for a special price on ${offer.product}`}
        tooltip="Ask for a special price"
        onPress={() => setOpen(true)}
        onHoverStart={preloadDialog}
      >
        <PercentIcon size={18} />
        <span className="offer-action__text">Special price</span>
      </CellButton>
      {isOpen && (
        <Suspense fallback={null}>
          <SpecialPriceDialog offer={offer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
