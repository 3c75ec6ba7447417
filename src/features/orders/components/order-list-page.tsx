import { useLocation } from 'wouter';
import { z } from 'zod/mini';
import type { Order, OrderListQuery } from '@/api/models';
import { DEFAULT_ORDER_STATUS_ROUTE, orderStatusTabs, statusTabsFor } from '@/core/domain/order-statuses';
import type { ItemLinks } from '@/core/lists/item-links';
import { dayParam, idParam, searchParam } from '@/core/lists/list-query';
import type { ListView } from '@/core/lists/list-view';
import { ExportListButton, useListView } from '@/core/lists/use-list-view';
import { DataGrid, type DataGridProps } from '@/ui/data-grid';
import { Page } from '@/ui/page';
import { SubNav } from '@/ui/sub-nav';
import { OrderDialog } from './order-dialog';
import { OrderFilters, type StorefrontChoices } from './order-filters';
import '../orders.css';

/** The order list filters of behaviour §3, shared by My Orders and Review Orders. */
export const orderFilters = {
  search: searchParam(),
  startDate: dayParam(),
  endDate: dayParam(),
  seller: idParam(),
  region: idParam(),
  counterOffer: z.enum(['all', 'only']),
};

/** An orders list: those filters, and the order open in its dialog (`?order=ID`). */
export type OrderListView = ListView<OrderListQuery, Order, typeof orderFilters>;

/**
 * An orders page (My Orders, Review Orders): status tabs with completed by default (behaviour
 * §4), the filters and view in the URL, the grid, Export CSV, and the order named by `?order=ID`
 * in its dialog.
 */
export function OrderListPage({
  title,
  basePath,
  view,
  columns,
  storefronts,
}: {
  title: string;
  /** The page's route; its status tabs are below it (behaviour §2). */
  basePath: string;
  view: OrderListView;
  columns: DataGridProps<Order, ItemLinks>['columns'];
  storefronts: StorefrontChoices;
}) {
  const [location] = useLocation();
  const tab = orderStatusTabs.find(({ route }) => location === `${basePath}/${route}`);
  const status = (tab ?? orderStatusTabs.find(({ route }) => route === DEFAULT_ORDER_STATUS_ROUTE))?.status;
  const list = useListView(view, { status });

  return (
    <Page title={title}>
      <SubNav label="Order status" currentPath={location} items={statusTabsFor(basePath, location)} />
      <OrderFilters
        values={list.filters}
        storefronts={storefronts}
        onChange={list.setFilters}
        onReset={list.resetFilters}
      />
      {view.export && (
        <div className="list-actions">
          <ExportListButton exportList={view.export} listed={list.listed} />
        </div>
      )}
      <DataGrid
        label={`${tab?.label ?? 'Completed'} orders`}
        columns={columns}
        emptyTitle="No orders match these filters"
        {...list.grid}
      />
      {list.item !== undefined && <OrderDialog key={list.item} orderId={list.item} onClose={list.closeItem} />}
    </Page>
  );
}
