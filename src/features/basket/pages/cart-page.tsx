import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { Link } from '@/ui/link';
import { EmptyState, Page } from '@/ui/page';
import { BasketLines } from '../components/basket-lines';
import { BasketSummary } from '../components/basket-summary';
import { useBasketCheckout } from '../use-basket-checkout';

/** /offers/order, My Cart: the basket's lines as a page (behaviour §2, popup basket off); a sent order leads to /orders. */
export function CartPage() {
  const [, navigate] = useLocation();
  const checkout = useBasketCheckout({ onSent: () => navigate(paths.ordersInProgress) });
  return (
    <Page title="My Cart">
      {checkout.items.length === 0 ? (
        <EmptyState title="Your basket is empty">
          Find something on the <Link href={paths.offers}>Offers</Link> page.
        </EmptyState>
      ) : (
        <section aria-label="Basket Items">
          <BasketLines checkout={checkout} />
          <BasketSummary checkout={checkout} />
        </section>
      )}
    </Page>
  );
}
