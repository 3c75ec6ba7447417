import type { ComponentType } from 'react';
import { paths } from '@/core/paths';
import {
  AccountIcon,
  BillingIcon,
  InvoiceIcon,
  LogOutIcon,
  ManageIcon,
  OffersIcon,
  OrdersIcon,
  ReviewIcon,
} from '@/ui/icons';

export interface MenuItem {
  href: string;
  label: string;
  icon: ComponentType;
}

/** behaviour §2: the side menu by role (sub-routes are hidden from it), and the bottom menu. */
export const mainMenu: Record<'client' | 'seller', MenuItem[]> = {
  client: [
    { href: paths.offers, label: 'Offers', icon: OffersIcon },
    { href: paths.orders, label: 'My Orders', icon: OrdersIcon },
    { href: paths.billing, label: 'Billing', icon: BillingIcon },
  ],
  seller: [
    { href: paths.manageOffers, label: 'Manage Offers', icon: ManageIcon },
    { href: paths.reviewOrders, label: 'Review Orders', icon: ReviewIcon },
    { href: paths.createInvoice, label: 'Create Invoice', icon: InvoiceIcon },
  ],
};

export const bottomMenu: MenuItem[] = [
  { href: paths.profile, label: 'My Account', icon: AccountIcon },
  { href: paths.signOut, label: 'Log Out', icon: LogOutIcon },
];
