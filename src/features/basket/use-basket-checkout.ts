/**
 * What the popover and My Cart share to send the basket (behaviour §2 and §4): the
 * availability check when they open and again right before sending, the user's "Keep in basket"
 * choices for unavailable lines, and the order submission. Submit sends the available lines only,
 * and only once the user has decided about every unavailable line; a check before sending that
 * finds something new (a price, a withdrawn offer) stops there so the user sees it first.
 */
import { undecidedOf } from '@machines/basket-review/basket-review.logic';
import {
  selectCanRetry,
  selectCanSubmit,
  selectIsSubmitting,
  selectProblem,
} from '@machines/order-submission/order-submission.selectors';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { useApiLogic } from '@/core/api';
import { basket, useBasketItems } from '@/core/domain/basket';
import { notify } from '@/ui/notify';
import { AVAILABILITY_FALLBACK, basketReviewLogic } from './availability.implementations';
import { reviewOf } from './availability.logic';
import { useOrderSubmission } from './order-submission';

const offerIdsOf = (lines: readonly { offer_id: number }[]) => [...new Set(lines.map((line) => line.offer_id))];

/** The review of the basket's lines is the machine's (machines/basket-review); this binds it to the basket and the order. */
export function useBasketCheckout({ onSent }: { onSent: () => void }) {
  const items = useBasketItems();
  const checking = useActorRef(useApiLogic(basketReviewLogic), { input: { fallback: AVAILABILITY_FALLBACK } });
  const order = useOrderSubmission();
  const findings = useSelector(checking, (s) => s.context.findings);
  const review = useMemo(() => reviewOf(findings), [findings]);
  const keptIds = useSelector(checking, (s) => s.context.kept);
  const kept = useMemo<ReadonlySet<string>>(() => new Set(keptIds), [keptIds]);
  /** Keep (or stop keeping) an unavailable line in the basket, knowing it will not be sent. */
  const setKept = useCallback(
    (id: string, keep: boolean) => checking.send({ type: 'review.keep', id, keep }),
    [checking],
  );
  const handleSent = useEffectEvent(onSent);

  const lineIds = useMemo(() => items.map((line) => line.id), [items]);
  const undecided = useSelector(checking, (s) => undecidedOf(s.context, lineIds).length);
  const canReview = useSelector(checking, (s) => s.can({ type: 'review.submit', lineIds, offerIds: [] }));
  const isChecking = useSelector(checking, (s) => s.hasTag('checking'));
  const isCheckingToSend = useSelector(checking, (s) => s.hasTag('sending'));
  const isOrdering = useSelector(order, selectIsSubmitting);
  const canOrder = useSelector(order, selectCanSubmit);
  const canRetry = useSelector(order, selectCanRetry);
  const checkProblem = useSelector(checking, (s) => s.context.problem);
  const orderProblem = useSelector(order, selectProblem);

  useEffect(() => {
    checking.send({ type: 'review.check', offerIds: offerIdsOf(basket.items()) });
  }, [checking]);

  useEffect(() => {
    const changed = checking.on('review.changed', () =>
      notify({ type: 'info', message: 'Your basket changed: check it, then press Submit again.' }),
    );
    const passed = checking.on('review.passed', ({ lines }) => order.send({ type: 'order.submit', lines }));
    const sent = order.on('order.sent', () => handleSent());
    return () => {
      changed.unsubscribe();
      passed.unsubscribe();
      sent.unsubscribe();
    };
  }, [checking, order]);

  return {
    items,
    review,
    kept,
    setKept,
    isChecking,
    isSending: isCheckingToSend || isOrdering,
    /** Unavailable lines neither removed nor kept knowingly: Submit waits for the user's decision. */
    undecided,
    canSubmit: canOrder && canReview,
    /** Why the latest check failed; shown here and announced (nothing else reports it). */
    checkProblem,
    /** Why the order failed or its outcome is unknown; the snackbar has already announced it. */
    orderProblem,
    /** The outcome of a sent order is unknown: ask the server again. */
    canRetry,
    retry: () => order.send({ type: 'order.retry' }),
    submit: () =>
      checking.send({
        type: 'review.submit',
        lineIds: basket.items().map((line) => line.id),
        offerIds: offerIdsOf(basket.items()),
      }),
  };
}

export type BasketCheckout = ReturnType<typeof useBasketCheckout>;
