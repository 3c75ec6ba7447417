/**
 * The signed-in routes (behaviour §2) with their titles and lazily loaded pages (one chunk per
 * area), and the rules of who may see what (behaviour §6).
 */
import { hasAnyPermission, type Role, roleOf } from '@machines/session/session.selectors';
import type { Profile } from '@machines/session/session.types';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '@/core/paths';
import {
  loadBilling,
  loadCart,
  loadCreateInvoice,
  loadManageOffers,
  loadOffers,
  loadOrders,
  loadProfile,
  loadReviewOrders,
  loadSignOut,
} from './page-loaders';

export type Audience = 'client' | 'seller' | 'everyone';

export interface AppRoute {
  path: string;
  title: string;
  /** A superuser passes all; otherwise one of these is enough (behaviour §6). */
  permissions?: readonly Profile['permissions'][number][];
  page: LazyExoticComponent<ComponentType>;
}

const OffersPage = lazy(() => loadOffers().then((m) => ({ default: m.OffersPage })));
const CartPage = lazy(() => loadCart().then((m) => ({ default: m.CartPage })));
const OrdersPage = lazy(() => loadOrders().then((m) => ({ default: m.OrdersPage })));
const BillingPage = lazy(() => loadBilling().then((m) => ({ default: m.BillingPage })));
const ManageOffersPage = lazy(() => loadManageOffers().then((m) => ({ default: m.ManageOffersPage })));
const ReviewOrdersPage = lazy(() => loadReviewOrders().then((m) => ({ default: m.ReviewOrdersPage })));
const CreateInvoicePage = lazy(() => loadCreateInvoice().then((m) => ({ default: m.CreateInvoicePage })));
const ProfilePage = lazy(() => loadProfile().then((m) => ({ default: m.ProfilePage })));
const SignOutPage = lazy(() => loadSignOut().then((m) => ({ default: m.SignOutPage })));

export const signedInRoutes: AppRoute[] = [
  { path: paths.offers, title: 'Offers', page: OffersPage },
  { path: paths.offersRegular, title: 'Regular Offers', page: OffersPage },
  { path: paths.offersPromo, title: 'Promo Offers', page: OffersPage },
  { path: paths.cart, title: 'My Cart', page: CartPage },
  { path: paths.orders, title: 'My Orders', page: OrdersPage },
  { path: paths.ordersInProgress, title: 'My Orders: In Progress', page: OrdersPage },
  { path: paths.ordersCompleted, title: 'My Orders: Completed', page: OrdersPage },
  { path: paths.ordersCancelled, title: 'My Orders: Cancelled', page: OrdersPage },
  { path: paths.billing, title: 'Billing', page: BillingPage },
  { path: paths.manageOffers, title: 'Manage Offers', page: ManageOffersPage },
  {
    path: paths.manageOffersUnpublished,
    title: 'Manage Offers: Unpublished',
    page: ManageOffersPage,
  },
  { path: paths.reviewOrders, title: 'Review Orders', page: ReviewOrdersPage },
  {
    path: paths.reviewOrdersInProgress,
    title: 'Review Orders: In Progress',
    page: ReviewOrdersPage,
  },
  {
    path: paths.reviewOrdersCompleted,
    title: 'Review Orders: Completed',
    page: ReviewOrdersPage,
  },
  {
    path: paths.reviewOrdersCancelled,
    title: 'Review Orders: Cancelled',
    page: ReviewOrdersPage,
  },
  { path: paths.createInvoice, title: 'Create Invoice', page: CreateInvoicePage },
  { path: paths.profile, title: 'My Account', page: ProfilePage },
  { path: paths.signOut, title: 'Log Out', page: SignOutPage },
];

/** Who may be where (behaviour §6), by area: one rule for a path and everything under it. */
const AREAS: [base: string, audience: Audience][] = [
  [paths.seller, 'seller'],
  [paths.offers, 'client'],
  [paths.orders, 'client'],
  [paths.billing, 'client'],
];
/** behaviour §2: with a profile, these go to the role's home. */
const HOME_ALIASES: readonly string[] = [paths.root, paths.signIn, paths.signUp, paths.verifyEmail];

const under = (location: string, base: string) => location === base || location.startsWith(`${base}/`);

export const audienceOf = (location: string): Audience =>
  AREAS.find(([base]) => under(location, base))?.[1] ?? 'everyone';

/** behaviour §2: sellers land on Manage Offers, clients on Offers. */
export const homeOf = (role: Role) => (role === 'seller' ? paths.manageOffers : paths.offers);

/**
 * Where this user goes instead of `location`, or null when it may render: every route rule of
 * behaviour §2 and §6 is here, and every refusal is a redirect.
 */
export function redirectFor(location: string, profile: Profile, routes: readonly AppRoute[] = signedInRoutes) {
  const role = roleOf(profile);
  if (HOME_ALIASES.includes(location)) return homeOf(role);
  if (under(location, paths.editor)) return paths.manageOffers;
  const audience = audienceOf(location);
  if (audience === 'client' && role === 'seller') return paths.manageOffers;
  if (audience === 'seller' && role !== 'seller') return paths.root;
  const permissions = routes.find((route) => route.path === location)?.permissions;
  if (permissions && !hasAnyPermission(profile, permissions)) return paths.root;
  return null;
}

export { documentTitle, PRODUCT_TITLE } from './document-title';
