/** The negotiation's messages (behaviour §8) and how it reads a refused call. */
import { fieldErrorsOf, permissionMessageOf, statusOf } from '../shared/message-of';
import type { CounterErrorKey, CounterFieldErrors, Move } from './negotiation.types';

export const CONFLICT_MESSAGE = 'This order changed meanwhile';

/** What a refused move was, for 'You do not have permission to {action}'. */
const ACTION_OF: Record<Move | 'read', string> = {
  accept: 'accept this counter-offer',
  decline: 'decline this counter-offer',
  cancel: 'cancel this order',
  counter: 'make a counter-offer on this order',
  approve: 'approve this order',
  read: 'read this order',
};

/** The permission helper's text for a refused move; with no move, the read after a 409 failed. */
export const refusalMessageOf = (error: unknown, move: Move | null) =>
  permissionMessageOf(error, ACTION_OF[move ?? 'read']);

/** The contract answers 409 to a move the table does not allow from where the order now is. */
export const isConflict = (error: unknown) => statusOf(error) === 409;

const COUNTER_ERROR_KEY = /^(lines|note|non_field_errors|lines\.\d+\.(line_id|unit_price|quantity|non_field_errors))$/;
const isCounterErrorKey = (key: string): key is CounterErrorKey => COUNTER_ERROR_KEY.test(key);

/** A refused move's field messages that name a counter-offer's fields; other keys name nothing here. */
export function counterFieldErrorsOf(error: unknown): CounterFieldErrors {
  const found: CounterFieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrorsOf<Record<string, unknown>>(error))) {
    if (isCounterErrorKey(key)) found[key] = message;
  }
  return found;
}
