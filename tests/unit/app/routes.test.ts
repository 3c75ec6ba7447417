import { hasAnyPermission, roleOf } from '@machines/session/session.selectors';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@/api/models';
import { signedInPages } from '@/app/pages';
import { type AppRoute, documentTitle, homeOf, redirectFor, signedInRoutes } from '@/app/routes';
import { paths } from '@/core/paths';
import { aProfile } from '../../support/fixtures';

const profile = (permissions: Profile['permissions'], isSuperuser = false) =>
  aProfile({ permissions, is_superuser: isSuperuser });
const routeAt = (path: string) => {
  const route = signedInRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};
const needing = (permissions: AppRoute['permissions']): AppRoute[] => [{ ...routeAt(paths.profile), permissions }];

describe('roles and permissions (behaviour §6)', () => {
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

  it('keeps sellers out of client routes, and out of unknown paths in client areas', () => {
    for (const path of [paths.offers, paths.offersPromo, paths.cart, paths.ordersCompleted, paths.billing]) {
      expect(redirectFor(path, seller)).toBe(paths.manageOffers);
    }
    expect(redirectFor('/orders/nonsense', seller)).toBe(paths.manageOffers);
  });

  it('sends non-sellers away from every seller path, superusers included', () => {
    for (const path of [...signedInRoutes.map((r) => r.path).filter((p) => p.startsWith(paths.seller)), '/seller/x']) {
      expect(redirectFor(path, client)).toBe(paths.root);
      expect(redirectFor(path, profile([], true))).toBe(paths.root);
    }
  });

  it('lets each role reach its own routes and both reach My Account and Log Out', () => {
    expect(redirectFor(paths.reviewOrdersInProgress, seller)).toBeNull();
    expect(redirectFor(paths.ordersInProgress, client)).toBeNull();
    for (const path of [paths.profile, paths.signOut]) {
      expect(redirectFor(path, seller)).toBeNull();
      expect(redirectFor(path, client)).toBeNull();
    }
  });

  it('sends the start and auth paths home, and /editor/* to Manage Offers', () => {
    for (const path of [paths.root, paths.signIn, paths.signUp, paths.verifyEmail]) {
      expect(redirectFor(path, seller)).toBe(paths.manageOffers);
      expect(redirectFor(path, client)).toBe(paths.offers);
    }
    expect(redirectFor('/editor/anything', seller)).toBe(paths.manageOffers);
    expect(redirectFor(paths.editor, client)).toBe(paths.manageOffers);
  });

  it('sends a user without a required permission to /', () => {
    expect(redirectFor(paths.profile, profile(['add_offer']), needing(['delete_offer']))).toBe(paths.root);
    expect(redirectFor(paths.profile, profile(['add_offer']), needing(['delete_offer', 'add_offer']))).toBeNull();
    expect(redirectFor(paths.profile, profile([], true), needing(['delete_offer']))).toBeNull();
  });
});

describe('signedInRoutes', () => {
  it('makes a route of every path of the page table, with its title, the paths of a page sharing its lazy page', () => {
    expect(signedInRoutes.map((route) => route.path)).toEqual(
      signedInPages.flatMap((page) => Object.keys(page.titles)),
    );
    expect(routeAt(paths.offersPromo).title).toBe('Promo Offers');
    expect(routeAt(paths.offersPromo).page).toBe(routeAt(paths.offers).page);
    expect(routeAt(paths.cart).page).not.toBe(routeAt(paths.offers).page);
  });
});

it('titles the browser tab with the role variant of the product', () => {
  expect(documentTitle('Manage Offers', 'seller')).toBe('Manage Offers · Game Offers Seller Hub');
  expect(documentTitle('Offers', 'client')).toBe('Offers · Game Offers Marketplace');
  expect(documentTitle('Sign in')).toBe('Sign in · Game Offers Marketplace');
});
