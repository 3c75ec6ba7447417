/**
 * The code of each signed-in page, by path. Apart from the route table (src/app/routes.ts, in the
 * signed-in chunk) so the entry can fetch the current page's code while the stored session is
 * checked, alongside the signed-in screens' code rather than after it.
 */
import { paths } from '@/core/paths';

export const loadOffers = () => import('@/features/offers/pages/offers-page');
export const loadCart = () => import('@/features/basket/pages/cart-page');
export const loadOrders = () => import('@/features/orders/pages/orders-page');
export const loadBilling = () => import('@/features/billing/pages/billing-page');
export const loadManageOffers = () => import('@/features/seller-offers/pages/manage-offers-page');
export const loadReviewOrders = () => import('@/features/orders/pages/review-orders-page');
export const loadCreateInvoice = () => import('@/features/billing/pages/create-invoice-page');
export const loadProfile = () => import('@/features/profile/pages/profile-page');
export const loadSignOut = () => import('@/features/auth/pages/sign-out-page');

const PAGES: [path: string, load: () => Promise<unknown>][] = [
  [paths.offers, loadOffers],
  [paths.offersRegular, loadOffers],
  [paths.offersPromo, loadOffers],
  [paths.cart, loadCart],
  [paths.orders, loadOrders],
  [paths.ordersInProgress, loadOrders],
  [paths.ordersCompleted, loadOrders],
  [paths.ordersCancelled, loadOrders],
  [paths.billing, loadBilling],
  [paths.manageOffers, loadManageOffers],
  [paths.manageOffersUnpublished, loadManageOffers],
  [paths.reviewOrders, loadReviewOrders],
  [paths.reviewOrdersInProgress, loadReviewOrders],
  [paths.reviewOrdersCompleted, loadReviewOrders],
  [paths.reviewOrdersCancelled, loadReviewOrders],
  [paths.createInvoice, loadCreateInvoice],
  [paths.profile, loadProfile],
  [paths.signOut, loadSignOut],
];

/** Starts fetching the code of the page at `location`, if it is one. */
export function preloadPage(location: string) {
  PAGES.find(([path]) => path === location)?.[1]()
    // A failure shows when the page renders, with its retry.
    .catch(() => {});
}
