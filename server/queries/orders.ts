/**
 * Orders as the contract shows them, and the SQL pieces the order, cart and invoice routes share.
 * A page of orders costs three queries (heads, lines, history) whatever its size.
 */
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Database } from '../db/client';
import {
  type NegotiationState,
  type OrderEventType,
  orderEvents,
  orderLines,
  orders,
  regions,
  sellers,
  users,
} from '../db/schema';
import { toMoney } from '../http/money';

export type OrderBody = components['schemas']['Order'];
type OrderLineBody = components['schemas']['OrderLine'];

/** Prices and quantities must fit the integer columns and the sums built from them. */
export const MAX_UNIT_PRICE_CENTS = 100_000_000;
export const MAX_QUANTITY = 100_000;

/** "First Last", or the email address for someone who gave no name. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/** An offer can be ordered while it is published and has not ended (SPEC: CartItem.available). */
export function isOrderable(offer: { isPublished: boolean; endAt: Date }, now: Date): boolean {
  return offer.isPublished && offer.endAt.getTime() > now.getTime();
}

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Start of a `YYYY-MM-DD` day in UTC, `days` later. */
export function dayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/** `%term%` for a case-insensitive LIKE on `lower(...)`; wildcards in the term match literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Ids of the storefronts a user owns, as a subquery. */
export const storefrontsOf = (userId: number): SQL => sql`(select ${sellers.id} from ${sellers} where ${sellers.ownerId} = ${userId})`;

/** Region names for a region id: order lines keep the name, not the id. */
export const regionNamesOf = (regionId: number): SQL => sql`(select ${regions.name} from ${regions} where ${regions.id} = ${regionId})`;

/** An order's total in cents, computed from its lines; bigint so large orders cannot overflow. */
export const orderTotalCents: SQL = sql`(select coalesce(sum(${orderLines.quantity}::bigint * ${orderLines.unitPriceCents}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`;

/** Orders with at least one line in the region. */
export const orderHasRegion = (regionId: number): SQL =>
  sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.region} in ${regionNamesOf(regionId)})`;

/** Search over any line's product, the storefront name and the client's name, email and company. */
export function orderMatches(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and lower(${orderLines.product}) like ${pattern})
    or exists (select 1 from ${sellers} where ${sellers.id} = ${orders.sellerId} and lower(${sellers.name}) like ${pattern})
    or exists (select 1 from ${users} where ${users.id} = ${orders.clientId} and (
      lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}
      or lower(${users.email}) like ${pattern} or lower(${users.company}) like ${pattern})))`;
}

/** Loads orders by id and serializes them, in the order of `ids`; unknown ids are skipped. */
export async function loadOrders(db: Database, ids: number[]): Promise<OrderBody[]> {
  if (ids.length === 0) return [];
  const [heads, lines, events] = await Promise.all([
    db
      .select({
        order: orders,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
        clientEmail: users.email,
        clientCompany: users.company,
        storefront: sellers.name,
      })
      .from(orders)
      .innerJoin(users, sql`${users.id} = ${orders.clientId}`)
      .innerJoin(sellers, sql`${sellers.id} = ${orders.sellerId}`)
      .where(inArray(orders.id, ids)),
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.id)),
    db
      .select({
        orderId: orderEvents.orderId,
        type: orderEvents.type,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(orderEvents)
      .innerJoin(users, sql`${users.id} = ${orderEvents.actorId}`)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.orderId), asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);

  const linesOf = groupBy(lines, (line) => line.orderId);
  const eventsOf = groupBy(events, (event) => event.orderId);
  const byId = new Map(
    heads.map(({ order, ...party }) => {
      const orderLinesBody: OrderLineBody[] = (linesOf.get(order.id) ?? []).map((line) => ({
        id: line.id,
        offer_id: line.offerId,
        product: line.product,
        publisher: line.publisher,
        region: line.region,
        quantity: line.quantity,
        unit_price: toMoney(line.unitPriceCents),
        list_unit_price: toMoney(line.listUnitPriceCents),
        counter_quantity: line.counterQuantity,
        counter_unit_price: line.counterUnitPriceCents === null ? null : toMoney(line.counterUnitPriceCents),
        total: toMoney(line.quantity * line.unitPriceCents),
      }));
      const totalCents = (linesOf.get(order.id) ?? []).reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
      const body: OrderBody = {
        id: order.id,
        status: order.status,
        negotiation: order.negotiation,
        client: {
          id: order.clientId,
          name: personName({ firstName: party.clientFirstName, lastName: party.clientLastName, email: party.clientEmail }),
          company: party.clientCompany,
        },
        seller: { id: order.sellerId, name: party.storefront },
        lines: orderLinesBody,
        total: toMoney(totalCents),
        item_count: orderLinesBody.reduce((sum, line) => sum + line.quantity, 0),
        client_note: order.clientNote,
        counter_note: order.counterNote,
        created_at: order.createdAt.toISOString(),
        updated_at: order.updatedAt.toISOString(),
        completed_at: order.completedAt?.toISOString() ?? null,
        cancelled_at: order.cancelledAt?.toISOString() ?? null,
        invoice_id: order.invoiceId,
        history: (eventsOf.get(order.id) ?? []).map((event) => ({
          type: event.type,
          by: personName(event),
          note: event.note,
          at: event.createdAt.toISOString(),
        })),
      };
      return [order.id, body] as const;
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadOrder(db: Database, id: number): Promise<OrderBody> {
  const [order] = await loadOrders(db, [id]);
  if (!order) throw new Error(`Order ${id} vanished`);
  return order;
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export interface NewOrderLine {
  offerId: number;
  product: string;
  publisher: string;
  region: string;
  quantity: number;
  unitPriceCents: number;
  listUnitPriceCents: number;
}

export interface NewOrder {
  clientId: number;
  sellerId: number;
  negotiation: NegotiationState;
  clientNote: string;
  lines: NewOrderLine[];
  /** Recorded in this order, all by the client, at `now`. */
  events: { type: OrderEventType; note: string }[];
  now: Date;
}

/** Inserts an order in progress with its lines and first events; returns its id. Call inside a transaction. */
export async function insertOrder(tx: Database, order: NewOrder): Promise<number> {
  const [row] = await tx
    .insert(orders)
    .values({
      clientId: order.clientId,
      sellerId: order.sellerId,
      status: 'in_progress',
      negotiation: order.negotiation,
      clientNote: order.clientNote,
      createdAt: order.now,
      updatedAt: order.now,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('The order insert returned nothing');
  await tx.insert(orderLines).values(order.lines.map((line) => ({ ...line, orderId: row.id })));
  await tx.insert(orderEvents).values(
    order.events.map((event) => ({
      orderId: row.id,
      actorId: order.clientId,
      type: event.type,
      note: event.note,
      createdAt: order.now,
    })),
  );
  return row.id;
}
