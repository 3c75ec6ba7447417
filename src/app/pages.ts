/**
 * The signed-in pages (behaviour §2): each page's code and the paths it shows at, with their tab
 * titles. A new page is one entry. Light enough for the entry chunk, which fetches the current
 * page's code while the stored session is checked; src/app/routes.ts makes the routes of it.
 */
import type { Profile } from '@machines/session/session.types';
import type { ComponentType } from 'react';
import { paths } from '@/core/paths';

export interface SignedInPage {
  /** Fetches the page's chunk (one per area) and gives the page component. */
  code: () => Promise<ComponentType>;
  /** The tab title at each path the page shows at. */
  titles: Readonly<Record<string, string>>;
  /** The permissions the page requires (behaviour §6): one of them is enough, a superuser passes all. */
  permissions?: readonly Profile['permissions'][number][];
}

export const signedInPages: readonly SignedInPage[] = [
  {
    code: () => import('@/features/offers/pages/offers-page').then((m) => m.OffersPage),
    titles: { [paths.offers]: 'Offers', [paths.offersRegular]: 'Regular Offers', [paths.offersPromo]: 'Promo Offers' },
  },
  {
    code: () => import('@/features/basket/pages/cart-page').then((m) => m.CartPage),
    titles: { [paths.cart]: 'My Cart' },
  },
  {
    code: () => import('@/features/orders/pages/orders-page').then((m) => m.OrdersPage),
    titles: {
      [paths.orders]: 'My Orders',
      [paths.ordersInProgress]: 'My Orders: In Progress',
      [paths.ordersCompleted]: 'My Orders: Completed',
      [paths.ordersCancelled]: 'My Orders: Cancelled',
    },
  },
  {
    code: () => import('@/features/billing/pages/billing-page').then((m) => m.BillingPage),
    titles: { [paths.billing]: 'Billing' },
  },
  {
    code: () => import('@/features/seller-offers/pages/manage-offers-page').then((m) => m.ManageOffersPage),
    titles: { [paths.manageOffers]: 'Manage Offers', [paths.manageOffersUnpublished]: 'Manage Offers: Unpublished' },
  },
  {
    code: () => import('@/features/seller-offers/pages/recent-changes-page').then((m) => m.RecentChangesPage),
    titles: { [paths.manageOffersChanges]: 'Manage Offers: Recent changes' },
  },
  {
    code: () => import('@/features/orders/pages/review-orders-page').then((m) => m.ReviewOrdersPage),
    titles: {
      [paths.reviewOrders]: 'Review Orders',
      [paths.reviewOrdersInProgress]: 'Review Orders: In Progress',
      [paths.reviewOrdersCompleted]: 'Review Orders: Completed',
      [paths.reviewOrdersCancelled]: 'Review Orders: Cancelled',
    },
  },
  {
    code: () => import('@/features/billing/pages/create-invoice-page').then((m) => m.CreateInvoicePage),
    titles: { [paths.createInvoice]: 'Create Invoice' },
  },
  {
    code: () => import('@/features/profile/pages/profile-page').then((m) => m.ProfilePage),
    titles: { [paths.profile]: 'My Account' },
  },
  {
    code: () => import('@/features/auth/pages/sign-out-page').then((m) => m.SignOutPage),
    titles: { [paths.signOut]: 'Log Out' },
  },
];

/** Starts fetching the code of the page at `location`, if it is one. */
export function preloadPage(location: string) {
  signedInPages
    .find((page) => Object.hasOwn(page.titles, location))
    ?.code()
    // A failure shows when the page renders, with its retry.
    .catch(() => {});
}
