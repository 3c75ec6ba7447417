/**
 * The contract's order lifecycle table (openapi/schema.yaml, the "Order lifecycle" of its
 * description), as data: for each move on an existing order, who makes it and from which
 * negotiation. The contract states it as prose, so this is the app's one copy; the machine's guards
 * and the view's choice of buttons both read it. Row 1 (request-special-price) creates the order
 * and belongs to the offers page.
 */
import type { Move, NegotiationRole, Order } from './negotiation.types';

type Negotiation = Order['negotiation'];

const ANY: readonly Negotiation[] = [
  'none',
  'special_price_requested',
  'counter_proposed',
  'counter_accepted',
  'counter_declined',
];
const ANY_BUT_COUNTER_PROPOSED = ANY.filter((negotiation) => negotiation !== 'counter_proposed');

export const LIFECYCLE: Readonly<Record<Move, { by: readonly NegotiationRole[]; from: readonly Negotiation[] }>> = {
  counter: { by: ['seller'], from: ANY_BUT_COUNTER_PROPOSED },
  accept: { by: ['client'], from: ['counter_proposed'] },
  decline: { by: ['client'], from: ['counter_proposed'] },
  approve: { by: ['seller'], from: ANY_BUT_COUNTER_PROPOSED },
  cancel: { by: ['seller', 'client'], from: ANY },
};

/** Whether the table gives `move` to `role` on `order`: only an order `in_progress` moves at all. */
export const isMoveAllowed = (move: Move, order: Order, role: NegotiationRole) =>
  order.status === 'in_progress' &&
  LIFECYCLE[move].by.includes(role) &&
  LIFECYCLE[move].from.includes(order.negotiation);
