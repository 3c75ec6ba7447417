import { paths } from '@/core/paths';
import { reviewOrderColumns } from '../components/order-columns';
import { OrderListPage, type OrderListView } from '../components/order-list-page';
import { REVIEW_ORDERS_LIST_FALLBACK, reviewOrderExport, reviewOrderListLogic } from '../orders.implementations';

const reviewOrders: OrderListView = {
  title: 'Review Orders',
  basePath: paths.reviewOrders,
  list: reviewOrderListLogic,
  fallback: REVIEW_ORDERS_LIST_FALLBACK,
  export: reviewOrderExport,
  columns: reviewOrderColumns,
  storefronts: 'own',
};

/**
 * /seller/review-orders with /inprogress, /completed (the default) and /cancelled: the orders
 * placed with the seller's storefronts, each opening to the seller's moves (issue 9).
 */
export function ReviewOrdersPage() {
  return <OrderListPage view={reviewOrders} />;
}
