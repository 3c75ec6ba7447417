import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { statusTabsFor } from '@/lib/order-statuses';
import { EmptyState, Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';

/** /seller/review-orders with /inprogress, /completed (the default) and /cancelled. */
export function ReviewOrdersPage() {
  const [location] = useLocation();
  return (
    <Page title="Review Orders">
      <SubNav label="Order status" currentPath={location} items={statusTabsFor(paths.reviewOrders, location)} />
      <EmptyState title="Orders placed with your storefronts appear here" />
    </Page>
  );
}
