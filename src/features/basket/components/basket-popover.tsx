import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { Link } from '@/ui/link';
import { useBasketCheckout } from '../use-basket-checkout';
import { BasketLines } from './basket-lines';
import { BasketSummary } from './basket-summary';

/**
 * The popup basket's content (behaviour §2); the popover around it carries the title. Mounted
 * while open, so the availability check runs each time it opens. Once the order is sent the
 * popover closes and the user goes to /orders, on the In Progress tab where the new order is.
 */
export function BasketPopover({ close }: { close: () => void }) {
  const [, navigate] = useLocation();
  const checkout = useBasketCheckout({
    onSent: () => {
      close();
      navigate(paths.ordersInProgress);
    },
  });
  if (checkout.items.length === 0) {
    return (
      <p className="basket-popover__empty">
        Add offers to it from the{' '}
        <Link href={paths.offers} onPress={close}>
          Offers page
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <BasketLines checkout={checkout} />
      <BasketSummary checkout={checkout} onCleared={close} />
    </>
  );
}
