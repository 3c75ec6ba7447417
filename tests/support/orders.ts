/**
 * Orders as the contract shapes them, for page tests (answers of the fake server), and as the API
 * client hands them over (`aReadOrder`: amounts in cents), for machine tests.
 */
import type { components } from '@openapi/schema';
import { asRead } from './read';

/** An order as the server sends it (amounts as decimal strings). */
export type Order = components['schemas']['Order'];
type OrderLine = components['schemas']['OrderLine'];

export function anOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 101,
    offer_id: 11,
    product: 'Starfall Tactics',
    publisher: 'Nebula Works',
    region: 'Europe',
    quantity: 10,
    unit_price: '12.50',
    list_unit_price: '12.50',
    counter_quantity: null,
    counter_unit_price: null,
    total: '125.00',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    status: 'in_progress',
    negotiation: 'none',
    client: { id: 7, name: 'Ada Lovelace', company: 'Analytical Engines' },
    seller: { id: 3, name: 'Pixel Traders' },
    lines: [anOrderLine()],
    total: '125.00',
    item_count: 10,
    client_note: '',
    counter_note: '',
    created_at: '2026-11-20T09:15:00Z',
    updated_at: '2026-11-20T09:15:00Z',
    completed_at: null,
    cancelled_at: null,
    invoice_id: null,
    history: [{ type: 'placed', by: 'Ada Lovelace', note: '', at: '2026-11-20T09:15:00Z' }],
    ...overrides,
  };
}

/** `anOrder` as the app holds it once the API client has read it. */
export const aReadOrder = (overrides: Partial<Order> = {}) => asRead(anOrder(overrides));
