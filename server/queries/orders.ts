/**
 * Orders as the contract shows them, and the SQL pieces the order, cart and invoice routes share.
 * A page of orders costs one query whatever its size.
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moneyOf } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import type { Database } from '../db/client';
import { statementChunks } from '../db/paced';
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
import { personName } from '../lib/people';
import { containsPattern } from '../lib/search';

type OrderBody = components['schemas']['Order'];

/** Ids of the storefronts a user owns, as a subquery. */
export const storefrontsOf = (userId: number): SQL =>
  sql`(select ${sellers.id} from ${sellers} where ${sellers.ownerId} = ${userId})`;

/** Region names for a region id: order lines keep the name, not the id. */
export const regionNamesOf = (regionId: number): SQL =>
  sql`(select ${regions.name} from ${regions} where ${regions.id} = ${regionId})`;

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

/** A stored line: what was ordered, plus its id and any counter-offer on it. */
interface LineRow extends Omit<NewOrderLine, 'offerId'> {
  id: number;
  /** Null once the offer is deleted; the line keeps its snapshot. */
  offerId: number | null;
  counterQuantity: number | null;
  counterUnitPriceCents: number | null;
}

interface EventRow {
  type: OrderEventType;
  note: string;
  /** JSON renders timestamps as ISO 8601 with an offset; `Date` normalizes them to `Z`. */
  at: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Users again, named apart from the order's client in the same statement. */
const actors = alias(users, 'actors');

/** An order's lines as a JSON array, in insertion order. */
const linesJson = sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
    'id', ${orderLines.id}, 'offerId', ${orderLines.offerId}, 'product', ${orderLines.product},
    'publisher', ${orderLines.publisher}, 'region', ${orderLines.region}, 'quantity', ${orderLines.quantity},
    'unitPriceCents', ${orderLines.unitPriceCents}, 'listUnitPriceCents', ${orderLines.listUnitPriceCents},
    'counterQuantity', ${orderLines.counterQuantity}, 'counterUnitPriceCents', ${orderLines.counterUnitPriceCents}
  ) order by ${orderLines.id}), '[]') from ${orderLines} where ${orderLines.orderId} = ${orders.id})`;

/** An order's history as a JSON array, oldest first, with who did each step. */
const eventsJson = sql<EventRow[]>`(select coalesce(json_agg(json_build_object(
    'type', ${orderEvents.type}, 'note', ${orderEvents.note}, 'at', ${orderEvents.createdAt},
    'firstName', ${actors.firstName}, 'lastName', ${actors.lastName}, 'email', ${actors.email}
  ) order by ${orderEvents.createdAt}, ${orderEvents.id}), '[]')
  from ${orderEvents} join ${users} as actors on ${actors.id} = ${orderEvents.actorId}
  where ${orderEvents.orderId} = ${orders.id})`;

/**
 * Loads orders by id and serializes them, in the order of `ids`; unknown ids are skipped. One
 * query whatever the page size: lines and history come back as JSON arrays per order.
 */
export async function loadOrders(db: Database, ids: number[]): Promise<OrderBody[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      order: orders,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      clientEmail: users.email,
      clientCompany: users.company,
      storefront: sellers.name,
      lines: linesJson,
      events: eventsJson,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.clientId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(inArray(orders.id, ids));

  const byId = new Map(rows.map((row) => [row.order.id, serializeOrder(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function serializeOrder(row: {
  order: typeof orders.$inferSelect;
  clientFirstName: string;
  clientLastName: string;
  clientEmail: string;
  clientCompany: string;
  storefront: string;
  lines: LineRow[];
  events: EventRow[];
}): OrderBody {
  const { order, lines } = row;
  return {
    id: order.id,
    status: order.status,
    negotiation: order.negotiation,
    client: {
      id: order.clientId,
      name: personName({ firstName: row.clientFirstName, lastName: row.clientLastName, email: row.clientEmail }),
      company: row.clientCompany,
    },
    seller: { id: order.sellerId, name: row.storefront },
    lines: lines.map((line) => ({
      id: line.id,
      offer_id: line.offerId,
      product: line.product,
      publisher: line.publisher,
      region: line.region,
      quantity: line.quantity,
      unit_price: moneyOf(line.unitPriceCents),
      list_unit_price: moneyOf(line.listUnitPriceCents),
      counter_quantity: line.counterQuantity,
      counter_unit_price: line.counterUnitPriceCents === null ? null : moneyOf(line.counterUnitPriceCents),
      total: moneyOf(line.quantity * line.unitPriceCents),
    })),
    total: moneyOf(lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0)),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    client_note: order.clientNote,
    counter_note: order.counterNote,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    invoice_id: order.invoiceId,
    history: row.events.map((event) => ({
      type: event.type,
      by: personName(event),
      note: event.note,
      at: new Date(event.at).toISOString(),
    })),
  };
}

export async function loadOrder(db: Database, id: number): Promise<OrderBody> {
  const [order] = await loadOrders(db, [id]);
  if (!order) throw new Error(`Order ${id} vanished`);
  return order;
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

interface NewOrder {
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
  // In chunks, in order: the lines' ids keep the order of `lines`.
  for (const chunk of statementChunks(order.lines)) {
    await tx.insert(orderLines).values(chunk.map((line) => ({ ...line, orderId: row.id })));
  }
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
