/** My Orders' calls: the order list, one order, the CSV export and the negotiation moves. */
import { negotiationMachine } from '@machines/negotiation/negotiation.machine';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Order, OrderListQuery } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { exportCsv } from '@/core/export-csv';
import { list, load } from '@/core/workflows';
import type { CsvColumn } from '@/lib/csv';
import { negotiationLabels, statusLabelOf } from './order-labels';

export const ORDERS_LIST_FALLBACK = 'Your orders could not be loaded.';
export const ORDER_LOAD_FALLBACK = 'The order could not be loaded.';

/** One page of the client's orders for the query in the URL. */
export const orderListLogic = (api: ApiClient) =>
  list((query: OrderListQuery, signal) => unwrap(api.GET('/api/v1/orders/', { params: { query }, signal })));

/** The file keeps the contract's values (ISO times, amounts in euros) so a spreadsheet can compute with them. */
const orderCsvColumns: CsvColumn<Order>[] = [
  { header: 'Order', value: (order) => order.id },
  { header: 'Placed', value: (order) => order.created_at },
  { header: 'Seller', value: (order) => order.seller.name },
  { header: 'Items', value: (order) => order.item_count },
  { header: 'Negotiation', value: (order) => negotiationLabels[order.negotiation].label },
  { header: 'Status', value: (order) => statusLabelOf(order.status) },
  { header: 'Total (EUR)', value: (order) => order.total },
];

/** Export CSV: every order of the filtered, ordered set (`filters` without limit and offset). */
export const orderExport = (api: ApiClient) => (filters: OrderListQuery, signal: AbortSignal) =>
  exportCsv({
    name: 'orders',
    columns: orderCsvColumns,
    signal,
    fetchPage: (offset, limit, pageSignal) =>
      unwrap(api.GET('/api/v1/orders/', { params: { query: { ...filters, offset, limit } }, signal: pageSignal })),
  });

const path = (orderId: number) => ({ path: { orderId } });

/** The order behind `?order=ID`, read afresh when it opens. */
export const orderLoadLogic = (api: ApiClient) =>
  load((orderId: number, signal) => unwrap(api.GET('/api/v1/orders/{orderId}/', { params: path(orderId), signal })));

/** The negotiation machine's calls (contract: the order endpoints); each answers the order as it now is. */
const negotiationImplementations = (api: ApiClient) =>
  ({
    actors: {
      respondToCounter: fromPromise(({ input, signal }) =>
        unwrap(
          api.POST('/api/v1/orders/{orderId}/counter/response/', {
            params: path(input.orderId),
            body: { accept: input.accept },
            signal,
          }),
        ),
      ),
      cancelOrder: fromPromise(({ input, signal }) =>
        unwrap(api.POST('/api/v1/orders/{orderId}/cancel/', { params: path(input.orderId), body: {}, signal })),
      ),
      counterOrder: fromPromise(({ input, signal }) =>
        unwrap(
          api.POST('/api/v1/orders/{orderId}/counter/', { params: path(input.orderId), body: input.counter, signal }),
        ),
      ),
      approveOrder: fromPromise(({ input, signal }) =>
        unwrap(api.POST('/api/v1/orders/{orderId}/approve/', { params: path(input.orderId), signal })),
      ),
      readOrder: fromPromise(({ input, signal }) =>
        unwrap(api.GET('/api/v1/orders/{orderId}/', { params: path(input.orderId), signal })),
      ),
    },
  }) satisfies MachineImplementationsFrom<typeof negotiationMachine>;

export const negotiationLogic = (api: ApiClient) => negotiationMachine.provide(negotiationImplementations(api));
