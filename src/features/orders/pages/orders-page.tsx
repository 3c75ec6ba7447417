import { SCHEMA_ENUMS } from '@openapi/schema.facts';
import { defineListView } from '@/core/lists/list-view';
import { paths } from '@/core/paths';
import { orderColumns } from '../components/order-columns';
import { OrderListPage, orderFilters } from '../components/order-list-page';
import { ORDERS_LIST_FALLBACK, orderExport, orderListLogic } from '../orders.implementations';

const view = defineListView({
  filters: orderFilters,
  orderings: SCHEMA_ENUMS.OrderOrdering,
  /** behaviour §9 */
  defaultOrdering: '-created_at',
  read: orderListLogic,
  fallback: ORDERS_LIST_FALLBACK,
  refreshOn: ['orders'],
  export: orderExport,
  item: 'order',
});

/** /orders (My Orders) with /orders/inprogress, /completed (the default) and /cancelled: the client's orders. */
export function OrdersPage() {
  return (
    <OrderListPage title="My Orders" basePath={paths.orders} view={view} columns={orderColumns} storefronts="all" />
  );
}
