/** Where a signed-in user may go (SPEC section 6); every refusal is a redirect. */

import { hasAnyPermission, type Role } from '@machines/session/session.selectors';
import type { SessionProfile } from '@machines/session/session.types';
import { paths } from './paths';
import type { AppRoute } from './routes';

/** SPEC section 2: sellers land on Manage Offers, clients on Offers. */
export const homeOf = (role: Role) => (role === 'seller' ? paths.manageOffers : paths.offers);

/** The redirect target for this user on this route, or null when the route may render. */
export function redirectFor(route: AppRoute, profile: SessionProfile, role: Role): string | null {
  if (route.audience === 'client' && role === 'seller') return paths.manageOffers;
  if (route.audience === 'seller' && role !== 'seller') return paths.root;
  if (route.permissions && !hasAnyPermission(profile, route.permissions)) return paths.root;
  return null;
}
