/** The orders pages' calls: the order lists, one order, the CSV exports and the negotiation moves. */
import { negotiationMachine } from '@machines/negotiation/negotiation.machine';
import { statusOf } from '@machines/shared/message-of';
import type { CsvColumn } from '@openapi/rules/csv';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Order, OrderListQuery } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { exportCsv } from '@/core/lists/export-csv';
import { list, load } from '@/core/workflows';
import { plainAmount } from '@/lib/money';
import { negotiationLabels, statusLabelOf } from './order-labels';

export const ORDERS_LIST_FALLBACK = 'Your orders could not be loaded.';
export const REVIEW_ORDERS_LIST_FALLBACK = 'The orders placed with your storefronts could not be loaded.';
export const ORDER_LOAD_FALLBACK = 'The order could not be loaded.';

/**
 * One page of orders: the client's own (`/orders/`) or those placed with the seller's storefronts
 * (`/review-orders/`). Both lists take the same filters (behaviour §3, order list filters).
 */
const clientOrders = (api: ApiClient) => (query: OrderListQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/api/v1/orders/', { params: { query }, signal }));
const sellerOrders: typeof clientOrders = (api) => (query, signal) =>
  unwrap(api.GET('/api/v1/review-orders/', { params: { query }, signal }));

/** The page of the query in the URL, for My Orders and Review Orders. */
export const orderListLogic = (api: ApiClient) => list(clientOrders(api));
export const reviewOrderListLogic = (api: ApiClient) => list(sellerOrders(api));

/** The files keep the contract's values (ISO times, amounts in euros) so a spreadsheet can compute with them. */
const orderCsvColumns: CsvColumn<Order>[] = [
  { header: 'Order', value: (order) => order.id },
  { header: 'Placed', value: (order) => order.created_at },
  { header: 'Seller', value: (order) => order.seller.name },
  { header: 'Items', value: (order) => order.item_count },
  { header: 'Negotiation', value: (order) => negotiationLabels.client[order.negotiation].label },
  { header: 'Status', value: (order) => statusLabelOf(order.status) },
  { header: 'Total (EUR)', value: (order) => plainAmount(order.total) },
];
const reviewOrderCsvColumns: CsvColumn<Order>[] = [
  { header: 'Order', value: (order) => order.id },
  { header: 'Placed', value: (order) => order.created_at },
  { header: 'Client', value: (order) => order.client.name },
  { header: 'Company', value: (order) => order.client.company ?? '' },
  { header: 'Storefront', value: (order) => order.seller.name },
  { header: 'Items', value: (order) => order.item_count },
  { header: 'Negotiation', value: (order) => negotiationLabels.seller[order.negotiation].label },
  { header: 'Status', value: (order) => statusLabelOf(order.status) },
  { header: 'Total (EUR)', value: (order) => plainAmount(order.total) },
];

/** Export CSV: every order of the filtered, ordered set (`filters` without limit and offset). */
const ordersExport =
  (read: typeof clientOrders, name: string, columns: CsvColumn<Order>[]) =>
  (api: ApiClient) =>
  (filters: OrderListQuery, signal: AbortSignal) =>
    exportCsv({
      name,
      columns,
      signal,
      fetchPage: (offset, limit, pageSignal) => read(api)({ ...filters, offset, limit }, pageSignal),
    });

export const orderExport = ordersExport(clientOrders, 'orders', orderCsvColumns);
export const reviewOrderExport = ordersExport(sellerOrders, 'review-orders', reviewOrderCsvColumns);

const path = (orderId: number) => ({ path: { orderId } });

/** The order behind `?order=ID`, read afresh when it opens. */
export const orderLoadLogic = (api: ApiClient) =>
  load((orderId: number, signal) => unwrap(api.GET('/api/v1/orders/{orderId}/', { params: path(orderId), signal })));

/** A move changes the order lists; a 409 says the order moved on meanwhile, so they are stale too. */
const moved = <T>(call: Parameters<typeof unwrap<T>>[0]) =>
  changing(['orders'], unwrap(call), (error) => statusOf(error) === 409);

/** The negotiation machine's calls (contract: the order endpoints); each answers the order as it now is. */
const negotiationImplementations = (api: ApiClient) =>
  ({
    actors: {
      respondToCounter: fromPromise(({ input, signal }) =>
        moved(
          api.POST('/api/v1/orders/{orderId}/counter/response/', {
            params: path(input.orderId),
            body: { accept: input.accept },
            signal,
          }),
        ),
      ),
      cancelOrder: fromPromise(({ input, signal }) =>
        moved(
          api.POST('/api/v1/orders/{orderId}/cancel/', {
            params: path(input.orderId),
            body: input.reason ? { reason: input.reason } : {},
            signal,
          }),
        ),
      ),
      counterOrder: fromPromise(({ input, signal }) =>
        moved(
          api.POST('/api/v1/orders/{orderId}/counter/', { params: path(input.orderId), body: input.counter, signal }),
        ),
      ),
      approveOrder: fromPromise(({ input, signal }) =>
        moved(api.POST('/api/v1/orders/{orderId}/approve/', { params: path(input.orderId), signal })),
      ),
      readOrder: fromPromise(({ input, signal }) =>
        unwrap(api.GET('/api/v1/orders/{orderId}/', { params: path(input.orderId), signal })),
      ),
    },
  }) satisfies MachineImplementationsFrom<typeof negotiationMachine>;

export const negotiationLogic = (api: ApiClient) => negotiationMachine.provide(negotiationImplementations(api));
