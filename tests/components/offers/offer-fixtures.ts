/**
 * Offers and option lists as the contract shapes them, for the Offers page tests: as the server
 * sends them (`anOffer`), and as the API client hands them over (`aReadOffer`: amounts in cents).
 */
import type { components } from '@openapi/schema';
import { asRead } from '../../support/read';

type Offer = components['schemas']['Offer'];

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

export const aReadOffer = (overrides: Partial<Offer> = {}) => asRead(anOffer(overrides));

export const someOptions = {
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
