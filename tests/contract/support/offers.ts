/** Offer helpers shared by the offer files: CSV uploads, tags that isolate a test's offers, ordering checks. */
import { randomUUID } from 'node:crypto';
import type { Demo } from './demo';
import type { Api, Offer, OfferBatchResult, OfferPage, Query } from './server';
import { byMoney, byTime, firstDisorder, must, textSorted } from './util';

export const DAY = 24 * 60 * 60 * 1000;
export const HEADER = 'product,publisher,seller,region,type,hot,unit_price,start,end';
export const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** A word no seeded offer contains; offers named with it are found by `search` and nothing else is. */
export const uniqueTag = () => `Zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

export function csvFile(lines: string[]): FormData {
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'offers.csv');
  return form;
}

/** The client's offer list and a seller's manage list, as `client` and `seller` by default. */
export function offerLists(api: Api, demo: Demo) {
  const offers = (query: Query = {}, token = demo.client) =>
    api.req<OfferPage>(200, 'GET', '/api/v1/offers/', { token, query });
  const manage = (query: Query = {}, token = demo.seller) =>
    api.req<OfferPage>(200, 'GET', '/api/v1/manage-offers/', { token, query });
  return { offers, manage };
}

type Field = keyof Offer;
type Kind = 'time' | 'money' | 'text';

export const ORDERINGS: [string, Field, Kind][] = [
  ['start_date', 'start', 'time'],
  ['end_date', 'end', 'time'],
  ['unit_price', 'unit_price', 'money'],
  ['product', 'product', 'text'],
  ['publish_date', 'published_at', 'time'],
  ['created_at', 'uploaded_at', 'time'],
];

export function expectOrdered(results: Offer[], field: Field, kind: Kind, descending: boolean, label: string) {
  const values = results.map((o) => o[field]).filter((v): v is string => typeof v === 'string');
  expect(values.length, label).toBeGreaterThan(1);
  if (kind === 'text') {
    expect(textSorted(values, descending), `${label}: ${values.slice(0, 12).join(' | ')}`).toBe(true);
    return;
  }
  const at = firstDisorder(values, kind === 'time' ? byTime : byMoney, descending);
  expect(at, `${label}: out of order at ${at}: ${values.slice(Math.max(0, at - 1), at + 1).join(' then ')}`).toBe(-1);
}

/**
 * Uploads two unpublished offers of `seller`'s first storefront, named `<tag> Alpha` (promo, hot,
 * 12.50, region EU) and `<tag> Beta, Deluxe` (regular, 7.05, another region, its name not code).
 */
export async function uploadAlphaBeta(api: Api, demo: Demo, tag: string) {
  const store = must(demo.own[0]);
  const eu = must(demo.options.regions.find((r) => r.code === 'EU') ?? demo.options.regions[0]);
  const second = must(demo.options.regions.find((r) => r.id !== eu.id));
  const publisher = must(demo.options.publishers[0]);
  const start = iso(-2);
  const end = iso(30);
  const result = await api.req<OfferBatchResult>(201, 'POST', '/api/v1/offers/upload/', {
    token: demo.seller,
    form: csvFile([
      HEADER,
      `${tag} Alpha,${publisher.name},${store.name},${eu.code},promo,true,12.50,${start},${end}`,
      `"${tag} Beta, Deluxe",${publisher.name},${store.name},${second.name},regular,false,7.05,${start},${end}`,
    ]),
  });
  const alpha = must(result.offers.find((o) => o.product === `${tag} Alpha`));
  const beta = must(result.offers.find((o) => o.product === `${tag} Beta, Deluxe`));
  return { result, alpha, beta, sent: { store, eu, second, publisher, start, end } };
}
