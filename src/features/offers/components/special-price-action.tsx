import { useState } from 'react';
import type { Offer } from '@/api/models';
import { Button } from '@/ui/button';
import { SpecialPriceDialog } from './special-price-dialog';

/** A row's "Ask for a special price" button and, while open, its dialog. */
export function SpecialPriceAction({ offer }: { offer: Offer }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="quiet" aria-label={`Ask for a special price on ${offer.product}`} onPress={() => setOpen(true)}>
        Ask for a special price
      </Button>
      {isOpen && <SpecialPriceDialog offer={offer} onClose={() => setOpen(false)} />}
    </>
  );
}
