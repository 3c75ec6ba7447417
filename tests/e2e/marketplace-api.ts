/**
 * The API as the browser tests use it beside the UI: to pick offers a journey can order, to count
 * a client's orders before and after, and to act as the seller in a negotiation.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { SELLER, tokensFor } from './support';

export interface ApiOffer {
  id: number;
  product: string;
  publisher_id: number;
  publisher: string;
  seller_id: number;
  seller: string;
  region: string;
  type: 'regular' | 'promo';
  unit_price: string;
  start: string;
  end: string;
}

export interface ApiOrder {
  id: number;
  status: 'in_progress' | 'completed' | 'cancelled';
  negotiation: string;
  seller: { id: number; name: string };
  lines: { id: number; offer_id: number | null; product: string; quantity: number; unit_price: string }[];
  total: string;
}

interface Page<T> {
  count: number;
  results: T[];
}

type Query = Record<string, string | number>;

/** Calls the API as `email` (a fresh access token, so long tests never see it expire). */
export async function apiAs(request: APIRequestContext, email: string) {
  const { access } = await tokensFor(request, email);
  const headers = { Authorization: `Bearer ${access}` };
  return {
    async get<T>(path: string, params: Query = {}): Promise<T> {
      const response = await request.get(path, { headers, params });
      expect(response.status(), `GET ${path}`).toBe(200);
      return (await response.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Regular offers a client can order for days yet, each with a product name no other offer has (so
 * a row, a basket line and an order line are found by that name alone). In the list's default order.
 */
export async function orderableOffers(api: Api, count: number, filter: Query = {}): Promise<ApiOffer[]> {
  const { results } = await api.get<Page<ApiOffer>>('/api/v1/offers/', { type: 'regular', limit: 100, ...filter });
  const soon = Date.now() + DAY_MS;
  const chosen: ApiOffer[] = [];
  for (const offer of results) {
    if (chosen.length === count) break;
    if (Date.parse(offer.end) <= soon) continue;
    const named = await api.get<Page<ApiOffer>>('/api/v1/offers/', { search: offer.product, limit: 1 });
    if (named.count === 1) chosen.push(offer);
  }
  expect(chosen, 'enough orderable offers in the demo data').toHaveLength(count);
  return chosen;
}

/** How many orders the caller has, in one status or in all. */
export async function countOrders(api: Api, status?: ApiOrder['status']): Promise<number> {
  const page = await api.get<Page<ApiOrder>>('/api/v1/orders/', { limit: 1, ...(status ? { status } : {}) });
  return page.count;
}

/** The caller's newest orders in progress, newest first. */
export async function ordersInProgress(api: Api): Promise<ApiOrder[]> {
  const page = await api.get<Page<ApiOrder>>('/api/v1/orders/', {
    status: 'in_progress',
    ordering: '-created_at',
    limit: 100,
  });
  return page.results;
}

const SELLERS = [SELLER, 'seller2@example.com'];

/** The demo seller who owns the storefront of `offer` (the options mark the caller's own storefronts). */
async function ownerOf(request: APIRequestContext, offer: ApiOffer): Promise<Api> {
  for (const email of SELLERS) {
    const api = await apiAs(request, email);
    const options = await api.get<{ sellers: { id: number; is_own: boolean }[] }>('/api/v1/options/');
    if (options.sellers.some((seller) => seller.id === offer.seller_id && seller.is_own)) return api;
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
  const countered = await seller.post<ApiOrder>(`/api/v1/orders/${order.id}/counter/`, {
    lines: [{ line_id: line.id, unit_price: unitPrice }],
    note,
  });
  expect(countered.negotiation).toBe('counter_proposed');
}
