/**
 * The signed-in routes (behaviour §2), made of the page table (src/app/pages.ts) with lazily
 * loaded pages, and the rules of who may see what (behaviour §6).
 */
import { hasAnyPermission, type Role, roleOf } from '@machines/session/session.selectors';
import type { Profile } from '@machines/session/session.types';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '@/core/paths';
import { type SignedInPage, signedInPages } from './pages';

export type Audience = 'client' | 'seller' | 'everyone';

export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType>;
  permissions?: SignedInPage['permissions'];
}

/** One route per path; the paths of a page share its lazy component and its permissions. */
export const signedInRoutes: AppRoute[] = signedInPages.flatMap(({ code, titles, permissions }) => {
  const page = lazy(() => code().then((component) => ({ default: component })));
  return Object.entries(titles).map(([path, title]) => ({ path, title, page, permissions }));
});

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
  const permissions = routes.find((route) => route.path === location)?.permissions;
  if (permissions && !hasAnyPermission(profile, permissions)) return paths.root;
  const role = roleOf(profile);
  if (HOME_ALIASES.includes(location)) return homeOf(role);
  if (under(location, paths.editor)) return paths.manageOffers;
  const audience = audienceOf(location);
  if (audience === 'client' && role === 'seller') return paths.manageOffers;
  if (audience === 'seller' && role !== 'seller') return paths.root;
  return null;
}

export { documentTitle, PRODUCT_TITLE } from './document-title';
