/**
 * The API as the browser tests use it beside the UI: to pick offers a journey can order, to count
 * a client's orders before and after, and to act as the seller in a negotiation. Calls go through
 * the shared API session (tests/support/api-session.ts), typed from openapi/schema.
 */
import type { components, paths } from '@openapi/schema';
import { type APIRequestContext, expect } from '@playwright/test';
import { ACCOUNTS, type ApiClient, dataOf, ownStorefronts, signInAs } from '../support/api-session';
import { CLIENT, SELLER, throughRequest } from './support';

export { dataOf };
export type ApiOffer = components['schemas']['Offer'];
export type ApiOrder = components['schemas']['Order'];
export type Api = ApiClient;

type OfferQuery = NonNullable<paths['/api/v1/offers/']['get']['parameters']['query']>;
type OrderStatus = components['schemas']['OrderStatus'];

/** Calls the API as `email` (a fresh access token, so long tests never see it expire). */
export async function apiAs(request: APIRequestContext, email: string): Promise<Api> {
  const { api } = await signInAs(throughRequest(request), email);
  return api;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Regular offers a client can order for days yet, each with a product name no other offer has (so
 * a row, a basket line and an order line are found by that name alone). In the list's default order.
 */
export async function orderableOffers(api: Api, count: number, filter: OfferQuery = {}): Promise<ApiOffer[]> {
  const { results } = await dataOf(
    api.GET('/api/v1/offers/', { params: { query: { type: 'regular', limit: 100, ...filter } } }),
  );
  const soon = Date.now() + DAY_MS;
  const chosen: ApiOffer[] = [];
  for (const offer of results) {
    if (chosen.length === count) break;
    if (Date.parse(offer.end) <= soon) continue;
    const named = await dataOf(api.GET('/api/v1/offers/', { params: { query: { search: offer.product, limit: 1 } } }));
    if (named.count === 1) chosen.push(offer);
  }
  expect(chosen, 'enough orderable offers in the demo data').toHaveLength(count);
  return chosen;
}

/** How many orders the caller has, in one status or in all. */
export async function countOrders(api: Api, status?: OrderStatus): Promise<number> {
  const page = await dataOf(
    api.GET('/api/v1/orders/', { params: { query: { limit: 1, ...(status ? { status } : {}) } } }),
  );
  return page.count;
}

/** The caller's newest orders in progress, newest first. */
export async function ordersInProgress(api: Api): Promise<ApiOrder[]> {
  const page = await dataOf(
    api.GET('/api/v1/orders/', { params: { query: { status: 'in_progress', ordering: '-created_at', limit: 100 } } }),
  );
  return page.results;
}

/** An order as its client or seller reads it now. */
export const orderById = (api: Api, id: number): Promise<ApiOrder> =>
  dataOf(api.GET('/api/v1/orders/{orderId}/', { params: { path: { orderId: id } } }));

/**
 * `count` offers from the Published tab's first page (its default order, newest published first),
 * from `offset` on, each with a product name no other row of that page has. Each spec takes its
 * own offsets, so no journey edits another's offer.
 */
export async function publishedRows(request: APIRequestContext, offset: number, count: number): Promise<ApiOffer[]> {
  const api = await apiAs(request, ACCOUNTS.seller);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', {
      params: { query: { publishType: 'published', ordering: '-publish_date', limit: 10 } },
    }),
  );
  const named = results.filter((offer) => results.filter((each) => each.product === offer.product).length === 1);
  const chosen = named.slice(offset, offset + count);
  expect(chosen, 'published offers with names of their own on the first page').toHaveLength(count);
  return chosen;
}

/** A seller's offer as the server has it now (found by its product name). */
export async function sellersOfferNow(request: APIRequestContext, offer: ApiOffer): Promise<ApiOffer> {
  const api = await apiAs(request, ACCOUNTS.seller);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 100 } } }),
  );
  const found = results.find((each) => each.id === offer.id);
  if (!found) throw new Error(`Offer ${offer.id} is not found by its name`);
  return found;
}

const SELLERS = [ACCOUNTS.seller, ACCOUNTS.seller2];

/** The demo seller who owns the storefront of `offer` (the options mark the caller's own storefronts). */
async function ownerOf(request: APIRequestContext, offer: ApiOffer): Promise<Api> {
  for (const email of SELLERS) {
    const api = await apiAs(request, email);
    if ((await ownStorefronts(api)).some((seller) => seller.id === offer.seller_id)) return api;
  }
  throw new Error(`No demo seller owns ${offer.seller}`);
}

/** The seller of `offer` counters the order's first line with `unitPrice`, as Review Orders would. */
export async function counter(
  request: APIRequestContext,
  offer: ApiOffer,
  order: ApiOrder,
  unitPrice: string,
  note: string,
) {
  const seller = await ownerOf(request, offer);
  const line = order.lines[0];
  if (!line) throw new Error('The order has no line');
  const countered = await dataOf(
    seller.POST('/api/v1/orders/{orderId}/counter/', {
      params: { path: { orderId: order.id } },
      body: { lines: [{ line_id: line.id, unit_price: unitPrice }], note },
    }),
  );
  expect(countered.negotiation).toBe('counter_proposed');
}

/** A new order of `offer` for the client, countered by its seller, ready to be answered. */
export async function counteredOrder(request: APIRequestContext, offer: ApiOffer): Promise<ApiOrder> {
  const client = await apiAs(request, CLIENT);
  const cart = await dataOf(client.GET('/api/v1/cart/'));
  for (const item of cart.items) await request.delete(`/api/v1/cart/remove/${item.id}/`);
  const added = await dataOf(
    client.POST('/api/v1/cart/add/', {
      body: {
        offer_id: offer.id,
        quantity: 5,
      },
    }),
  );
  const ids = added.items.filter((item) => item.offer_id === offer.id).map((item) => item.id);
  const { orders } = await dataOf(client.POST('/api/v1/cart/checkout/', { body: { cart_item_ids: ids } }));
  const [order] = orders;
  if (!order) throw new Error('The checkout placed no order');
  const price = (Math.floor(Number(offer.unit_price) * 90) / 100).toFixed(2);
  await counter(request, offer, order, price, 'Our price for five.');
  return order;
}

/**
 * Two offers on the first page of the seller's Unpublished tab (its default order), each with a
 * product name no other offer of theirs contains, so a row is found by that name alone on either tab.
 */
export async function twoUnpublished(request: APIRequestContext): Promise<[ApiOffer, ApiOffer]> {
  const api = await apiAs(request, SELLER);
  const { results } = await dataOf(
    api.GET('/api/v1/manage-offers/', { params: { query: { publishType: 'unpublished', limit: 10 } } }),
  );
  const chosen: ApiOffer[] = [];
  for (const offer of results) {
    if (chosen.length === 2) break;
    const named = await dataOf(
      api.GET('/api/v1/manage-offers/', { params: { query: { search: offer.product, limit: 1 } } }),
    );
    if (named.count === 1) chosen.push(offer);
  }
  expect(chosen, 'two unpublished offers with names of their own in the demo data').toHaveLength(2);
  return chosen as [ApiOffer, ApiOffer];
}
