/**
 * A quantity (behaviour §5), for the app's quantity fields: whole units from 1 to the bound of the
 * operation that takes it (openapi/schema.facts.ts); as typed, digits only.
 */

/** The contract's smallest quantity of every operation that takes one. */
export const MIN_QUANTITY = 1;

/** '1,200' → '1200', '-3' → '3': only digits are kept as the user types or pastes. */
export const sanitizeQuantity = (typed: string) => typed.replace(/\D/g, '');

/** Whether a number is a quantity: whole, from 1 to `maximum`. */
export const isQuantity = (value: number, maximum: number) =>
  Number.isInteger(value) && value >= MIN_QUANTITY && value <= maximum;

/** The quantity a text holds, or null unless it is a whole number from 1 to `maximum`. */
export function quantityOfInput(text: string, maximum: number): number | null {
  return /^\d+$/.test(text) && isQuantity(Number(text), maximum) ? Number(text) : null;
}

/**
 * The text after one step up (`by` 1) or down (-1) from `typed`, kept within 1 and `maximum`: what
 * the arrow keys do in a quantity field. Text that is not a number steps from the smallest quantity.
 */
export function steppedQuantity(typed: string, by: 1 | -1, maximum: number): string {
  const current = Number.parseInt(typed, 10);
  const next = Number.isFinite(current) ? current + by : MIN_QUANTITY;
  return String(Math.min(maximum, Math.max(MIN_QUANTITY, next)));
}
