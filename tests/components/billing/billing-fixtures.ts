import type { components } from '@openapi/schema';
import type { Routes, SeenRequest } from '../../support/render';

/** An invoice as the server sends it (amounts as decimal strings). */
export type Invoice = components['schemas']['Invoice'];

export const INVOICES = 'GET /api/v1/invoices/';

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    number: 'INV-2026-0001',
    status: 'issued',
    payment_status: 'unpaid',
    seller: { id: 3, name: 'Nordic Keys' },
    client: { id: 7, name: 'Ada Lovelace', company: 'Analytical Engines' },
    issued_at: '2026-11-02T09:30:00Z',
    due_date: '2026-12-02',
    payment_date: null,
    total: '1250.00',
    orders: [{ id: 41, created_at: '2026-10-30T08:00:00Z', total: '1250.00', regions: ['EU'] }],
    ...overrides,
  };
}

/** `count` invoices numbered INV-2026-0001 onwards. */
export const someInvoices = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    anInvoice({ id: index + 1, number: `INV-2026-${String(index + 1).padStart(4, '0')}` }),
  );

export const someOptions: components['schemas']['Options'] = {
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
