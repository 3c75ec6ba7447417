import { useActorRef, useSelector } from '@xstate/react';
import { useApiLogic } from '@/core/api';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { ORDER_LOAD_FALLBACK, orderLoadLogic } from '../orders.implementations';
import { OrderNegotiation } from './order-negotiation';

/**
 * The order named by `?order=ID`, in a modal, read afresh when it opens: the page mounts it with
 * `key={id}`, so one actor reads one order, and closing it (Escape, the backdrop, Close) clears
 * the parameter.
 */
export function OrderDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const loading = useActorRef(useApiLogic(orderLoadLogic), {
    input: { params: orderId, fallback: ORDER_LOAD_FALLBACK },
  });
  const order = useSelector(loading, (s) => s.context.result);
  const problem = useSelector(loading, (s) => (s.matches('failed') ? s.context.problem : null));

  return (
    <Dialog title={`Order #${orderId}`} isOpen onOpenChange={(isOpen) => isOpen || onClose()} size="large">
      {order ? (
        <OrderNegotiation order={order} />
      ) : problem ? (
        <div role="alert" className="order-problem">
          <p>{problem}</p>
          <Button onPress={() => loading.send({ type: 'load.retry' })}>Try again</Button>
        </div>
      ) : (
        <p role="status">Loading the order…</p>
      )}
    </Dialog>
  );
}
