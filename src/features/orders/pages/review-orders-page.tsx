import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import { defineListView } from '@/core/lists/list-view';
import { paths } from '@/core/paths';
import { reviewOrderColumns } from '../components/order-columns';
import { OrderListPage, orderFilters } from '../components/order-list-page';
import { REVIEW_ORDERS_LIST_FALLBACK, reviewOrderExport, reviewOrderListLogic } from '../orders.implementations';

const view = defineListView({
  filters: orderFilters,
  orderings: SCHEMA_ENUMS.OrderOrdering,
  /** behaviour §9 */
  defaultOrdering: '-created_at',
  read: reviewOrderListLogic,
  fallback: REVIEW_ORDERS_LIST_FALLBACK,
  refreshOn: ['orders'],
  export: reviewOrderExport,
  item: 'order',
});

/**
 * /seller/review-orders with /inprogress, /completed (the default) and /cancelled: the orders
 * placed with the seller's storefronts, each opening to the seller's moves.
 */
export function ReviewOrdersPage() {
  return (
    <OrderListPage
      title="Review Orders"
      basePath={paths.reviewOrders}
      view={view}
      columns={reviewOrderColumns}
      storefronts="own"
    />
  );
}
