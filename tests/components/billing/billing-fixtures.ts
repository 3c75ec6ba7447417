import { anInvoice, type Invoice, type Options } from '../../support/fixtures';
import type { Routes, SeenRequest } from '../../support/render';

export const INVOICES = 'GET /api/v1/invoices/';

/** `count` invoices numbered INV-2026-0001 onwards. */
export const someInvoices = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    anInvoice({ id: index + 1, number: `INV-2026-${String(index + 1).padStart(4, '0')}` }),
  );

export const someOptions: Options = {
  publishers: [],
  regions: [
    { id: 2, code: 'EU', name: 'Europe' },
    { id: 4, code: 'NA', name: 'North America' },
  ],
  sellers: [
    { id: 3, name: 'Nordic Keys', is_own: false },
    { id: 5, name: 'Pixel Traders', is_own: false },
  ],
};

/** The options and a list that answers each request with its page of `invoices`. */
export function billingRoutes(invoices: Invoice[]): Routes {
  return {
    'GET /api/v1/options/': { body: someOptions },
    [INVOICES]: ({ query }: SeenRequest) => {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      const results = invoices.slice(offset, offset + limit);
      return { body: { count: invoices.length, next: null, previous: null, results } };
    },
  };
}
