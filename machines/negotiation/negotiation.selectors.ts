import type { SnapshotFrom } from 'xstate';
import type { negotiationMachine } from './negotiation.machine';
import { isMoveAllowed } from './negotiation.table';
import type { Move, NegotiationRole, Order } from './negotiation.types';

type NegotiationSnapshot = SnapshotFrom<typeof negotiationMachine>;

export const selectOrder = (s: NegotiationSnapshot) => s.context.order;
export const selectProblem = (s: NegotiationSnapshot) => s.context.problem;

/**
 * Whether the lifecycle table gives `move` to this reader where the order stands: its button is
 * shown. Whether it may be sent now (not while a call runs or a confirmation waits) is `can`.
 */
export const selectIsOffered = (move: Move) => (s: NegotiationSnapshot) =>
  isMoveAllowed(move, s.context.order, s.context.role);

/** The destructive move waiting for the user's confirmation, if any. */
export const selectConfirmation = (s: NegotiationSnapshot) => {
  if (s.matches({ confirming: 'cancel' })) return 'cancel' as const;
  if (s.matches({ confirming: 'decline' })) return 'decline' as const;
  return null;
};

/** The counter form is open: being filled in, or sending its counter-offer. */
export const selectIsCountering = (s: NegotiationSnapshot) =>
  s.matches('countering') || s.matches({ sending: 'countering' });

/** The move whose call is in flight, to show progress on its own button. */
export const selectMoveInFlight = (s: NegotiationSnapshot) => (s.matches('sending') ? s.context.move : null);

/** The seller's turn, by negotiation: what the client last did and what the seller may answer. */
const SELLERS_TURN: Record<Exclude<Order['negotiation'], 'counter_proposed'>, string> = {
  none: 'Waiting for you to approve the order or make a counter-offer',
  special_price_requested:
    'The client asks for a special price: approve the order to accept the requested price, or make a counter-offer',
  counter_accepted: 'The client accepted your counter-offer: approve the order to complete it',
  counter_declined:
    'The client declined your counter-offer: approve the order at its current prices or make another counter-offer',
};

/** Who acts next, by the contract's table, told to this role. */
export function nextStepOf(order: Order, role: NegotiationRole): string {
  if (order.status === 'completed') return 'Nothing left to do: the order is completed';
  if (order.status === 'cancelled') return 'Nothing left to do: the order is cancelled';
  if (order.negotiation === 'counter_proposed') {
    return role === 'client'
      ? 'Waiting for you to answer the counter-offer'
      : 'Waiting for the client to answer the counter-offer';
  }
  return role === 'client' ? 'Waiting for the seller' : SELLERS_TURN[order.negotiation];
}

export const selectNextStep = (s: NegotiationSnapshot) => nextStepOf(s.context.order, s.context.role);
