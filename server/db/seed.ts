/**
 * Demo data for a fresh database: the four accounts of DESIGN.md, storefronts, publishers, regions,
 * `offers` offers, orders in every status and negotiation state, invoices (paid, unpaid, overdue)
 * and a cart. The same `now` and offer count give the same data (password salts aside).
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/passwords';
import { isoDate } from '../lib/days';
import { isOrderable } from '../lib/orderable';
import type { Database } from './client';
import {
  cartItems,
  invoices,
  type NegotiationState,
  type OfferType,
  type OrderEventType,
  type OrderStatus,
  offers,
  orderEvents,
  orderLines,
  orders,
  publishers,
  regions,
  sellers,
  users,
} from './schema';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export interface SeedOptions {
  offers: number;
  now?: Date;
}

export type SeedResult =
  | { seeded: false }
  | { seeded: true; users: number; offers: number; orders: number; invoices: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BATCH = 1000;

/** mulberry32: small, fast and good enough for demo data; Math.random would make runs differ. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
  };
}
type Random = ReturnType<typeof prng>;

/** Offer times sit on five-minute steps, like the time picker. */
const onStep = (ms: number) => new Date(Math.floor(ms / (5 * MINUTE)) * 5 * MINUTE);

const SELLER_PERMISSIONS = ['add_offer', 'change_offer', 'delete_offer'] as const;
const DEMO_USERS = [
  {
    email: 'client@example.com',
    firstName: 'Ada',
    lastName: 'Client',
    company: 'Pixel Retail GmbH',
    phone: '+493012345678',
    isSeller: false,
  },
  {
    email: 'client2@example.com',
    firstName: 'Ben',
    lastName: 'Buyer',
    company: 'Gamepoint Trading Ltd',
    phone: '+442071234567',
    isSeller: false,
  },
  {
    email: 'seller@example.com',
    firstName: 'Sven',
    lastName: 'Seller',
    company: 'Nordic Keys AB',
    phone: '',
    isSeller: true,
  },
  {
    email: 'seller2@example.com',
    firstName: 'Sara',
    lastName: 'Supplier',
    company: 'Arcade Supply Ltd',
    phone: '',
    isSeller: true,
  },
] as const;

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

const CLIENT_NOTES = [
  'We plan to order these every month. Could you do a better price at this volume?',
  'A competitor lists this lower; can you match it for a bulk order?',
  'Launch campaign in our stores next week. Is a special price possible?',
] as const;
const COUNTER_NOTES = [
  'Best we can do at this volume; a larger quantity gets a lower price.',
  'Price adjusted to our partner tier.',
  'We can meet you halfway on price.',
] as const;
const DECLINE_NOTES = ['Too far from our budget, we keep the list price.', 'The quantity is too high for us.'] as const;
const CANCEL_NOTES = ['Stock no longer needed.', 'Ordered by mistake.', 'Offer expired before approval.'] as const;

/** makeOffer always decides whether an offer is published. */
type OfferRow = typeof offers.$inferInsert & { isPublished: boolean };

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

interface SeedIds {
  publishers: number[];
  regions: number[];
  storefronts: number[];
}

type InvoiceKind = 'paid' | 'unpaid' | 'overdue';

interface Scenario {
  status: OrderStatus;
  negotiation: NegotiationState;
  /** Days before `now` the order was placed (before per-pair jitter). */
  age: number;
  /** For completed orders: which invoice, per pair index, or none. */
  invoice?: readonly InvoiceKind[];
}

const SCENARIOS: readonly Scenario[] = [
  { status: 'in_progress', negotiation: 'none', age: 1 },
  { status: 'in_progress', negotiation: 'special_price_requested', age: 2 },
  { status: 'in_progress', negotiation: 'counter_proposed', age: 4 },
  { status: 'in_progress', negotiation: 'counter_accepted', age: 6 },
  { status: 'in_progress', negotiation: 'counter_declined', age: 8 },
  { status: 'completed', negotiation: 'none', age: 0, invoice: ['paid', 'unpaid', 'overdue'] },
  { status: 'completed', negotiation: 'counter_accepted', age: 0, invoice: ['overdue', 'paid', 'unpaid'] },
  { status: 'completed', negotiation: 'none', age: 18 },
  { status: 'cancelled', negotiation: 'none', age: 25 },
  { status: 'cancelled', negotiation: 'counter_declined', age: 35 },
];

