/**
 * What the popover and My Cart share to send the basket (behaviour §4, issue 8 Basket): the
 * availability check when they open and again right before sending, the user's "Keep in basket"
 * choices for unavailable lines, and the order submission. Submit sends the available lines only,
 * and only once the user has decided about every unavailable line; a check before sending that
 * finds something new (a price, a withdrawn offer) stops there so the user sees it first.
 */
import {
  selectCanRetry,
  selectCanSubmit,
  selectIsSubmitting,
  selectProblem,
} from '@machines/order-submission/order-submission.selectors';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { OfferAvailability } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { basket, useBasketItems } from '@/core/basket';
import { notify } from '@/ui/notify';
import { AVAILABILITY_FALLBACK, availabilityLogic } from './availability.implementations';
import { NO_REVIEW, outcomeOf, sendableLines } from './availability.logic';
import { useOrderSubmission } from './order-submission';

const offerIdsOf = (lines: readonly { offer_id: number }[]) => [...new Set(lines.map((line) => line.offer_id))];

export function useBasketCheckout({ onSent }: { onSent: () => void }) {
  const items = useBasketItems();
  const logic = useApiLogic(availabilityLogic);
  const onOpen = useActorRef(logic, { input: { fallback: AVAILABILITY_FALLBACK } });
  const beforeSending = useActorRef(logic, { input: { fallback: AVAILABILITY_FALLBACK } });
  const order = useOrderSubmission();
  // The last check's findings: a ref for the event handlers, state for rendering.
  const reviewed = useRef(NO_REVIEW);
  const [review, setReview] = useState(NO_REVIEW);
  const [kept, setKeptIds] = useState<ReadonlySet<string>>(() => new Set());
  /** Keep (or stop keeping) an unavailable line in the basket, knowing it will not be sent. */
  const setKept = useCallback(
    (id: string, keep: boolean) =>
      setKeptIds((before) => {
        const after = new Set(before);
        if (keep) after.add(id);
        else after.delete(id);
        return after;
      }),
    [],
  );
  const handleSent = useEffectEvent(onSent);

  const lines = sendableLines(items, review);
  const undecided = items.filter((line) => review.unavailable.has(line.id) && !kept.has(line.id)).length;
  const isChecking = useSelector(onOpen, (s) => s.hasTag('busy'));
  const isCheckingToSend = useSelector(beforeSending, (s) => s.hasTag('busy'));
  const isOrdering = useSelector(order, selectIsSubmitting);
  const canOrder = useSelector(order, selectCanSubmit);
  const canRetry = useSelector(order, selectCanRetry);
  const checkProblem = useSelector(onOpen, (s) => s.context.problem);
  const sendProblem = useSelector(beforeSending, (s) => s.context.problem);
  // Once a check before sending has run, the one made on opening is stale, its problem too.
  const hasCheckedToSend = useSelector(beforeSending, (s) => !s.matches('idle') || s.context.problem !== null);
  const orderProblem = useSelector(order, selectProblem);

  useEffect(() => {
    const offerIds = offerIdsOf(basket.items());
    if (offerIds.length > 0) onOpen.send({ type: 'submission.submit', input: offerIds });
  }, [onOpen]);

  useEffect(() => {
    const take = (answer: readonly OfferAvailability[]) => {
      const outcome = outcomeOf(basket.items(), answer, reviewed.current);
      reviewed.current = outcome.review;
      setReview(outcome.review);
      if (outcome.newPrices.size > 0) basket.setPrices(outcome.newPrices);
      return outcome;
    };
    const opened = onOpen.on('submission.succeeded', ({ result }) => take(result));
    const checked = beforeSending.on('submission.succeeded', ({ result }) => {
      const { review, hasNews } = take(result);
      if (hasNews) {
        notify({ type: 'info', message: 'Your basket changed: check it, then press Submit again.' });
        return;
      }
      order.send({ type: 'order.submit', lines: sendableLines(basket.items(), review) });
    });
    const sent = order.on('order.sent', () => handleSent());
    return () => {
      opened.unsubscribe();
      checked.unsubscribe();
      sent.unsubscribe();
    };
  }, [onOpen, beforeSending, order]);

  return {
    items,
    review,
    kept,
    setKept,
    isChecking,
    isSending: isCheckingToSend || isOrdering,
    /** Unavailable lines neither removed nor kept knowingly: Submit waits for the user's decision. */
    undecided,
    canSubmit: canOrder && lines.length > 0 && undecided === 0,
    /** Why the check failed; shown here and announced (nothing else reports it). */
    checkProblem: hasCheckedToSend ? sendProblem : checkProblem,
    /** Why the order failed or its outcome is unknown; the snackbar has already announced it. */
    orderProblem,
    /** The outcome of a sent order is unknown: ask the server again. */
    canRetry,
    retry: () => order.send({ type: 'order.retry' }),
    submit: () => beforeSending.send({ type: 'submission.submit', input: offerIdsOf(basket.items()) }),
  };
}

export type BasketCheckout = ReturnType<typeof useBasketCheckout>;
