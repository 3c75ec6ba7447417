import { formatCents } from '@openapi/rules/money';
import { basket, useBasketTotals } from '@/core/domain/basket';
import { Button } from '@/ui/button';
import { FOCUS_LANDING } from '@/ui/keep-focus';
import { notify } from '@/ui/notify';
import type { BasketCheckout } from '../use-basket-checkout';
import './basket-summary.css';

/**
 * Below the lines (behaviour §2): 'Total: amount', what stops sending, Submit and Clear Basket.
 * Clearing offers Undo in the snackbar; `onCleared` lets the popover close so the Undo is in reach.
 */
export function BasketSummary({ checkout, onCleared }: { checkout: BasketCheckout; onCleared?: () => void }) {
  const { totalPriceCents } = useBasketTotals();
  const { undecided, checkProblem, orderProblem, isChecking, isSending, canSubmit, submit, canRetry, retry } = checkout;
  const clear = () => {
    const cleared = basket.items();
    basket.clear();
    onCleared?.();
    notify({ type: 'info', message: 'Basket cleared', onUndo: () => basket.restore(cleared) });
  };
  return (
    <div className="basket-summary">
      <p className="basket-summary__total">Total: {formatCents(totalPriceCents)}</p>
      <div className="basket-summary__status" role="status">
        {isChecking && <p>Checking the current offers…</p>}
        {undecided > 0 && (
          <p>
            {undecided === 1 ? 'One line is' : `${undecided} lines are`} no longer available: remove or keep them to
            send the rest.
          </p>
        )}
      </div>
      {checkProblem && (
        <p className="basket-summary__problem" role="alert" tabIndex={-1} {...FOCUS_LANDING}>
          {checkProblem}
        </p>
      )}
      {/* An unknown outcome keeps its Check again in reach, whatever the availability check says.
          When Submit cannot be pressed again, focus comes here, where Tab reaches Check again. */}
      {orderProblem && (canRetry || !checkProblem) && (
        <div className="basket-summary__problem" tabIndex={-1} {...FOCUS_LANDING}>
          <p>{orderProblem}</p>
          {canRetry && (
            <>
              <p>We could not confirm whether your order was placed; it will not be sent twice.</p>
              <Button onPress={retry}>Check again</Button>
            </>
          )}
        </div>
      )}
      <div className="basket-summary__actions">
        <Button variant="danger" onPress={clear} isDisabled={isSending}>
          Clear Basket
        </Button>
        {/* Pending, not disabled, while sending: a disabled button drops focus to the page. */}
        <Button variant="primary" onPress={submit} isDisabled={!canSubmit && !isSending} isPending={isSending}>
          Submit
        </Button>
      </div>
    </div>
  );
}
