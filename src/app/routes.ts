/**
 * The signed-in routes (SPEC section 2): who may see each (SPEC section 6), the permissions it
 * needs, its page title, and its lazily loaded page (one chunk per area).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from './paths';

export type Audience = 'client' | 'seller' | 'everyone';

export interface AppRoute {
  path: string;
  title: string;
  audience: Audience;
  /** A superuser passes all; otherwise one of these is enough (SPEC section 6). */
  permissions?: readonly string[];
  page: LazyExoticComponent<ComponentType>;
}

const OffersPage = lazy(() => import('@/features/offers/pages/offers-page').then((m) => ({ default: m.OffersPage })));
const CartPage = lazy(() => import('@/features/basket/pages/cart-page').then((m) => ({ default: m.CartPage })));
const OrdersPage = lazy(() => import('@/features/orders/pages/orders-page').then((m) => ({ default: m.OrdersPage })));
const BillingPage = lazy(() =>
  import('@/features/billing/pages/billing-page').then((m) => ({ default: m.BillingPage })),
);
const ManageOffersPage = lazy(() =>
  import('@/features/seller-offers/pages/manage-offers-page').then((m) => ({ default: m.ManageOffersPage })),
);
const ReviewOrdersPage = lazy(() =>
  import('@/features/review-orders/pages/review-orders-page').then((m) => ({ default: m.ReviewOrdersPage })),
);
const CreateInvoicePage = lazy(() =>
  import('@/features/invoices/pages/create-invoice-page').then((m) => ({ default: m.CreateInvoicePage })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const SignOutPage = lazy(() => import('@/features/auth/pages/sign-out-page').then((m) => ({ default: m.SignOutPage })));

const SELLER_PERMISSIONS = ['add_offer'] as const;

export const signedInRoutes: AppRoute[] = [
  { path: paths.offers, title: 'Offers', audience: 'client', page: OffersPage },
  { path: paths.offersRegular, title: 'Regular Offers', audience: 'client', page: OffersPage },
  { path: paths.offersPromo, title: 'Promo Offers', audience: 'client', page: OffersPage },
  { path: paths.cart, title: 'My Cart', audience: 'client', page: CartPage },
  { path: paths.orders, title: 'My Orders', audience: 'client', page: OrdersPage },
  { path: paths.ordersInProgress, title: 'My Orders: In Progress', audience: 'client', page: OrdersPage },
  { path: paths.ordersCompleted, title: 'My Orders: Completed', audience: 'client', page: OrdersPage },
  { path: paths.ordersCancelled, title: 'My Orders: Cancelled', audience: 'client', page: OrdersPage },
  { path: paths.billing, title: 'Billing', audience: 'client', page: BillingPage },
  {
    path: paths.manageOffers,
    title: 'Manage Offers',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ManageOffersPage,
  },
  {
    path: paths.manageOffersUnpublished,
    title: 'Manage Offers: Unpublished',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ManageOffersPage,
  },
  {
    path: paths.reviewOrders,
    title: 'Review Orders',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ReviewOrdersPage,
  },
  {
    path: paths.reviewOrdersInProgress,
    title: 'Review Orders: In Progress',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ReviewOrdersPage,
  },
  {
    path: paths.reviewOrdersCompleted,
    title: 'Review Orders: Completed',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ReviewOrdersPage,
  },
  {
    path: paths.reviewOrdersCancelled,
    title: 'Review Orders: Cancelled',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: ReviewOrdersPage,
  },
  {
    path: paths.createInvoice,
    title: 'Create Invoice',
    audience: 'seller',
    permissions: SELLER_PERMISSIONS,
    page: CreateInvoicePage,
  },
  { path: paths.profile, title: 'My Account', audience: 'everyone', page: ProfilePage },
  { path: paths.signOut, title: 'Log Out', audience: 'everyone', page: SignOutPage },
];

export const PRODUCT_TITLE = { client: 'Game Offers Marketplace', seller: 'Game Offers Seller Hub' } as const;

export const documentTitle = (title: string) => `${title} · Game Offers Marketplace`;
