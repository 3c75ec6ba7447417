import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { statusTabsFor } from '@/lib/order-statuses';
import { EmptyState, Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';

/** /orders (My Orders) with /orders/inprogress, /completed (the default) and /cancelled. */
export function OrdersPage() {
  const [location] = useLocation();
  return (
    <Page title="My Orders">
      <SubNav label="Order status" currentPath={location} items={statusTabsFor(paths.orders, location)} />
      <EmptyState title="Your orders appear here" />
    </Page>
  );
}
