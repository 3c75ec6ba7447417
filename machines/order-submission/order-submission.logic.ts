/** The order submission's messages (behaviour §8) and how it reads failures and its context. */
import { messageOf, statusOf } from '../shared/message-of';
import type { OrderSubmissionEmitted, PendingSubmission, SubmissionLine } from './order-submission.types';

export const CLEAR_FAILED = 'Failed to clear cart';
export const ORDER_FALLBACK = 'Failed to process order';
export const LOCK_BUSY = 'An order is being sent from another tab.';
export const addFailed = (name: string) => `Failed to add ${name} to cart`;

/** No answer (status 0, or no status at all) or a server failure (5xx): the orders may exist. */
export function isOutcomeUnknown(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status === 0 || status >= 500;
}

export const isNotFound = (error: unknown) => statusOf(error) === 404;

/** A failed call's message (behaviour §8), the order fallback when it carries none. */
export const failureMessageOf = (error: unknown) => messageOf(error, ORDER_FALLBACK);

/** The states after `keying` hold a pending submission; reaching one without it is a bug. */
export function pendingOf(context: { pending: PendingSubmission | null }): PendingSubmission {
  if (!context.pending) throw new Error('No pending submission');
  return context.pending;
}

export function lineToAdd(context: { pending: PendingSubmission | null; added: number }): SubmissionLine {
  const line = pendingOf(context).lines[context.added];
  if (!line) throw new Error('No line left to add');
  return line;
}

/** `order.sent`: the pending submission's lines, now the server's `orders`. */
export function sentOf(context: { pending: PendingSubmission | null }, orders: number[]): OrderSubmissionEmitted {
  return { type: 'order.sent', lines: pendingOf(context).lines, orders };
}

/** `order.failed`: the problem to show, the order fallback when there is none. */
export function failedOf(context: { problem: string | null }): OrderSubmissionEmitted {
  return { type: 'order.failed', message: context.problem ?? ORDER_FALLBACK };
}
