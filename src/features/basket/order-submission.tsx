/**
 * The client's one order submission (behaviour §4 "Submit order flow"), shared by the basket
 * popover and My Cart. Its outcome is applied here, once for the app: the sent lines leave the
 * basket and the snackbar says what happened (the order lists reload with the checkout's call,
 * order-submission.implementations.ts).
 */
import type { orderSubmissionMachine } from '@machines/order-submission/order-submission.machine';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useApiLogic } from '@/core/api';
import { basket } from '@/core/domain/basket';
import { useStartedActor } from '@/core/use-started-actor';
import { notify } from '@/ui/notify';
import { orderSubmissionLogic, pendingSubmission } from './order-submission.implementations';

type OrderSubmissionRef = ActorRefFrom<typeof orderSubmissionMachine>;

const OrderSubmissionContext = createContext<OrderSubmissionRef | null>(null);

export function OrderSubmissionProvider({ children }: { children: ReactNode }) {
  // A submission left pending by a closed tab is confirmed as soon as the app starts.
  const [pending] = useState(() => pendingSubmission.read());
  const order = useStartedActor(useApiLogic(orderSubmissionLogic), { input: { pending } });

  useEffect(() => {
    const sent = order.on('order.sent', ({ lines }) => {
      basket.removeSent(lines);
      notify({ type: 'success', message: 'Order sent successfully!' });
    });
    const failed = order.on('order.failed', ({ message }) => notify({ type: 'error', message }));
    return () => {
      sent.unsubscribe();
      failed.unsubscribe();
    };
  }, [order]);

  return <OrderSubmissionContext value={order}>{children}</OrderSubmissionContext>;
}

/** The order submission actor: send `order.submit`, read it with the machine's selectors. */
export function useOrderSubmission(): OrderSubmissionRef {
  const order = useContext(OrderSubmissionContext);
  if (!order) throw new Error('useOrderSubmission needs <OrderSubmissionProvider>');
  return order;
}
