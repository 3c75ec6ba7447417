import { useState } from 'react';
import type { Offer } from '@/api/models';
import { basket, MAX_POSITIONS, MAX_QUANTITY, useBasketQuantity } from '@/core/domain/basket';
import { CellButton } from '@/ui/cell-button';
import { notify } from '@/ui/notify';
import { QuantityCell } from '@/ui/quantity-cell';

/**
 * A row's quantity (minimum 1, behaviour §5) and "Add to basket". It reads only its own basket
 * line, so adding re-renders this cell and the basket button, not the grid. An offer whose price
 * the app could not read (shown as a dash) cannot be added: the basket would have no total. A new
 * offer for a full basket is refused with a message.
 */
/** One checkout sends at most MAX_POSITIONS lines, so a basket holds no more. */
const basketFullMessage = `Your basket holds at most ${MAX_POSITIONS} offers. Send it, or remove an offer, before adding another.`;

export function AddToBasketCell({ offer }: { offer: Offer }) {
  const id = String(offer.id);
  const inBasket = useBasketQuantity(id);
  const [quantity, setQuantity] = useState<number | null>(1);

  const add = () => {
    if (quantity === null || !Number.isFinite(offer.unit_price)) return;
    const isAdded = basket.add({
      id,
      offer_id: offer.id,
      name: offer.product,
      price: offer.unit_price / 100,
      quantity,
      ...(offer.image ? { image: offer.image } : {}),
      hot: offer.is_hot,
      publisher: offer.publisher,
      seller: offer.seller,
      region: offer.region,
    });
    if (isAdded) notify({ type: 'success', message: `Added ${quantity} × ${offer.product} to the basket` });
    else notify({ type: 'error', message: basketFullMessage });
  };

  return (
    <div className="offer-basket">
      <QuantityCell
        label={`Quantity for ${offer.product}`}
        defaultValue={1}
        maximum={MAX_QUANTITY}
        onChange={setQuantity}
      />
      <CellButton
        className="offer-basket__add"
        label={`Add ${offer.product} to basket`}
        isDisabled={quantity === null || !Number.isFinite(offer.unit_price)}
        onPress={add}
      >
        Add
      </CellButton>
      {inBasket > 0 && <span className="offer-basket__count">{inBasket} in basket</span>}
    </div>
  );
}
