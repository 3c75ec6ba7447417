import { useState } from 'react';
import type { Offer } from '@/api/models';
import { CellButton } from '@/ui/cell-button';
import { PercentIcon } from '@/ui/icons';
import { SpecialPriceDialog } from './special-price-dialog';

/**
 * A row's "Ask for a special price" button and, while open, its dialog. Compact in the grid: an
 * icon with the full text as its tooltip, plus a short visible label where the page is wide.
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
      >
        <PercentIcon size={18} />
        <span className="offer-action__text">Special price</span>
      </CellButton>
      {isOpen && <SpecialPriceDialog offer={offer} onClose={() => setOpen(false)} />}
    </>
  );
}
