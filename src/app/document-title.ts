/** Tab titles, apart from the route table so the signed-out screens do not load the signed-in routes. */
import type { Role } from '@machines/session/session.selectors';

export const PRODUCT_TITLE: Record<Role, string> = {
  client: 'Game Offers Marketplace',
  seller: 'Game Offers Seller Hub',
};

/** The browser tab's title: the page, then the product title of the role's variant. */
export const documentTitle = (title: string, role: Role = 'client') => `${title} · ${PRODUCT_TITLE[role]}`;
