/** The negotiation's messages (behaviour §8) and how it reads a refused call. */
import { permissionMessageOf, statusOf } from '../shared/message-of';
import type { Move } from './negotiation.types';

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
