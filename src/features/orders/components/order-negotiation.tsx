import {
  selectConfirmation,
  selectIsCountering,
  selectIsOffered,
  selectMoveInFlight,
  selectNextStep,
  selectOrder,
  selectProblem,
} from '@machines/negotiation/negotiation.selectors';
import type { Move, NegotiationRole } from '@machines/negotiation/negotiation.types';
import { selectRole } from '@machines/session/session.selectors';
import { FIELD_LIMITS } from '@openapi/schema.facts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Order } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { partyName } from '@/core/domain/party';
import { SessionContext } from '@/core/session/session';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { WarningIcon } from '@/ui/icons';
import { notify } from '@/ui/notify';
import { StatusBadge } from '@/ui/status-badge';
import { TextField } from '@/ui/text-field';
import { negotiationLabels } from '../order-labels';
import { negotiationLogic } from '../orders.implementations';
import { CounterForm } from './counter-form';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';

const DONE_MESSAGES: Record<Move, string> = {
  accept: 'Counter-offer accepted',
  decline: 'Counter-offer declined',
  cancel: 'Order cancelled',
  counter: 'Counter-offer sent',
  approve: 'Order approved',
};

const MAX_REASON = FIELD_LIMITS.CancelRequest.reason.maxLength;

/** Who the other side is, and how the notes are named, for each reader. */
const WORDS: Record<NegotiationRole, { otherSide: string; clientNote: string; counterNote: string }> = {
  client: { otherSide: 'the seller', clientNote: 'Your note', counterNote: "Seller's note" },
  seller: { otherSide: 'the client', clientNote: "Client's note", counterNote: 'Your note' },
};

/**
 * An opened order and the moves its reader may make (behaviour §4, for the
 * client and the seller): the client accepts or declines a counter-offer, the seller approves, counters
 * (a special-price request included) or cancels, either side cancels. The role comes from the
 * session; the negotiation machine decides which moves are offered and confirms the destructive
 * ones; every fresh order it reports refreshes the order lists.
 */
export function OrderNegotiation({ order: loaded }: { order: Order }) {
  const role = SessionContext.useSelector(selectRole) ?? 'client';
  const negotiation = useActorRef(useApiLogic(negotiationLogic), { input: { order: loaded, role } });
  const order = useSelector(negotiation, selectOrder);
  const problem = useSelector(negotiation, selectProblem);
  const nextStep = useSelector(negotiation, selectNextStep);
  const confirmation = useSelector(negotiation, selectConfirmation);
  const inFlight = useSelector(negotiation, selectMoveInFlight);
  const canAccept = useSelector(negotiation, (s) => s.can({ type: 'negotiation.accept' }));
  const canDecline = useSelector(negotiation, (s) => s.can({ type: 'negotiation.decline' }));
  const canCancel = useSelector(negotiation, (s) => s.can({ type: 'negotiation.cancel' }));
  const canApprove = useSelector(negotiation, (s) => s.can({ type: 'negotiation.approve' }));
  const canCounter = useSelector(negotiation, (s) => s.can({ type: 'counter.open' }));
  const isCountering = useSelector(negotiation, selectIsCountering);
  const offersAccept = useSelector(negotiation, selectIsOffered('accept'));
  const offersDecline = useSelector(negotiation, selectIsOffered('decline'));
  const offersCancel = useSelector(negotiation, selectIsOffered('cancel'));
  const offersApprove = useSelector(negotiation, selectIsOffered('approve'));
  const offersCounter = useSelector(negotiation, selectIsOffered('counter'));
  const nextStepHeading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState('');

  useEffect(() => {
    const subscriptions = [
      negotiation.on('negotiation.moved', ({ move }) => {
        notify({ type: 'success', message: DONE_MESSAGES[move] });
        // The pressed button may be gone (nothing left to answer), and a closing confirmation
        // hands focus back to it: once both have settled, focus goes to what happens next.
        requestAnimationFrame(() => requestAnimationFrame(() => nextStepHeading.current?.focus()));
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [negotiation]);
  useEffect(() => {
    // While the counter form is open it reports failures itself, field messages on its fields.
    if (isCountering) return undefined;
    const subscription = negotiation.on('negotiation.failed', ({ message }) => notify({ type: 'error', message }));
    return () => subscription.unsubscribe();
  }, [negotiation, isCountering]);

  const confirming = confirmation ?? (inFlight === 'cancel' || inFlight === 'decline' ? inFlight : null);
  const { label, tone } = negotiationLabels[role][order.negotiation];
  const words = WORDS[role];
  return (
    <div className="order">
      <dl className="order-facts">
        {role === 'seller' ? (
          <>
            <Fact term="Client">{partyName(order.client)}</Fact>
            <Fact term="Storefront">{order.seller.name}</Fact>
          </>
        ) : (
          <Fact term="Seller">{order.seller.name}</Fact>
        )}
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
            {/* The machine's table shows the moves it gives this role; `can` enables them when they may be sent. */}
            {offersApprove && (
              <Button
                variant="primary"
                isDisabled={!canApprove}
                isPending={inFlight === 'approve'}
                onPress={() => negotiation.send({ type: 'negotiation.approve' })}
              >
                {order.negotiation === 'special_price_requested' ? 'Approve requested price' : 'Approve order'}
              </Button>
            )}
            {offersCounter && (
              <Button isDisabled={!canCounter} onPress={() => negotiation.send({ type: 'counter.open' })}>
                Counter-offer…
              </Button>
            )}
            {offersAccept && (
              <Button
                variant="primary"
                isDisabled={!canAccept}
                isPending={inFlight === 'accept'}
                onPress={() => negotiation.send({ type: 'negotiation.accept' })}
              >
                Accept counter-offer
              </Button>
            )}
            {offersDecline && (
              <Button isDisabled={!canDecline} onPress={() => negotiation.send({ type: 'negotiation.decline' })}>
                Decline
              </Button>
            )}
            {offersCancel && (
              <Button
                variant="danger"
                isDisabled={!canCancel}
                onPress={() => {
                  setReason('');
                  negotiation.send({ type: 'negotiation.cancel' });
                }}
              >
                Cancel order
              </Button>
            )}
          </div>
        )}
      </section>
      <OrderLines order={order} />
      {(order.client_note || order.counter_note) && (
        <dl className="order-facts">
          {order.client_note && <Fact term={words.clientNote}>{order.client_note}</Fact>}
          {order.counter_note && <Fact term={words.counterNote}>{order.counter_note}</Fact>}
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
            : `The order is cancelled for you and ${words.otherSide}. This cannot be undone.`
        }
        confirmLabel={confirming === 'decline' ? 'Decline counter-offer' : 'Cancel order'}
        cancelLabel={confirming === 'decline' ? 'Keep counter-offer' : 'Keep order'}
        isDestructive
        isPending={inFlight !== null}
        onConfirm={() => negotiation.send({ type: 'negotiation.confirm', reason: reason.trim() })}
      >
        {confirming === 'cancel' && (
          <div className="order-cancel-reason">
            <TextField
              label="Reason"
              description={`Optional; ${words.otherSide} sees it in the order's history.`}
              value={reason}
              onChange={setReason}
              maxLength={MAX_REASON}
              isDisabled={inFlight !== null}
            />
          </div>
        )}
      </ConfirmDialog>
      {isCountering && (
        <CounterForm
          order={order}
          negotiation={negotiation}
          onClose={() => negotiation.send({ type: 'counter.close' })}
        />
      )}
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
