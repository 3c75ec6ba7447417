import { paths } from '@/core/paths';
import { orderColumns } from '../components/order-columns';
import { OrderListPage, type OrderListView } from '../components/order-list-page';
import { ORDERS_LIST_FALLBACK, orderExport, orderListLogic } from '../orders.implementations';

const myOrders: OrderListView = {
  title: 'My Orders',
  basePath: paths.orders,
  list: orderListLogic,
  fallback: ORDERS_LIST_FALLBACK,
  export: orderExport,
  columns: orderColumns,
  storefronts: 'all',
};

/** /orders (My Orders) with /orders/inprogress, /completed (the default) and /cancelled: the client's orders. */
export function OrdersPage() {
  return <OrderListPage view={myOrders} />;
}
