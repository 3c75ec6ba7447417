import type { BasketReviewContext } from './basket-review.types';

/** Unavailable lines among `lineIds` that the user has neither removed nor kept knowingly. */
export const undecidedOf = (context: Pick<BasketReviewContext, 'findings' | 'kept'>, lineIds: readonly string[]) =>
  lineIds.filter((id) => context.findings.unavailable[id] !== undefined && !context.kept.includes(id));

/** Submit may go: a line is left to send and every unavailable one was decided (behaviour §2). */
export const isSendable = (context: Pick<BasketReviewContext, 'findings' | 'kept'>, lineIds: readonly string[]) =>
  lineIds.some((id) => context.findings.unavailable[id] === undefined) && undecidedOf(context, lineIds).length === 0;
