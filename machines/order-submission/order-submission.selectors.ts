import type { SnapshotFrom } from 'xstate';
import type { orderSubmissionMachine } from './order-submission.machine';

type OrderSubmissionSnapshot = SnapshotFrom<typeof orderSubmissionMachine>;

/** Any line will do: whether a submission may start now does not depend on which lines. */
const SOME_LINE = { id: '', offer_id: 0, name: '', quantity: 1 };

/** Sending or confirming: Submit shows progress. */
export const selectIsSubmitting = (s: OrderSubmissionSnapshot) => s.hasTag('busy');

/** The last failure's message, or why the last submission's outcome is unknown; null otherwise. */
export const selectProblem = (s: OrderSubmissionSnapshot) => s.context.problem;

/** Whether Submit is accepted now (not while sending, nor while an outcome is unknown). */
export const selectCanSubmit = (s: OrderSubmissionSnapshot) => s.can({ type: 'order.submit', lines: [SOME_LINE] });

/** Whether the outcome of a sent order is unknown and may be checked again. */
export const selectCanRetry = (s: OrderSubmissionSnapshot) => s.can({ type: 'order.retry' });
