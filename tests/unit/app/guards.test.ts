import { hasAnyPermission, roleOf } from '@machines/session/session.selectors';
import type { SessionProfile } from '@machines/session/session.types';
import { describe, expect, it } from 'vitest';
import { homeOf, redirectFor } from '@/app/guards';
import { paths } from '@/app/paths';
import { type AppRoute, signedInRoutes } from '@/app/routes';

const profile = (permissions: string[], isSuperuser = false): SessionProfile => ({
  id: 1,
  email: 'someone@example.com',
  first_name: '',
  last_name: '',
  phone: '',
  company: '',
  permissions,
  is_superuser: isSuperuser,
  is_verified: true,
  date_joined: '2026-01-01T00:00:00Z',
});
const routeAt = (path: string) => {
  const route = signedInRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};
const needs = (permissions: string[]): AppRoute => ({ ...routeAt(paths.profile), permissions });

describe('roles and permissions (SPEC section 6)', () => {
  it('makes a seller of add_offer and a client of everyone else', () => {
    expect(roleOf(profile(['add_offer']))).toBe('seller');
    expect(roleOf(profile(['change_offer', 'delete_offer']))).toBe('client');
    expect(roleOf(profile([], true))).toBe('client');
  });

  it('lets a superuser pass any permission, and one matching permission is enough', () => {
    expect(hasAnyPermission(profile([], true), ['delete_offer'])).toBe(true);
    expect(hasAnyPermission(profile(['change_offer']), ['add_offer', 'change_offer'])).toBe(true);
    expect(hasAnyPermission(profile(['add_offer']), ['delete_offer'])).toBe(false);
    expect(hasAnyPermission(profile([]), [])).toBe(true);
  });

  it('sends each role home to its own section', () => {
    expect(homeOf('seller')).toBe(paths.manageOffers);
    expect(homeOf('client')).toBe(paths.offers);
  });
});

describe('redirectFor', () => {
  const seller = profile(['add_offer', 'change_offer', 'delete_offer']);
  const client = profile([]);

  it('keeps sellers out of client routes', () => {
    for (const path of [paths.offers, paths.offersPromo, paths.cart, paths.ordersCompleted, paths.billing]) {
      expect(redirectFor(routeAt(path), seller, 'seller')).toBe(paths.manageOffers);
    }
  });

  it('sends non-sellers away from every seller route, superusers included', () => {
    for (const route of signedInRoutes.filter((r) => r.path.startsWith(paths.seller))) {
      expect(redirectFor(route, client, 'client')).toBe(paths.root);
      expect(redirectFor(route, profile([], true), 'client')).toBe(paths.root);
    }
  });

  it('lets each role reach its own routes and both reach My Account and Log Out', () => {
    expect(redirectFor(routeAt(paths.reviewOrdersInProgress), seller, 'seller')).toBeNull();
    expect(redirectFor(routeAt(paths.ordersInProgress), client, 'client')).toBeNull();
    for (const path of [paths.profile, paths.signOut]) {
      expect(redirectFor(routeAt(path), seller, 'seller')).toBeNull();
      expect(redirectFor(routeAt(path), client, 'client')).toBeNull();
    }
  });

  it('sends a user without a required permission to /', () => {
    expect(redirectFor(needs(['delete_offer']), profile(['add_offer']), 'seller')).toBe(paths.root);
    expect(redirectFor(needs(['delete_offer', 'add_offer']), profile(['add_offer']), 'seller')).toBeNull();
    expect(redirectFor(needs(['delete_offer']), profile([], true), 'client')).toBeNull();
  });
});
