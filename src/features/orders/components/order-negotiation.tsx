import {
  selectConfirmation,
  selectMoveInFlight,
  selectNextStep,
  selectOrder,
  selectProblem,
} from '@machines/negotiation/negotiation.selectors';
import type { Move } from '@machines/negotiation/negotiation.types';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Order } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { announceChange } from '@/core/data-events';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { WarningIcon } from '@/ui/icons';
import { notify } from '@/ui/notify';
import { StatusBadge } from '@/ui/status-badge';
import { negotiationLabels } from '../order-labels';
import { negotiationLogic } from '../orders.implementations';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';

const DONE_MESSAGES: Record<Move, string> = {
  accept: 'Counter-offer accepted',
  decline: 'Counter-offer declined',
  cancel: 'Order cancelled',
  counter: 'Counter-offer sent',
  approve: 'Order approved',
};

/**
 * An opened order and the client's moves on it (issue 8, "Negotiation, client side"): the
 * negotiation machine decides which moves are offered and confirms the destructive ones; every
 * fresh order it reports refreshes the order lists.
 */
export function OrderNegotiation({ order: loaded }: { order: Order }) {
  const negotiation = useActorRef(useApiLogic(negotiationLogic), { input: { order: loaded, role: 'client' } });
  const order = useSelector(negotiation, selectOrder);
  const problem = useSelector(negotiation, selectProblem);
  const nextStep = useSelector(negotiation, selectNextStep);
  const confirmation = useSelector(negotiation, selectConfirmation);
  const inFlight = useSelector(negotiation, selectMoveInFlight);
  const canAccept = useSelector(negotiation, (s) => s.can({ type: 'negotiation.accept' }));
  const canDecline = useSelector(negotiation, (s) => s.can({ type: 'negotiation.decline' }));
  const canCancel = useSelector(negotiation, (s) => s.can({ type: 'negotiation.cancel' }));
  const nextStepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const subscriptions = [
      negotiation.on('order.changed', () => announceChange('orders')),
      negotiation.on('negotiation.moved', ({ move }) => {
        notify({ type: 'success', message: DONE_MESSAGES[move] });
        // The pressed button may be gone (nothing left to answer), and a closing confirmation
        // hands focus back to it: once both have settled, focus goes to what happens next.
        requestAnimationFrame(() => requestAnimationFrame(() => nextStepHeading.current?.focus()));
      }),
      negotiation.on('negotiation.failed', ({ message }) => notify({ type: 'error', message })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [negotiation]);

  const confirming = confirmation ?? (inFlight === 'cancel' || inFlight === 'decline' ? inFlight : null);
  const { label, tone } = negotiationLabels[order.negotiation];
  return (
    <div className="order">
      <dl className="order-facts">
        <Fact term="Seller">{order.seller.name}</Fact>
        <Fact term="Placed">{formatDateTime(order.created_at)}</Fact>
        <Fact term="Negotiation">
          <StatusBadge tone={tone}>{label}</StatusBadge>
        </Fact>
      </dl>
      <section className="order-next" aria-labelledby={`order-${order.id}-next`}>
        <h3 id={`order-${order.id}-next`} ref={nextStepHeading} tabIndex={-1} className="order-section__title">
          Next step
        </h3>
        {/* The snackbar announces each outcome (it stays in the top layer above this modal); these lines
            only show it beside the order, so nothing is announced twice. */}
        <p>{nextStep}</p>
        {problem && (
          <p className="order-problem">
            <WarningIcon size={18} />
            {problem}
          </p>
        )}
        {order.status === 'in_progress' && (
          <div className="order-next__actions">
            {/* Answering is shown only when there is a counter-offer to answer; the machine decides when it may be sent. */}
            {order.negotiation === 'counter_proposed' && (
              <>
                <Button
                  variant="primary"
                  isDisabled={!canAccept}
                  isPending={inFlight === 'accept'}
                  onPress={() => negotiation.send({ type: 'negotiation.accept' })}
                >
                  Accept counter-offer
                </Button>
                <Button isDisabled={!canDecline} onPress={() => negotiation.send({ type: 'negotiation.decline' })}>
                  Decline
                </Button>
              </>
            )}
            <Button
              variant="danger"
              isDisabled={!canCancel}
              onPress={() => negotiation.send({ type: 'negotiation.cancel' })}
            >
              Cancel order
            </Button>
          </div>
        )}
      </section>
      <OrderLines order={order} />
      {(order.client_note || order.counter_note) && (
        <dl className="order-facts">
          {order.client_note && <Fact term="Your note">{order.client_note}</Fact>}
          {order.counter_note && <Fact term="Seller's note">{order.counter_note}</Fact>}
        </dl>
      )}
      <OrderHistory order={order} />
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => isOpen || negotiation.send({ type: 'negotiation.dismiss' })}
        title={confirming === 'decline' ? 'Decline the counter-offer?' : `Cancel order #${order.id}?`}
        message={
          confirming === 'decline'
            ? 'The lines keep their prices and quantities, and the seller is told.'
            : 'The order is cancelled for you and the seller. This cannot be undone.'
        }
        confirmLabel={confirming === 'decline' ? 'Decline counter-offer' : 'Cancel order'}
        cancelLabel={confirming === 'decline' ? 'Keep counter-offer' : 'Keep order'}
        isDestructive
        isPending={inFlight !== null}
        onConfirm={() => negotiation.send({ type: 'negotiation.confirm' })}
      />
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="order-facts__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