/** When an invoiced order was placed, so that its invoice lands paid, unpaid or overdue. */
const INVOICED_AGE: Record<InvoiceKind, number> = { paid: 80, overdue: 60, unpaid: 12 };

interface LinePlan {
  offer: OfferRow & { id: number };
  quantity: number;
  unitPriceCents: number;
  counterQuantity: number | null;
  counterUnitPriceCents: number | null;
}

interface OrderPlan {
  clientId: number;
  sellerId: number;
  ownerId: number;
  status: OrderStatus;
  negotiation: NegotiationState;
  clientNote: string;
  counterNote: string;
  createdAt: number;
  completedAt: number | null;
  cancelledAt: number | null;
  lines: LinePlan[];
  events: { type: OrderEventType; actorId: number; note: string; at: number }[];
  invoice: InvoiceKind | null;
}

function planOrder(
  random: Random,
  scenario: Scenario,
  pair: number,
  party: { clientId: number; sellerId: number; ownerId: number },
  candidates: (OfferRow & { id: number })[],
  now: number,
): OrderPlan {
  const invoice = scenario.invoice?.[pair % scenario.invoice.length] ?? null;
  const ageDays = invoice ? INVOICED_AGE[invoice] : scenario.age;
  const createdAt = now - ageDays * DAY - pair * 7 * HOUR - random.int(0, 5) * HOUR;
  const bySpecialPrice =
    scenario.negotiation === 'special_price_requested' || (scenario.negotiation !== 'none' && pair % 2 === 0);
  const lineCount = bySpecialPrice ? 1 : Math.min(candidates.length, random.int(1, 4));
  const start = random.int(0, candidates.length - 1);
  const countered = ['counter_proposed', 'counter_accepted', 'counter_declined'].includes(scenario.negotiation);

  const lines: LinePlan[] = [];
  for (let i = 0; i < lineCount; i++) {
    const offer = candidates[(start + i) % candidates.length] as OfferRow & { id: number };
    const quantity = bySpecialPrice
      ? random.pick([50, 100, 200] as const)
      : random.pick([1, 2, 5, 10, 20, 25] as const);
    const counterQuantity = countered ? (random.chance(0.5) ? quantity : quantity + 10) : null;
    const counterUnitPriceCents = countered
      ? Math.max(100, Math.round((offer.unitPriceCents * random.int(80, 93)) / 100))
      : null;
    const accepted = scenario.negotiation === 'counter_accepted';
    lines.push({
      offer,
      quantity: accepted && counterQuantity !== null ? counterQuantity : quantity,
      unitPriceCents: accepted && counterUnitPriceCents !== null ? counterUnitPriceCents : offer.unitPriceCents,
      counterQuantity,
      counterUnitPriceCents,
    });
  }

  const client = party.clientId;
  const owner = party.ownerId;
  const clientNote = bySpecialPrice ? random.pick(CLIENT_NOTES) : '';
  const counterNote = countered ? random.pick(COUNTER_NOTES) : '';
  const events: OrderPlan['events'] = [];
  let at = createdAt;
  const step = (type: OrderEventType, actorId: number, note = '') => {
    events.push({ type, actorId, note, at });
    at += random.int(2, 20) * HOUR;
  };
  if (bySpecialPrice) step('special_price_requested', client, clientNote);
  else step('placed', client);
  if (countered) {
    step('counter_proposed', owner, counterNote);
    if (scenario.negotiation === 'counter_accepted') step('counter_accepted', client);
    if (scenario.negotiation === 'counter_declined') step('counter_declined', client, random.pick(DECLINE_NOTES));
  }
  let completedAt: number | null = null;
  let cancelledAt: number | null = null;
  if (scenario.status === 'completed') {
    completedAt = at;
    step('approved', owner);
  } else if (scenario.status === 'cancelled') {
    cancelledAt = at;
    step('cancelled', pair % 2 === 0 ? client : owner, random.pick(CANCEL_NOTES));
  }
  return {
    ...party,
    status: scenario.status,
    negotiation: scenario.negotiation,
    clientNote,
    counterNote,
    createdAt,
    completedAt,
    cancelledAt,
    lines,
    events,
    invoice,
  };
}

