/** The Offers page's calls: the offer list and a special-price request. */
import type { ApiClient } from '@/api/client';
import type { OfferListQuery, SpecialPriceRequest } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { list, submission } from '@/core/workflows';

export const OFFERS_LOAD_FALLBACK = 'The offers could not be loaded.';
export const SPECIAL_PRICE_FALLBACK = 'Your request could not be sent.';

/** One page of published offers for the query (filters, type, ordering, limit, offset). */
export const offerListLogic = (api: ApiClient) =>
  list((query: OfferListQuery, signal) => unwrap(api.GET('/api/v1/offers/', { params: { query }, signal })));

/** Creates an order awaiting the seller (the contract's `special_price_requested`). */
export const specialPriceLogic = (api: ApiClient) =>
  submission((body: SpecialPriceRequest, signal) =>
    unwrap(api.POST('/api/v1/orders/request-special-price/', { body, signal })),
  );
