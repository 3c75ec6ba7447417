import type { Order } from '@/api/models';

/** A client or storefront as a line of text: "Ada Client (Pixel Retail GmbH)", or the name alone. */
export const partyName = (party: Order['client']) => (party.company ? `${party.name} (${party.company})` : party.name);