async function insertBatched<T extends PgTable>(tx: Database, table: T, rows: T['$inferInsert'][]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .returning({ id: sql<number>`id` });
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/**
 * Seeds only when there are no users yet, all in one transaction. Afterwards the tables are
 * vacuumed and analysed: PGlite has no autovacuum, and the offer list's plans (index-only counts,
 * index choice for search) depend on fresh statistics and visibility map.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = (options.now ?? new Date()).getTime();
  const random = prng(20_260_101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const result = await db.transaction(async (tx): Promise<SeedResult> => {
    await tx.execute(sql`LOCK TABLE users IN EXCLUSIVE MODE`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { seeded: false };

    const people = await tx
      .insert(users)
      .values(
        DEMO_USERS.map(({ isSeller, ...user }, i) => ({
          ...user,
          permissions: isSeller ? [...SELLER_PERMISSIONS] : [],
          passwordHash,
          isVerified: true,
          dateJoined: new Date(now - (400 - i * 30) * DAY),
        })),
      )
      .returning({ id: users.id });
    const [client, client2, seller, seller2] = people.map((row) => row.id) as [number, number, number, number];

    const publisherIds = (
      await tx
        .insert(publishers)
        .values(PUBLISHERS.map((name) => ({ name })))
        .returning()
    ).map((row) => row.id);
    const regionRows = await tx
      .insert(regions)
      .values([...REGIONS])
      .returning();
    const storefrontRows = await tx
      .insert(sellers)
      .values([
        { name: 'Nordic Keys', ownerId: seller },
        { name: 'Pixel Wholesale', ownerId: seller },
        { name: 'Arcade Supply', ownerId: seller2 },
      ])
      .returning();
    const ids: SeedIds = {
      publishers: publisherIds,
      regions: regionRows.map((row) => row.id),
      storefronts: storefrontRows.map((row) => row.id),
    };

    const offerRows = Array.from({ length: options.offers }, (_, i) => makeOffer(random, i, now, ids));
    const offerIds = await insertBatched(tx, offers, offerRows);
    const savedOffers = offerRows.map((row, i) => ({ ...row, id: offerIds[i] as number }));

    // Orders and the cart use orderable offers that have also started: the orders were placed in the past.
    const runningNow = (o: OfferRow) => isOrderable(o, new Date(now)) && o.startAt.getTime() <= now;
    const plans: OrderPlan[] = [];
    for (const [c, clientId] of [client, client2].entries()) {
      for (const [s, storefront] of storefrontRows.entries()) {
        const own = savedOffers.filter((o) => o.sellerId === storefront.id);
        const candidates = own.filter(runningNow).slice(0, 40);
        if (candidates.length === 0) continue;
        const pair = c * storefrontRows.length + s;
        for (const scenario of SCENARIOS) {
          plans.push(
            planOrder(
              random,
              scenario,
              pair,
              { clientId, sellerId: storefront.id, ownerId: storefront.ownerId },
              candidates,
              now,
            ),
          );
        }
      }
    }
    plans.sort((a, b) => a.createdAt - b.createdAt);

    const invoiceIdOf = await insertInvoices(tx, plans, random, now);
    const orderIds = await insertBatched(
      tx,
      orders,
      plans.map((plan) => ({
        clientId: plan.clientId,
        sellerId: plan.sellerId,
        status: plan.status,
        negotiation: plan.negotiation,
        clientNote: plan.clientNote,
        counterNote: plan.counterNote,
        createdAt: new Date(plan.createdAt),
        updatedAt: new Date(plan.events.at(-1)?.at ?? plan.createdAt),
        completedAt: plan.completedAt === null ? null : new Date(plan.completedAt),
        cancelledAt: plan.cancelledAt === null ? null : new Date(plan.cancelledAt),
        invoiceId: invoiceIdOf.get(plan) ?? null,
      })),
    );
    const regionName = new Map(regionRows.map((row) => [row.id, row.name]));
    await insertBatched(
      tx,
      orderLines,
      plans.flatMap((plan, i) =>
        plan.lines.map((line) => ({
          orderId: orderIds[i] as number,
          offerId: line.offer.id,
          product: line.offer.product,
          publisher: PUBLISHERS[publisherIds.indexOf(line.offer.publisherId)] ?? '',
          region: regionName.get(line.offer.regionId) ?? '',
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          listUnitPriceCents: line.offer.unitPriceCents,
          counterQuantity: line.counterQuantity,
          counterUnitPriceCents: line.counterUnitPriceCents,
        })),
      ),
    );
    await insertBatched(
      tx,
      orderEvents,
      plans.flatMap((plan, i) => [
        ...plan.events.map((event) => ({
          orderId: orderIds[i] as number,
          actorId: event.actorId,
          type: event.type,
          note: event.note,
          createdAt: new Date(event.at),
        })),
        ...(invoiceIdOf.has(plan)
          ? [
              {
                orderId: orderIds[i] as number,
                actorId: plan.ownerId,
                type: 'invoiced' as const,
                note: '',
                createdAt: new Date(invoiceIssuedAt(plan)),
              },
            ]
          : []),
      ]),
    );

    const cartOffers = savedOffers.filter(runningNow);
    const firstStore = cartOffers.find((o) => o.sellerId === ids.storefronts[0]);
    const otherStore = cartOffers.find((o) => o.sellerId !== ids.storefronts[0]);
    const cart = [firstStore, otherStore].filter((o) => o !== undefined);
    if (cart.length > 0) {
      await tx.insert(cartItems).values(
        cart.map((offer, i) => ({
          userId: client,
          offerId: offer.id,
          quantity: i === 0 ? 3 : 10,
          createdAt: new Date(now - (2 - i) * HOUR),
        })),
      );
    }
    return {
      seeded: true,
      users: people.length,
      offers: offerRows.length,
      orders: plans.length,
      invoices: invoiceIdOf.size,
    };
  });

  // Only our tables: on a shared PostgreSQL the catalogs belong to someone else.
  if (result.seeded) {
    await db.execute(
      sql`VACUUM ANALYZE users, publishers, regions, sellers, offers, cart_items, invoices, orders, order_lines, order_events`,
    );
  }
  return result;
}

function invoiceIssuedAt(plan: OrderPlan): number {
  return (plan.completedAt ?? plan.createdAt) + DAY;
}

/** One invoice per invoiced order, numbered per year in issue order. Returns the invoice id per plan. */
async function insertInvoices(
  tx: Database,
  plans: OrderPlan[],
  random: Random,
  now: number,
): Promise<Map<OrderPlan, number>> {
  const invoiced = plans
    .filter((plan) => plan.invoice !== null)
    .sort((a, b) => invoiceIssuedAt(a) - invoiceIssuedAt(b));
  const perYear = new Map<number, number>();
  const rows = invoiced.map((plan) => {
    const issued = invoiceIssuedAt(plan);
    const year = new Date(issued).getUTCFullYear();
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    const due = issued + 30 * DAY;
    const paid = plan.invoice === 'paid' ? Math.min(now - DAY, issued + random.int(5, 25) * DAY) : null;
    return {
      number: `INV-${year}-${String(sequence).padStart(4, '0')}`,
      sellerId: plan.sellerId,
      clientId: plan.clientId,
      status: 'issued' as const,
      issuedAt: new Date(issued),
      dueDate: isoDate(new Date(due)),
      paymentDate: paid === null ? null : isoDate(new Date(paid)),
      totalCents: plan.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      createdAt: new Date(issued),
    };
  });
  const ids = await insertBatched(tx, invoices, rows);
  return new Map(invoiced.map((plan, i) => [plan, ids[i] as number]));
}
