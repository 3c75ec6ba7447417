/** Publishers, regions, the three storefronts and the offers. */
import { isOrderable } from '../../queries/orderable-offers';
import type { Database } from '../client';
import { type OfferType, offers, publishers, regions, sellers } from '../schema';
import type { Accounts } from './accounts';
import { insertBatched } from './batch';
import type { Random } from './random';
import { DAY, HOUR, MINUTE } from './time';

const PUBLISHERS = [
  'Ubisoft',
  'Electronic Arts',
  'Square Enix',
  'Bandai Namco',
  'CD Projekt',
  'Sega',
  'Capcom',
  'Paradox Interactive',
] as const;

const REGIONS = [
  { code: 'EU', name: 'Europe' },
  { code: 'NA', name: 'North America' },
  { code: 'UK', name: 'United Kingdom' },
  { code: 'LATAM', name: 'Latin America' },
  { code: 'APAC', name: 'Asia Pacific' },
  { code: 'GLOBAL', name: 'Worldwide' },
] as const;

const words = (text: string) => text.trim().split(/\s+/);
/** Game titles are one word from each list: 256 fictional titles, each with a fixed publisher. */
const TITLE_FIRST = words(`
  Shadow Iron Crimson Neon Stellar Frozen Silent Golden
  Savage Hidden Eternal Broken Wild Last Rogue Arcane`);
const TITLE_SECOND = words(`
  Frontier Legion Drift Kingdom Protocol Horizon Outpost Dynasty
  Circuit Harbor Odyssey Rebellion Citadel Warfare Voyage Vanguard`);
const SEQUELS = ['', '', '', ' II', ' III', ' 2', ' Reborn', ' Origins'] as const;
/** Editions with their plausible price range in euros. */
const EDITIONS = [
  { name: 'Standard Edition', min: 15, max: 60 },
  { name: 'Deluxe Edition', min: 30, max: 75 },
  { name: 'Gold Edition', min: 40, max: 80 },
  { name: 'Ultimate Edition', min: 45, max: 80 },
  { name: 'Complete Edition', min: 25, max: 70 },
  { name: 'Season Pass', min: 10, max: 35 },
  { name: 'Starter Pack', min: 1, max: 15 },
  { name: '1,000 Credits', min: 5, max: 12 },
  { name: '5,000 Credits', min: 20, max: 45 },
] as const;
const PLATFORMS = ['PC (Steam)', 'PC (Epic)', 'Xbox Series X|S', 'PlayStation 5', 'Nintendo Switch'] as const;

/** makeOffer always decides whether an offer is published. */
type OfferRow = typeof offers.$inferInsert & { isPublished: boolean };
export type SavedOffer = OfferRow & { id: number };

interface SeedIds {
  publishers: number[];
  regions: number[];
  storefronts: number[];
}

export interface Catalogue {
  storefronts: { id: number; ownerId: number }[];
  offers: SavedOffer[];
  publisherName: Map<number, string>;
  regionName: Map<number, string>;
}

/** Offer times sit on five-minute steps, like the time picker. */
const onStep = (ms: number) => new Date(Math.floor(ms / (5 * MINUTE)) * 5 * MINUTE);

function priceCents(random: Random, min: number, max: number): number {
  const euros = random.int(min, Math.max(min, max - 1));
  const cents = random.pick([0, 49, 99] as const);
  return Math.min(8000, Math.max(100, euros * 100 + cents));
}

/**
 * One offer. The first offers of each storefront are forced published, current and regular, so
 * even a tiny seed has offers that orders and carts can point at.
 */
function makeOffer(random: Random, index: number, now: number, ids: SeedIds): OfferRow {
  const titleIndex = random.int(0, TITLE_FIRST.length * TITLE_SECOND.length - 1);
  const title = `${TITLE_FIRST[titleIndex % TITLE_FIRST.length]} ${TITLE_SECOND[Math.floor(titleIndex / TITLE_FIRST.length)]}`;
  const edition = random.pick(EDITIONS);
  const product = `${title}${random.pick(SEQUELS)}: ${edition.name} (${random.pick(PLATFORMS)})`;
  const forced = index < ids.storefronts.length * 8;
  const type: OfferType = !forced && random.chance(0.25) ? 'promo' : 'regular';
  let unitPriceCents = priceCents(random, edition.min, edition.max);
  if (type === 'promo') unitPriceCents = Math.max(100, Math.round((unitPriceCents * random.int(50, 80)) / 100));

  const phase = forced ? 0.5 : random.next();
  let start: number;
  let end: number;
  if (phase < 0.12) {
    end = now - random.int(1, 60 * 24) * HOUR;
    start = end - random.int(7, 90) * DAY;
  } else if (phase < 0.85) {
    start = now - random.int(1, 90 * 24) * HOUR;
    end = now + random.int(1, 180 * 24) * HOUR;
  } else {
    start = now + random.int(1, 45 * 24) * HOUR;
    end = start + random.int(7, 120) * DAY;
  }
  const created = Math.min(start, now) - random.int(0, 30 * 24) * HOUR;
  const isPublished = forced || random.chance(0.75);
  const published = isPublished ? created + Math.floor(random.next() * (now - created)) : null;
  return {
    sellerId: ids.storefronts[index % ids.storefronts.length] as number,
    publisherId: ids.publishers[titleIndex % ids.publishers.length] as number,
    regionId: random.pick(ids.regions),
    product,
    type,
    isHot: random.chance(type === 'promo' ? 0.35 : 0.1),
    unitPriceCents,
    startAt: onStep(start),
    endAt: onStep(end),
    isPublished,
    publishedAt: published === null ? null : new Date(published),
    createdAt: new Date(created),
    updatedAt: new Date(published ?? created),
    imageUrl: null,
  };
}

/** Orderable and already started: demo orders were placed in the past, and the cart reuses the rule. */
export const runningAt = (offer: SavedOffer, now: number) =>
  isOrderable(offer, new Date(now)) && offer.startAt.getTime() <= now;

export async function insertCatalogue(
  tx: Database,
  random: Random,
  accounts: Accounts,
  offerCount: number,
  now: number,
): Promise<Catalogue> {
  const publisherRows = await tx
    .insert(publishers)
    .values(PUBLISHERS.map((name) => ({ name })))
    .returning();
  const regionRows = await tx
    .insert(regions)
    .values([...REGIONS])
    .returning();
  const storefrontRows = await tx
    .insert(sellers)
    .values([
      { name: 'Nordic Keys', ownerId: accounts.seller },
      { name: 'Pixel Wholesale', ownerId: accounts.seller },
      { name: 'Arcade Supply', ownerId: accounts.seller2 },
    ])
    .returning();
  const ids: SeedIds = {
    publishers: publisherRows.map((row) => row.id),
    regions: regionRows.map((row) => row.id),
    storefronts: storefrontRows.map((row) => row.id),
  };

  const offerRows = Array.from({ length: offerCount }, (_, i) => makeOffer(random, i, now, ids));
  const offerIds = await insertBatched(tx, offers, offerRows);
  return {
    storefronts: storefrontRows,
    offers: offerRows.map((row, i) => ({ ...row, id: offerIds[i] as number })),
    publisherName: new Map(publisherRows.map((row) => [row.id, row.name])),
    regionName: new Map(regionRows.map((row) => [row.id, row.name])),
  };
}
