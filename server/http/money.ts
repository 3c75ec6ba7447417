/** Money travels as decimal strings ("12.50") and is computed in integer cents. */
import { FIELD_LIMITS } from '../../openapi/schema.facts';

/** The contract's largest unit price (`x-maximum`): prices and quantities must fit the integer columns and their sums. */
export const MAX_UNIT_PRICE_CENTS = FIELD_LIMITS.OfferChange.unit_price.maximumCents;
/** The contract's largest quantity of a cart line, which two adds of the same offer must not pass together. */
export const MAX_QUANTITY = FIELD_LIMITS.CartAddRequest.quantity.maximum;
/** The most lines a cart holds: what one checkout takes (CheckoutRequest), so any cart can be sent. */
export const MAX_CART_POSITIONS = FIELD_LIMITS.CheckoutRequest.cart_item_ids.maxItems;

export function toMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a contract `Money` string (already pattern-checked) into cents without float error. */
export function toCents(money: string): number {
  const negative = money.startsWith('-');
  const [whole = '0', fraction = '00'] = money.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}
