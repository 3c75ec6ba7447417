/** Orders for each client and storefront, in every status and negotiation state, with their lines and history. */
import type { Database } from '../client';
import {
  type NegotiationState,
  type OrderEventType,
  type OrderStatus,
  orderEvents,
  orderLines,
  orders,
} from '../schema';
import type { Accounts } from './accounts';
import { insertBatched } from './batch';
import { type Catalogue, runningAt, type SavedOffer } from './catalogue';
import type { Random } from './random';
import { DAY, HOUR } from './time';

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
  offer: SavedOffer;
  quantity: number;
  unitPriceCents: number;
  counterQuantity: number | null;
  counterUnitPriceCents: number | null;
}

export interface OrderPlan {
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

/** An order is invoiced a day after it was approved. */
export function invoiceIssuedAt(plan: OrderPlan): number {
  return (plan.completedAt ?? plan.createdAt) + DAY;
}

function planOrder(
  random: Random,
  scenario: Scenario,
  pair: number,
  party: { clientId: number; sellerId: number; ownerId: number },
  candidates: SavedOffer[],
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
    const offer = candidates[(start + i) % candidates.length] as SavedOffer;
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

/** Every scenario for each client and storefront that has running offers, oldest order first. */
export function planOrders(random: Random, accounts: Accounts, catalogue: Catalogue, now: number): OrderPlan[] {
  const { storefronts } = catalogue;
  const plans: OrderPlan[] = [];
  for (const [c, clientId] of [accounts.client, accounts.client2].entries()) {
    for (const [s, storefront] of storefronts.entries()) {
      const own = catalogue.offers.filter((o) => o.sellerId === storefront.id);
      const candidates = own.filter((o) => runningAt(o, now)).slice(0, 40);
      if (candidates.length === 0) continue;
      const pair = c * storefronts.length + s;
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
  return plans.sort((a, b) => a.createdAt - b.createdAt);
}

/** Orders with their lines and history; an invoiced order also gets its `invoiced` event. */
export async function insertOrders(
  tx: Database,
  plans: OrderPlan[],
  invoiceIdOf: Map<OrderPlan, number>,
  catalogue: Catalogue,
): Promise<void> {
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
  await insertBatched(
    tx,
    orderLines,
    plans.flatMap((plan, i) =>
      plan.lines.map((line) => ({
        orderId: orderIds[i] as number,
        offerId: line.offer.id,
        product: line.offer.product,
        publisher: catalogue.publisherName.get(line.offer.publisherId) ?? '',
        region: catalogue.regionName.get(line.offer.regionId) ?? '',
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
}
