/** The order list statuses (behaviour §4), their routes and the contract's values. */
export const orderStatusTabs = [
  { route: 'inprogress', status: 'in_progress', label: 'In Progress' },
  { route: 'completed', status: 'completed', label: 'Completed' },
  { route: 'cancelled', status: 'cancelled', label: 'Cancelled' },
] as const;

export type OrderStatusRoute = (typeof orderStatusTabs)[number]['route'];

/** behaviour: the default status filter of My Orders and Review Orders is completed. */
export const DEFAULT_ORDER_STATUS_ROUTE: OrderStatusRoute = 'completed';

export function statusTabsFor(basePath: string, currentPath: string) {
  return orderStatusTabs.map((tab) => ({
    href: `${basePath}/${tab.route}`,
    label: tab.label,
    isCurrent: currentPath === basePath && tab.route === DEFAULT_ORDER_STATUS_ROUTE,
  }));
}
