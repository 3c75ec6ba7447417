/**
 * The contract's objects as tests write them: one builder per schema, typed from openapi/schema,
 * each a valid object as the server sends it (amounts as decimal strings). `overrides` change any
 * field, so a test that relies on a value passes it. `aRead…` is the same object as the API client
 * hands it over (amounts in cents).
 */
import type { components } from '@openapi/schema';
import { asRead } from './read';

type Schemas = components['schemas'];
/** An offer as the server sends it (its price as a decimal string). */
export type Offer = Schemas['Offer'];
export type Profile = Schemas['Profile'];
/** An order as the server sends it (amounts as decimal strings). */
export type Order = Schemas['Order'];
export type OrderLine = Schemas['OrderLine'];
/** An invoice as the server sends it (amounts as decimal strings). */
export type Invoice = Schemas['Invoice'];
export type Options = Schemas['Options'];

export function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 11,
    product: 'Starfall Tactics',
    publisher_id: 3,
    publisher: 'Nebula Works',
    seller_id: 5,
    seller: 'Pixel Traders',
    region_id: 2,
    region: 'Europe',
    region_code: 'EU',
    type: 'regular',
    is_hot: false,
    unit_price: '12.50',
    start: '2026-11-01T08:00:00Z',
    end: '2026-12-31T22:00:00Z',
    is_published: true,
    uploaded_at: '2026-10-20T10:00:00Z',
    published_at: '2026-10-21T10:00:00Z',
    image: null,
    version: 1,
    ...overrides,
  };
}

/** `anOffer` as the app holds it once the API client has read it. */
export const aReadOffer = (overrides: Partial<Offer> = {}) => asRead(anOffer(overrides));

/** A client (no permissions); a seller is `aProfile({ permissions: ['add_offer'] })`. */
export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '',
    company: 'Analytical Engines',
    permissions: [],
    is_superuser: false,
    is_verified: true,
    date_joined: '2026-01-15T09:30:00Z',
    ...overrides,
  };
}

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

/** The options of the Offers filters and selects: `anOffer`'s publisher, region and seller among others. */
export const someOptions: Options = {
  publishers: [
    { id: 3, name: 'Nebula Works' },
    { id: 4, name: 'Quartz Games' },
  ],
  regions: [
    { id: 1, code: 'NA', name: 'North America' },
    { id: 2, code: 'EU', name: 'Europe' },
  ],
  sellers: [{ id: 5, name: 'Pixel Traders', is_own: false }],
};
