import { formatCents } from '@openapi/rules/money';
import { memo } from 'react';
import { type BasketItem, basket, lineTotalCents, MAX_QUANTITY } from '@/core/domain/basket';
import { centsOfEuros } from '@/lib/money';
import { Button } from '@/ui/button';
import { FlameIcon, InfoIcon, TrashIcon, WarningIcon } from '@/ui/icons';
import { QuantityField } from '@/ui/quantity-field';
import { type PriceChange, UNAVAILABLE_TEXT, type Unavailability } from '../availability.logic';
import type { BasketCheckout } from '../use-basket-checkout';
import './basket-lines.css';

/**
 * The basket's lines (behaviour §2, popup basket), the same in the popover and on My Cart: name,
 * hot marker, 'publisher / seller / region', unit price, quantity (minimum 1), line total, remove,
 * and what the last availability check found. Each line re-renders only when its own data does.
 */
export function BasketLines({ checkout }: { checkout: BasketCheckout }) {
  const { items, review, kept, setKept } = checkout;
  return (
    <ul className="basket-lines" aria-label="Basket lines">
      {items.map((item) => (
        <BasketLine
          key={item.id}
          item={item}
          unavailable={review.unavailable.get(item.id)}
          priceChange={review.priceChanges.get(item.id)}
          isKept={kept.has(item.id)}
          onKeepChange={setKept}
        />
      ))}
    </ul>
  );
}

interface BasketLineProps {
  item: BasketItem;
  unavailable: Unavailability | undefined;
  priceChange: PriceChange | undefined;
  isKept: boolean;
  onKeepChange: (id: string, keep: boolean) => void;
}

const BasketLine = memo(function BasketLine({ item, unavailable, priceChange, isKept, onKeepChange }: BasketLineProps) {
  const { id, name } = item;
  return (
    <li className="basket-line" data-unavailable={unavailable ? true : undefined}>
      <div className="basket-line__product">
        {item.image && <img className="basket-line__image" src={item.image} alt="" width={40} height={40} />}
        <div>
          <p className="basket-line__name">
            {name}
            {item.hot && (
              <span className="basket-line__hot">
                <FlameIcon size={16} />
                <span className="visually-hidden">Hot</span>
              </span>
            )}
          </p>
          <p className="basket-line__origin">
            {item.publisher} / {item.seller} / {item.region}
          </p>
        </div>
      </div>
      <p className="basket-line__price">
        <span className="basket-line__caption">Unit price</span> {formatCents(centsOfEuros(item.price))}
      </p>
      <QuantityField
        variant="stepper"
        label={`Quantity of ${name}`}
        value={item.quantity}
        maximum={MAX_QUANTITY}
        onChange={(quantity) => quantity !== null && basket.setQuantity(id, quantity)}
        className="basket-line__quantity"
      />
      <p className="basket-line__total">
        <span className="basket-line__caption">Total</span> {formatCents(lineTotalCents(item))}
      </p>
      <Button variant="quiet" aria-label={`Remove ${name}`} onPress={() => basket.remove(id)}>
        <TrashIcon size={18} />
      </Button>
      {unavailable && (
        <div className="basket-line__notice basket-line__notice--problem">
          <WarningIcon size={18} />
          <p>
            {UNAVAILABLE_TEXT[unavailable]}: this line will not be sent. Remove it, or keep it in the basket for later.
          </p>
          <label className="basket-line__keep">
            <input type="checkbox" checked={isKept} onChange={(event) => onKeepChange(id, event.target.checked)} />
            Keep in basket <span className="visually-hidden">({name})</span>
          </label>
        </div>
      )}
      {priceChange && (
        <p className="basket-line__notice">
          <InfoIcon size={18} />
          <span>
            Price changed: <s>{formatCents(priceChange.fromCents)}</s> → {formatCents(priceChange.toCents)}
          </span>
        </p>
      )}
    </li>
  );
});
