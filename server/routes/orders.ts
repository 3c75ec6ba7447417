/**
 * Orders for clients (`/orders/`) and sellers (`/review-orders/`), one order for either of them
 * (`readOrder`), the special-price request and the negotiation moves. Which move is allowed from
 * which state is the table at the top of `openapi/schema.yaml`; anything else answers 409.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { centsOf, MAX_UNIT_PRICE_CENTS, moneyOf } from '../../openapi/rules/money';
import type { AppContext, AppEnv, AuthUser, ServerContext } from '../context';
import type { Database } from '../db/client';
import { statementChunks } from '../db/paced';
import { type NegotiationState, type OrderEventType, orderEvents, orderLines, orders, sellers } from '../db/schema';
import { requireSeller } from '../http/auth';
import { readJson } from '../http/body';
import type { QueryOf } from '../http/contract';
import { badRequest, conflict, type FieldErrors, forbidden, invalid, notFound } from '../http/errors';
import { listPage } from '../http/pagination';
import { dayStart } from '../lib/days';
import { offersToOrder } from '../queries/orderable-offers';
import {
  insertOrder,
  loadOrder,
  loadOrders,
  orderHasRegion,
  orderMatches,
  orderTotalCents,
  storefrontsOf,
} from '../queries/orders';

const ORDER_ID = ':orderId{[1-9][0-9]{0,8}}';

type OrderListQuery = QueryOf<'listOrders'> & { invoiced?: boolean };

const ORDERINGS: Record<NonNullable<OrderListQuery['ordering']>, SQL[]> = {
  created_at: [asc(orders.createdAt), asc(orders.id)],
  '-created_at': [desc(orders.createdAt), desc(orders.id)],
  updated_at: [asc(orders.updatedAt), asc(orders.id)],
  '-updated_at': [desc(orders.updatedAt), desc(orders.id)],
  total: [asc(orderTotalCents), asc(orders.id)],
  '-total': [desc(orderTotalCents), desc(orders.id)],
};

/** One page of orders within `scope`, filtered as both order lists allow. */
async function listOrders(ctx: ServerContext, c: AppContext, scope: SQL, query: OrderListQuery) {
  const conditions: SQL[] = [scope];
  if (query.status) conditions.push(eq(orders.status, query.status));
  const term = query.search?.trim();
  if (term) conditions.push(orderMatches(term));
  if (query.startDate) conditions.push(gte(orders.createdAt, dayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(orders.createdAt, dayStart(query.endDate, 1)));
  if (query.seller) conditions.push(eq(orders.sellerId, query.seller));
  if (query.region) conditions.push(orderHasRegion(query.region));
  if (query.counterOffer === 'only') conditions.push(ne(orders.negotiation, 'none'));
  if (query.invoiced === true) conditions.push(isNotNull(orders.invoiceId));
  if (query.invoiced === false) conditions.push(isNull(orders.invoiceId));
  return listPage(ctx.db, c.req.url, query, {
    table: orders,
    id: orders.id,
    conditions,
    orderings: ORDERINGS,
    ordering: query.ordering ?? '-created_at',
    load: (ids) => loadOrders(ctx.db, ids),
  });
}

interface ActionOrder {
  id: number;
  clientId: number;
  status: 'in_progress' | 'completed' | 'cancelled';
  negotiation: NegotiationState;
  isOwner: boolean;
  isClient: boolean;
}

/**
 * The order locked for a move, if the caller may see it at all: its storefront's owner or the
 * client who placed it. Everyone else gets 404, so order ids do not leak.
 */
async function lockOrder(tx: Database, orderId: number, user: AuthUser): Promise<ActionOrder> {
  const [row] = await tx
    .select({
      id: orders.id,
      clientId: orders.clientId,
      status: orders.status,
      negotiation: orders.negotiation,
      ownerId: sellers.ownerId,
    })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!row) throw notFound();
  const order = { ...row, isOwner: row.ownerId === user.id, isClient: row.clientId === user.id };
  if (!order.isOwner && !order.isClient) throw notFound();
  return order;
}

/** Seller moves: the storefront's owner only; the client who placed the order may see it but not do this. */
function asSeller(order: ActionOrder) {
  if (!order.isOwner) throw forbidden('Only the seller of this order can do this.');
}

/** The contract has no 403 for client moves: to anyone but the client the order is not there. */
function asClient(order: ActionOrder) {
  if (!order.isClient) throw notFound();
}

/** Completed and cancelled orders are final. */
function assertInProgress(order: ActionOrder) {
  if (order.status !== 'in_progress') throw conflict(`This order is ${order.status}: it can no longer be changed.`);
}

