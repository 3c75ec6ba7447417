import { useApiLogic } from '@/core/api';
import { useLoad } from '@/core/use-load';
import { Dialog } from '@/ui/dialog';
import { LoadProblem } from '@/ui/load-problem';
import { ORDER_LOAD_FALLBACK, orderLoadLogic } from '../orders.implementations';
import { OrderNegotiation } from './order-negotiation';

/**
 * The order named by `?order=ID`, in a modal, read afresh when it opens: the page mounts it with
 * `key={id}`, so one actor reads one order, and closing it (Escape, the backdrop, Close) clears
 * the parameter.
 */
export function OrderDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { result: order, problem, retry } = useLoad(useApiLogic(orderLoadLogic), orderId, ORDER_LOAD_FALLBACK);

  return (
    <Dialog title={`Order #${orderId}`} isOpen onOpenChange={(isOpen) => isOpen || onClose()} size="large">
      {order ? (
        <OrderNegotiation order={order} />
      ) : problem ? (
        <LoadProblem message={problem} onRetry={retry} />
      ) : (
        <p role="status">Loading the order…</p>
      )}
    </Dialog>
  );
}
