/** The Offers page's calls: the offer list, its export and a special-price request. */

import type { CsvColumn } from '@openapi/rules/csv';
import type { ApiClient } from '@/api/client';
import type { Offer, OfferListQuery, SpecialPriceRequest } from '@/api/models';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { exportCsv } from '@/core/lists/export-csv';
import { list, submission } from '@/core/workflows';
import { plainAmount } from '@/lib/money';

export const OFFERS_LOAD_FALLBACK = 'The offers could not be loaded.';
export const SPECIAL_PRICE_FALLBACK = 'Your request could not be sent.';

/** One page of published offers for the query (filters, type, ordering, limit, offset). */
const readOffers = (api: ApiClient) => (query: OfferListQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/api/v1/offers/', { params: { query }, signal }));

export const offerListLogic = (api: ApiClient) => list(readOffers(api));

/** The file keeps the contract's values (ISO times, amounts in euros) so a spreadsheet can compute with them. */
const offerCsvColumns: CsvColumn<Offer>[] = [
  { header: 'Product', value: (offer) => offer.product },
  { header: 'Publisher', value: (offer) => offer.publisher },
  { header: 'Seller', value: (offer) => offer.seller },
  { header: 'Region', value: (offer) => offer.region },
  { header: 'Type', value: (offer) => offer.type },
  { header: 'Hot', value: (offer) => (offer.is_hot ? 'yes' : 'no') },
  { header: 'Start', value: (offer) => offer.start },
  { header: 'End', value: (offer) => offer.end },
  { header: 'Unit price (EUR)', value: (offer) => plainAmount(offer.unit_price) },
];

/** Export CSV: every offer of the filtered, ordered set of the tab (`query` without limit and offset). */
export const offerExport = (api: ApiClient) => (query: OfferListQuery, signal: AbortSignal) =>
  exportCsv({
    name: `${query.type ?? 'regular'}-offers`,
    columns: offerCsvColumns,
    signal,
    fetchPage: (offset, limit, pageSignal) => readOffers(api)({ ...query, offset, limit }, pageSignal),
  });

/** Creates an order awaiting the seller (the contract's `special_price_requested`). */
export const specialPriceLogic = (api: ApiClient) =>
  submission((body: SpecialPriceRequest, signal) =>
    changing(['orders'], unwrap(api.POST('/api/v1/orders/request-special-price/', { body, signal }))),
  );