async function recordEvent(
  tx: Database,
  orderId: number,
  user: AuthUser,
  type: OrderEventType,
  note: string,
  now: Date,
) {
  await tx.insert(orderEvents).values({ orderId, actorId: user.id, type, note, createdAt: now });
}

const orderIdOf = (c: AppContext) => Number(c.req.param('orderId'));

/** An order line holds a counter-offer: a proposed quantity, unit price or both. */
const hasCounter = sql`(${orderLines.counterQuantity} is not null or ${orderLines.counterUnitPriceCents} is not null)`;

/** Drops the counter-offer terms of the order lines `ids`, in chunks (behaviour §8). */
async function clearCounters(tx: Database, ids: number[]) {
  for (const chunk of statementChunks(ids)) {
    await tx
      .update(orderLines)
      .set({ counterQuantity: null, counterUnitPriceCents: null })
      .where(inArray(orderLines.id, chunk));
  }
}

export function orderRoutes(ctx: ServerContext) {
  /**
   * Runs a move in one transaction on the locked order and answers the order as it is afterwards.
   * Each move validates its body only after the access checks, as DRF checks permissions first.
   */
  const move = async (
    c: AppContext,
    act: (tx: Database, order: ActionOrder, user: AuthUser, raw: unknown, now: Date) => Promise<void>,
  ) => {
    const user = c.get('user');
    const raw = await readJson(c);
    const orderId = orderIdOf(c);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, user);
      await act(tx, order, user, raw, now);
    });
    return c.json(await loadOrder(ctx.db, orderId));
  };

  /**
   * A seller-only move checks the role before the order is looked up, so a client gets 403 for
   * any order, its own or not, rather than a 404 that depends on whose order it is.
   */
  const sellerMove: typeof move = async (c, act) => {
    requireSeller(c);
    return move(c, act);
  };

  return new Hono<AppEnv>()
    .get('/orders/', async (c) => {
      const user = c.get('user');
      const query = ctx.contract.query('listOrders', c.req.query());
      return c.json(await listOrders(ctx, c, eq(orders.clientId, user.id), query));
    })
    .get('/review-orders/', async (c) => {
      const user = requireSeller(c);
      const query = ctx.contract.query('listReviewOrders', c.req.query());
      return c.json(await listOrders(ctx, c, sql`${orders.sellerId} in ${storefrontsOf(user.id)}`, query));
    })
    .get(`/orders/${ORDER_ID}/`, async (c) => {
      const user = c.get('user');
      const orderId = orderIdOf(c);
      // The client who placed it or its storefront's owner; anyone else gets 404, so ids do not leak.
      const [visible] = await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            or(eq(orders.clientId, user.id), sql`${orders.sellerId} in ${storefrontsOf(user.id)}`),
          ),
        );
      if (!visible) throw notFound();
      return c.json(await loadOrder(ctx.db, orderId));
    })
    .post('/orders/request-special-price/', async (c) => {
      const user = c.get('user');
      const body = ctx.contract.body('requestSpecialPrice', await readJson(c));
      const now = ctx.now();
      const offer = (await offersToOrder(ctx.db, [body.offer_id], now)).get(body.offer_id);
      if (!offer?.isOrderable) throw invalid('offer_id', 'This offer is not available.');
      if (offer.ownerId === user.id) throw invalid('offer_id', 'You cannot order from your own storefront.');
      const priceCents = centsOf(body.unit_price);
      if (priceCents <= 0) throw invalid('unit_price', 'Ensure this value is greater than 0.00.');
      if (!(priceCents < offer.unitPriceCents)) {
        throw invalid('unit_price', `Ask for less than the offer's price of ${moneyOf(offer.unitPriceCents)}.`);
      }
      const note = body.note ?? '';
      const orderId = await ctx.db.transaction((tx) =>
        insertOrder(tx, {
          clientId: user.id,
          sellerId: offer.sellerId,
          negotiation: 'special_price_requested',
          clientNote: note,
          lines: [
            {
              offerId: offer.offerId,
              product: offer.product,
              publisher: offer.publisher,
              region: offer.region,
              quantity: body.quantity,
              unitPriceCents: priceCents,
              listUnitPriceCents: offer.unitPriceCents,
            },
          ],
          events: [
            { type: 'placed', note: '' },
            { type: 'special_price_requested', note },
          ],
          now,
        }),
      );
      return c.json(await loadOrder(ctx.db, orderId), 201);
    })
    .post(`/orders/${ORDER_ID}/approve/`, (c) =>
      sellerMove(c, async (tx, order, user, _raw, now) => {
        asSeller(order);
        assertInProgress(order);
        if (order.negotiation === 'counter_proposed') {
          throw conflict('Wait for the client to answer the counter-offer before approving.');
        }
        await tx
          .update(orders)
          .set({ status: 'completed', completedAt: now, updatedAt: now })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, user, 'approved', '', now);
      }),
    )
    .post(`/orders/${ORDER_ID}/cancel/`, (c) =>
      move(c, async (tx, order, user, raw, now) => {
        const body = ctx.contract.body('cancelOrder', raw);
        assertInProgress(order);
        await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, user, 'cancelled', body.reason ?? '', now);
      }),
    )
    .post(`/orders/${ORDER_ID}/counter/`, (c) =>
      sellerMove(c, async (tx, order, user, raw, now) => {
        asSeller(order);
        const body = ctx.contract.body('counterOrder', raw);
        assertInProgress(order);
        if (order.negotiation === 'counter_proposed') {
          throw conflict("A counter-offer is already waiting for the client's answer.");
        }
        const lines = await tx
          .select({
            id: orderLines.id,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
            hasCounter: sql<boolean>`${hasCounter}`,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id));
        const current = new Map(lines.map((line) => [line.id, line]));
        const errors: FieldErrors = {};
        const seen = new Set<number>();
        const counters = body.lines.flatMap((proposed, i) => {
          const line = current.get(proposed.line_id);
          if (!line) {
            errors[`lines.${i}.line_id`] = ['This line is not part of the order.'];
            return [];
          }
          if (seen.has(line.id)) {
            errors[`lines.${i}.line_id`] = ['This line is countered more than once.'];
            return [];
          }
          seen.add(line.id);
          if (proposed.unit_price === undefined && proposed.quantity === undefined) {
            errors[`lines.${i}.non_field_errors`] = ['Give a unit price, a quantity or both.'];
            return [];
          }
          const priceCents = proposed.unit_price === undefined ? line.unitPriceCents : centsOf(proposed.unit_price);
          if (priceCents <= 0) {
            errors[`lines.${i}.unit_price`] = ['Ensure this value is greater than 0.00.'];
            return [];
          }
          if (!(priceCents <= MAX_UNIT_PRICE_CENTS)) {
            errors[`lines.${i}.unit_price`] = [`Ensure this value is at most ${moneyOf(MAX_UNIT_PRICE_CENTS)}.`];
            return [];
          }
          return [{ id: line.id, priceCents, quantity: proposed.quantity ?? line.quantity }];
        });
        if (Object.keys(errors).length > 0) throw badRequest(errors);

        // A counter replaces any earlier one: lines not named in it keep their current terms. Only
        // lines that still hold a counter and are not named again need clearing.
        await clearCounters(
          tx,
          lines.filter((line) => line.hasCounter && !seen.has(line.id)).map((line) => line.id),
        );
        // In chunks: one statement per line made a 500-line counter seconds long on the embedded
        // database, one for all of them a long stretch of its event loop (behaviour §8).
        for (const chunk of statementChunks(counters)) {
          const rows = chunk.map(
            (line) => sql`(${line.id}::integer, ${line.quantity}::integer, ${line.priceCents}::integer)`,
          );
          await tx.execute(sql`
            update ${orderLines}
            set ${sql.identifier(orderLines.counterQuantity.name)} = v.quantity,
                ${sql.identifier(orderLines.counterUnitPriceCents.name)} = v.price
            from (values ${sql.join(rows, sql`, `)}) as v(id, quantity, price)
            where ${orderLines.id} = v.id`);
        }
        const note = body.note ?? '';
        await tx
          .update(orders)
          .set({ negotiation: 'counter_proposed', counterNote: note, updatedAt: now })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, user, 'counter_proposed', note, now);
      }),
    )
    .post(`/orders/${ORDER_ID}/counter/response/`, (c) =>
      move(c, async (tx, order, user, raw, now) => {
        asClient(order);
        const body = ctx.contract.body('respondToCounter', raw);
        assertInProgress(order);
        if (order.negotiation !== 'counter_proposed') throw conflict('There is no counter-offer to answer.');
        // Lines without a counter keep their terms either way, so only the countered ones are written.
        const countered = await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), hasCounter));
        const ids = countered.map((line) => line.id);
        if (body.accept) {
          for (const chunk of statementChunks(ids)) {
            await tx
              .update(orderLines)
              .set({
                quantity: sql`coalesce(${orderLines.counterQuantity}, ${orderLines.quantity})`,
                unitPriceCents: sql`coalesce(${orderLines.counterUnitPriceCents}, ${orderLines.unitPriceCents})`,
                counterQuantity: null,
                counterUnitPriceCents: null,
              })
              .where(inArray(orderLines.id, chunk));
          }
        } else {
          await clearCounters(tx, ids);
        }
        const outcome = body.accept ? 'counter_accepted' : 'counter_declined';
        await tx.update(orders).set({ negotiation: outcome, updatedAt: now }).where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, user, outcome, body.note ?? '', now);
      }),
    );
}
