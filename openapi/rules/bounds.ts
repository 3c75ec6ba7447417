/**
 * One message per kind of contract bound, in the two voices the product speaks: the app's
 * sentences for the person typing (behaviour §5), and the server's in Django REST Framework's
 * wording. Callers pass the bound as openapi/schema.facts.ts gives it, so no number is written twice.
 */
import { formatCents, moneyOf } from './money';

/** The app: a text longer than its `maxLength`. */
export const tooLongMessage = (what: string, maxLength: number) =>
  `Keep the ${what} to ${maxLength} characters or fewer.`;

/** The app: a quantity outside 1 to its `maximum`. */
export const quantityRangeMessage = (maximum: number) =>
  `Enter a quantity from 1 to ${maximum.toLocaleString('en-US')}.`;

/** The app: a unit price above its `x-maximum` (in cents). */
export const priceAboveMaximumMessage = (maximumCents: number) =>
  `The unit price must be at most ${formatCents(maximumCents)}.`;

/** The server: a text longer than its `maxLength`. */
export const maxLengthMessage = (maxLength: number) => `Ensure this field has no more than ${maxLength} characters.`;

/** The server: a value above its `maximum`. */
export const maximumMessage = (maximum: number | string) => `Ensure this value is less than or equal to ${maximum}.`;

/** The server: an amount above its `x-maximum` (in cents), written as the contract's `Money`. */
export const maximumAmountMessage = (maximumCents: number) => maximumMessage(moneyOf(maximumCents));
