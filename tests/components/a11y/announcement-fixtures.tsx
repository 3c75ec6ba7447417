/**
 * The screens of the announcement tests, each with two rows that differ in every column (the
 * reader does not repeat a phrase it has just said, so equal neighbours would sound silent), on
 * the fake server the other component tests use.
 */
import { selectProfile } from '@machines/session/session.selectors';
import { screen } from '@testing-library/react';
import type { OfferChange } from '@/api/models';
import { SessionContext } from '@/core/session/session';
import { BillingPage } from '@/features/billing/pages/billing-page';
import { OffersPage } from '@/features/offers/pages/offers-page';
import { OrdersPage } from '@/features/orders/pages/orders-page';
import { ReviewOrdersPage } from '@/features/orders/pages/review-orders-page';
import { ManageOffersPage } from '@/features/seller-offers/pages/manage-offers-page';
import { anInvoice, anOffer, anOrder, aProfile, type Offer, type Options, someOptions } from '../../support/fixtures';
import { type Reply, type Routes, renderPage, type SeenRequest } from '../../support/render';
import { billingRoutes } from '../billing/billing-fixtures';

export const options: Options = {
  ...someOptions,
  sellers: [
    { id: 5, name: 'Pixel Traders', is_own: true },
    { id: 6, name: 'Quartz Market', is_own: true },
  ],
};

export const starfall = anOffer({ id: 11, product: 'Starfall Tactics', version: 3 });
export const moonRun = anOffer({
  id: 12,
  product: 'Moon Run',
  publisher_id: 4,
  publisher: 'Quartz Games',
  seller_id: 6,
  seller: 'Quartz Market',
  region_id: 1,
  region: 'North America',
  unit_price: '20.00',
  start: '2026-11-02T08:00:00Z',
  end: '2026-12-30T22:00:00Z',
  published_at: '2026-10-22T10:00:00Z',
  version: 4,
});

export const seller = aProfile({ id: 7, permissions: ['add_offer'] });
export const OPTIONS = 'GET /api/v1/options/';
const page = <T,>(results: T[], count = results.length) => ({ body: { count, next: null, previous: null, results } });

/** The app shows a signed-in screen once the session has the profile (src/app/signed-in-app.tsx). */
function SignedIn({ children }: { children: React.ReactNode }) {
  return SessionContext.useSelector(selectProfile) ? children : null;
}

/** A row header of the screen, once its list has arrived. */
export const rowHeader = (name: string) => screen.findByRole('rowheader', { name });

export function renderOffers(routes: Routes = {}) {
  return renderPage(<OffersPage />, {
    path: '/offers',
    signedIn: aProfile(),
    routes: { [OPTIONS]: { body: options }, 'GET /api/v1/offers/': page([starfall, moonRun]), ...routes },
  });
}

const UPDATE = 'POST /api/v1/manage-offers/update/';

/**
 * Manage Offers on a server that writes updates, each write one version on; the first saves get
 * `saves` instead, one each; with `held`, each save waits for it.
 */
export function renderManageOffers({
  saves = [],
  routes = {},
  held,
}: {
  saves?: Reply[];
  routes?: Routes;
  held?: Promise<void>;
} = {}) {
  const answers = [...saves];
  let stored: Offer[] = [starfall, moonRun];
  const write = ({ body }: SeenRequest): Reply => {
    const changes = (body as { offers: OfferChange[] }).offers;
    stored = stored.map((offer) => {
      const change = changes.find(({ id }) => id === offer.id);
      if (!change) return offer;
      const { version: _, ...fields } = change;
      return { ...offer, ...fields, version: offer.version + 1 };
    });
    return {
      body: { count: changes.length, offers: stored.filter((offer) => changes.some(({ id }) => id === offer.id)) },
    };
  };
  const rendered = renderPage(
    <SignedIn>
      <ManageOffersPage />
    </SignedIn>,
    {
      path: '/seller/manage-offers',
      signedIn: seller,
      routes: {
        [OPTIONS]: { body: options },
        'GET /api/v1/manage-offers/': () => page(stored),
        [UPDATE]: async (request) => {
          await held;
          return answers.shift() ?? write(request);
        },
        ...routes,
      },
    },
  );
  return rendered;
}

const placed = anOrder({ id: 42, total: '1250.00', item_count: 100 });
const other = anOrder({
  id: 43,
  created_at: '2026-11-18T16:40:00Z',
  seller: { id: 6, name: 'Quartz Market' },
  client: { id: 8, name: 'Ben Client', company: 'Arcade Retail' },
  negotiation: 'counter_proposed',
  item_count: 5,
  total: '80.00',
});

/** My Orders, completed tab: 12 orders, the first page shows two. */
export function renderMyOrders() {
  return renderPage(<OrdersPage />, {
    path: '/orders',
    signedIn: aProfile(),
    routes: { 'GET /api/v1/orders/': page([placed, other], 12), [OPTIONS]: { body: options } },
  });
}

export function renderReviewOrders(routes: Routes = {}) {
  return renderPage(
    <SignedIn>
      <ReviewOrdersPage />
    </SignedIn>,
    {
      path: '/seller/review-orders/inprogress',
      signedIn: seller,
      routes: { 'GET /api/v1/review-orders/': page([placed, other]), [OPTIONS]: { body: options }, ...routes },
    },
  );
}

export function renderBilling() {
  const paid = anInvoice({
    id: 2,
    number: 'INV-2026-0002',
    payment_status: 'paid',
    payment_date: '2026-11-20',
    seller: { id: 5, name: 'Pixel Traders' },
    total: '80.00',
  });
  return renderPage(<BillingPage />, {
    path: '/billing',
    signedIn: aProfile(),
    routes: billingRoutes([anInvoice({ payment_status: 'overdue' }), paid]),
  });
}
