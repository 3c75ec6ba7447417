/** One basket line as the order submission sends it (the basket's own fields stay in the basket). */
export type SubmissionLine = { id: string; offer_id: number; name: string; quantity: number };

/** A submission whose outcome is not known yet: kept, and stored by the app, until the server says. */
export type PendingSubmission = { key: string; lines: SubmissionLine[] };

export type OrderSubmissionContext = {
  /** The lines `order.submit` asked for, kept until the lock is held and they get their key. */
  requested: SubmissionLine[];
  /** The submission being sent or confirmed; null once the server has answered for it. */
  pending: PendingSubmission | null;
  /** How many of the pending lines are already in the server cart. */
  added: number;
  /** The server cart's item ids, read after adding: what the checkout sends. */
  cartItemIds: number[];
  /** Why the last submission failed, or why its outcome is unknown. */
  problem: string | null;
};

export type CheckoutInput = { key: string; cart_item_ids: number[] };

export type OrderSubmissionEvent =
  | { type: 'order.submit'; lines: SubmissionLine[] }
  /** Ask the server again whether an unconfirmed submission was placed. */
  | { type: 'order.retry' }
  /**
   * From `holdSubmissionLock`: this tab alone may send or confirm now. `pending` is the submission
   * stored at that moment (a tab closed while sending it), which is confirmed before anything else.
   */
  | { type: 'lock.acquired'; pending: PendingSubmission | null }
  /** From `holdSubmissionLock`: another tab is sending or confirming. */
  | { type: 'lock.busy' };

export type OrderSubmissionEmitted =
  | { type: 'order.sent'; lines: SubmissionLine[]; orders: number[] }
  | { type: 'order.failed'; message: string };

/** How `holdSubmissionLock` asks for the lock: wait for it, or hear `lock.busy` at once. */
export type LockRequest = { wait: boolean };

/** The machine's types, as `setup({ types })` takes them. */
export type OrderSubmissionTypes = {
  input: { pending: PendingSubmission | null };
  context: OrderSubmissionContext;
  events: OrderSubmissionEvent;
  emitted: OrderSubmissionEmitted;
  /** busy: sending or confirming; Submit shows progress and is refused. */
  tags: 'busy';
};
