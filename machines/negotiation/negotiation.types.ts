import type { components } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';

/** As the API client hands it over: amounts in integer cents. */
export type Order = Read<components['schemas']['Order']>;
export type CounterRequest = components['schemas']['CounterRequest'];
type CounterLine = components['schemas']['CounterLine'];

/**
 * The keys a 400 to a counter-offer names (the contract's `ValidationErrors`, nested fields dotted):
 * the request's fields, and each sent line's by its place in `lines`.
 */
export type CounterErrorKey =
  | keyof CounterRequest
  | 'non_field_errors'
  | `lines.${number}.${keyof CounterLine | 'non_field_errors'}`;
/** A refused counter-offer's first message per key. */
export type CounterFieldErrors = Partial<Record<CounterErrorKey, string>>;

/** Who looks at the order: the client who placed it or the seller of its storefront. */
export type NegotiationRole = 'client' | 'seller';

/**
 * The moves of the contract's order lifecycle table made on an existing order (the first row,
 * request-special-price, creates the order and belongs to the offers page).
 */
export type Move = 'accept' | 'decline' | 'cancel' | 'counter' | 'approve';

export type NegotiationInput = { order: Order; role: NegotiationRole };

export type NegotiationContext = {
  /** The order as the server last answered it. */
  order: Order;
  /** Who looks at the order; decides which moves the table offers. */
  role: NegotiationRole;
  /** The move awaiting confirmation or in flight; at rest the last one, null after a conflict. */
  move: Move | null;
  /** Why the last move failed, or that the order changed meanwhile; cleared by the next move. */
  problem: string | null;
};

/** What each call needs; every call answers the order as it now stands. */
export type OrderCall = { orderId: number };
export type CounterResponseCall = OrderCall & { accept: boolean };
/** A cancel, with the reason given for it (`CancelRequest.reason`), if any. */
export type CancelCall = OrderCall & { reason?: string };
export type CounterCall = OrderCall & { counter: CounterRequest };
/** The call behind each move, by actor name, with what it takes. */
export type MoveCalls = {
  respondToCounter: CounterResponseCall;
  cancelOrder: CancelCall;
  counterOrder: CounterCall;
  approveOrder: OrderCall;
};

export type NegotiationEvent =
  | { type: 'negotiation.accept' }
  | { type: 'negotiation.decline' }
  | { type: 'negotiation.cancel' }
  /** Opens the counter form; `counter.close` closes it without the move. */
  | { type: 'counter.open' }
  | { type: 'counter.close' }
  /** Sends the open counter form's counter-offer. */
  | { type: 'negotiation.counter'; counter: CounterRequest }
  | { type: 'negotiation.approve' }
  /** Confirms the destructive move waiting in `confirming`; a cancel sends `reason` along, a decline ignores it. */
  | { type: 'negotiation.confirm'; reason?: string }
  /** Leaves `confirming` without the move. */
  | { type: 'negotiation.dismiss' };

export type NegotiationEmitted =
  | { type: 'negotiation.moved'; move: Move; order: Order }
  /** `fieldErrors`: a 400's first message per field, keyed as the API names them (`lines.0.unit_price`). */
  | { type: 'negotiation.failed'; message: string; fieldErrors: CounterFieldErrors };
