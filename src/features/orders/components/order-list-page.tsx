import { PARAMETER_LIMITS } from '@openapi/schema.facts';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod/mini';
import type { ApiClient } from '@/api/client';
import type { Order, OrderListQuery } from '@/api/models';
import { useApiLogic } from '@/core/api';
import { useCsvExport } from '@/core/export-csv';
import { type ItemLinks, useItemLinks } from '@/core/item-links';
import { useList } from '@/core/use-list';
import { useListGrid } from '@/core/use-list-grid';
import { idParam } from '@/lib/list-query';
import { DEFAULT_ORDER_STATUS_ROUTE, orderStatusTabs, statusTabsFor } from '@/lib/order-statuses';
import { Button } from '@/ui/button';
import { DataGrid, type DataGridProps } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import type { orderListLogic } from '../orders.implementations';
import { OrderDialog } from './order-dialog';
import { OrderFilters, type OrderFilterValues, type StorefrontChoices } from './order-filters';
import '../orders.css';

/** What one orders page is: its title and route, its list call and export, its columns. */
export interface OrderListView {
  title: string;
  /** The page's route; its status tabs are below it (behaviour §2). */
  basePath: string;
  list: typeof orderListLogic;
  /** What the grid says when the list cannot be read. */
  fallback: string;
  export: (api: ApiClient) => (filters: OrderListQuery, signal: AbortSignal) => Promise<number>;
  columns: DataGridProps<Order, ItemLinks>['columns'];
  storefronts: StorefrontChoices;
}

/** The orderings the grid's sortable columns give (column id, descending with a minus). */
const orderings = ['created_at', '-created_at', 'total', '-total'] as const;

const orderQuery = z.object({
  // My Orders and Review Orders take the same search parameter.
  search: z.string().check(z.maxLength(PARAMETER_LIMITS.Search.maxLength)),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  seller: idParam(),
  region: idParam(),
  counterOffer: z.enum(['all', 'only']),
  ordering: z.enum(orderings),
  /** The order open in the dialog. */
  order: idParam(),
});
/** behaviour §9: orders and review orders are ordered by -created_at unless the user sorts. */
const defaults = { ordering: '-created_at' } as const;
const NO_FILTERS: OrderFilterValues = {
  search: undefined,
  startDate: undefined,
  endDate: undefined,
  seller: undefined,
  region: undefined,
  counterOffer: undefined,
};

const rowIdOf = (order: Order) => String(order.id);

/**
 * An orders page (My Orders, Review Orders): status tabs with completed by default (behaviour
 * §4), the filters and view in the URL, the grid, Export CSV, and the order named by `?order=ID`
 * in its dialog.
 */
export function OrderListPage({ view }: { view: OrderListView }) {
  const [location] = useLocation();
  const tab = orderStatusTabs.find(({ route }) => location === `${view.basePath}/${route}`);
  const status = (tab ?? orderStatusTabs.find(({ route }) => route === DEFAULT_ORDER_STATUS_ROUTE))?.status;
  const { query, setQuery, grid, range } = useListGrid(orderQuery, defaults);
  const links = useItemLinks('order');
  const { ordering, search, startDate, endDate, seller, region, counterOffer, order } = query;

  // The filtered, ordered set: the grid shows one page of it, Export CSV writes all of it.
  const listed = useMemo(
    (): OrderListQuery => ({
      status,
      ordering,
      ...(search && { search }),
      ...(startDate && { startDate }),
      ...(endDate && { endDate }),
      ...(seller !== undefined && { seller }),
      ...(region !== undefined && { region }),
      ...(counterOffer && { counterOffer }),
    }),
    [status, ordering, search, startDate, endDate, seller, region, counterOffer],
  );
  const params = useMemo((): OrderListQuery => ({ ...listed, ...range }), [listed, range]);
  const orders = useList(useApiLogic(view.list), params, { fallback: view.fallback, refreshOn: ['orders'] });
  const exporting = useCsvExport(view.export);

  return (
    <Page title={view.title}>
      <SubNav label="Order status" currentPath={location} items={statusTabsFor(view.basePath, location)} />
      <OrderFilters
        values={{ search, startDate, endDate, seller, region, counterOffer }}
        storefronts={view.storefronts}
        onChange={setQuery}
        onReset={() => setQuery(NO_FILTERS)}
      />
      <div className="orders__actions">
        <Button onPress={() => exporting.start(listed)} isPending={exporting.isPending}>
          Export CSV
        </Button>
      </div>
      <DataGrid
        label={`${tab?.label ?? 'Completed'} orders`}
        columns={view.columns}
        rows={orders.rows}
        getRowId={rowIdOf}
        isLoading={orders.isLoading}
        problem={orders.problem}
        onRetry={orders.retry}
        emptyTitle="No orders match these filters"
        onResetFilters={() => setQuery(NO_FILTERS)}
        {...grid}
        total={orders.total}
        onRowAction={(rowId) => setQuery({ order: Number(rowId) }, { resetPage: false })}
        meta={links}
      />
      {order !== undefined && (
        <OrderDialog key={order} orderId={order} onClose={() => setQuery({ order: undefined }, { resetPage: false })} />
      )}
    </Page>
  );
}
