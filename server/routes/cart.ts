/**
 * The caller's server-side cart and its checkout into orders, one per storefront (the contract's
 * `checkoutCart`; behaviour §4, "Submit order flow"), made safe to retry with an `Idempotency-Key`
 * (`readCheckout` tells its outcome). Lines of others answer 404 so ids do not leak.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { moneyOf } from '../../openapi/rules/money';
import type { components } from '../../openapi/schema';
import { FIELD_LIMITS } from '../../openapi/schema.facts';
import type { AppContext, AppEnv, ServerContext } from '../context';
import type { Database } from '../db/client';
import { inChunks, statementChunks } from '../db/paced';
import { cartItems, users } from '../db/schema';
import { readJson } from '../http/body';
import { badRequest, invalid, notFound } from '../http/errors';
import { checkoutOrderIds, claimCheckoutKey, recordCheckout } from '../queries/checkout-keys';
import { isPrivateDraft, offersToOrder } from '../queries/orderable-offers';
import { insertOrder, loadOrders, type NewOrderLine } from '../queries/orders';

type CartBody = components['schemas']['Cart'];

/** Path ids: digits only, small enough for an integer column; anything else is no route (404). */
const ITEM_ID = ':itemId{[1-9][0-9]{0,8}}';

/** A key as `IdempotencyKey` allows; any other text names no checkout (404). */
const CHECKOUT_KEY = ':key{[A-Za-z0-9_-]{8,100}}';

const UNAVAILABLE = 'This offer is not available.';

/** The contract's largest quantity of a cart line, which two adds of the same offer must not pass together. */
const MAX_QUANTITY = FIELD_LIMITS.CartAddRequest.quantity.maximum;
/** The most lines a cart holds: what one checkout takes (CheckoutRequest), so any cart can be sent. */
export const MAX_CART_POSITIONS = FIELD_LIMITS.CheckoutRequest.cart_item_ids.maxItems;

/** A cart line's own columns. */
const itemColumns = {
  id: cartItems.id,
  offerId: cartItems.offerId,
  quantity: cartItems.quantity,
  createdAt: cartItems.createdAt,
};
type CartItem = { id: number; offerId: number; quantity: number; createdAt: Date };

/** `items` with their offers (offersToOrder), in the same order; lines whose offer is gone are left out. */
async function withOffers(db: Database, items: CartItem[], now: Date) {
  const byOffer = await offersToOrder(
    db,
    items.map((item) => item.offerId),
    now,
  );
  return items.flatMap((item) => {
    const offer = byOffer.get(item.offerId);
    return offer ? [{ ...item, ...offer }] : [];
  });
}

/** The caller's cart lines with their offers, in the order they were added. */
async function cartLines(db: Database, userId: number, now: Date) {
  const items = await db
    .select(itemColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return withOffers(db, items, now);
}

/** Cart lines in the order they were added, as `cartLines` orders them. */
const byAdding = (a: CartItem, b: CartItem) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

/**
 * The caller's cart lines among `ids`, locked so that a second checkout of the same lines waits,
 * then finds them gone; with their offers, in the order they were added. Locked in chunks in id
 * order, so two checkouts naming the same lines take their locks in one order.
 */
async function lockCartLines(tx: Database, userId: number, ids: number[], now: Date) {
  const items = await inChunks(
    [...ids].sort((a, b) => a - b),
    (chunk) =>
      tx
        .select(itemColumns)
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, chunk)))
        .for('update'),
  );
  return withOffers(tx, items.sort(byAdding), now);
}

/**
 * The caller's cart. A line whose offer was withdrawn and changed since shows neither product nor
 * price (null, and no part of the total): they are its seller's draft (isPrivateDraft).
 */
async function readCart(ctx: ServerContext, userId: number): Promise<CartBody> {
  const lines = await cartLines(ctx.db, userId, ctx.now());
  const shown = lines.map((line) => ({ line, isHidden: isPrivateDraft(line, userId) }));
  const items = shown.map(({ line, isHidden }) => ({
    id: line.id,
    offer_id: line.offerId,
    name: isHidden ? null : line.product,
    image: line.imageUrl,
    hot: line.isHot,
    publisher: line.publisher,
    seller: line.storefront,
    region: line.region,
    price: isHidden ? null : moneyOf(line.unitPriceCents),
    quantity: line.quantity,
    total: isHidden ? null : moneyOf(line.quantity * line.unitPriceCents),
    available: line.isOrderable,
  }));
  const priced = shown.filter(({ isHidden }) => !isHidden).map(({ line }) => line);
  return {
    items,
    total_items: lines.reduce((sum, line) => sum + line.quantity, 0),
    total_positions: lines.length,
    total_price: moneyOf(priced.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0)),
  };
}

const itemIdOf = (c: AppContext) => Number(c.req.param('itemId'));

export function cartRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/cart/', async (c) => c.json(await readCart(ctx, c.get('user').id)))
    .post('/cart/add/', async (c) => {
      const user = c.get('user');
      const body = ctx.contract.body('addToCart', await readJson(c));
      const offer = (await offersToOrder(ctx.db, [body.offer_id], ctx.now())).get(body.offer_id);
      if (!offer?.isOrderable) throw invalid('offer_id', UNAVAILABLE);
      const outcome = await ctx.db.transaction(async (tx) => {
        // One add at a time per user, so two at once cannot both take the cart's last place.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [held] = await tx
          .select({
            positions: sql<number>`count(*)::int`,
            has: sql<boolean>`bool_or(${cartItems.offerId} = ${body.offer_id})`,
          })
          .from(cartItems)
          .where(eq(cartItems.userId, user.id));
        if ((held?.positions ?? 0) >= MAX_CART_POSITIONS && !held?.has) return 'full';
        // One statement, so two adds at once cannot push a line past the limit.
        const written = await tx
          .insert(cartItems)
          .values({ userId: user.id, offerId: body.offer_id, quantity: body.quantity, createdAt: ctx.now() })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.offerId],
            set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
            setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_QUANTITY}`,
          })
          .returning({ id: cartItems.id });
        return written.length === 0 ? 'over quantity' : 'added';
      });
      if (outcome === 'full') {
        throw invalid(
          'offer_id',
          `A cart holds at most ${MAX_CART_POSITIONS} offers; check it out or remove one first.`,
        );
      }
      if (outcome === 'over quantity') {
        throw invalid('quantity', `A cart line can hold at most ${MAX_QUANTITY} units; this would go over it.`);
      }
      return c.json(await readCart(ctx, user.id));
    })
    .patch(`/cart/update/${ITEM_ID}/`, async (c) => {
      const user = c.get('user');
      const body = ctx.contract.body('updateCartItem', await readJson(c));
      const updated = await ctx.db
        .update(cartItems)
        .set({ quantity: body.quantity })
        .where(and(eq(cartItems.id, itemIdOf(c)), eq(cartItems.userId, user.id)))
        .returning({ id: cartItems.id });
      if (updated.length === 0) throw notFound();
      return c.json(await readCart(ctx, user.id));
    })
    .delete(`/cart/remove/${ITEM_ID}/`, async (c) => {
      const user = c.get('user');
      const removed = await ctx.db
        .delete(cartItems)
        .where(and(eq(cartItems.id, itemIdOf(c)), eq(cartItems.userId, user.id)))
        .returning({ id: cartItems.id });
      if (removed.length === 0) throw notFound();
      return c.json(await readCart(ctx, user.id));
    })
    .post('/cart/checkout/', async (c) => {
      const user = c.get('user');
      const key = ctx.contract.headers('checkoutCart', c.req.header())['Idempotency-Key'];
      const body = ctx.contract.body('checkoutCart', await readJson(c));
      const ids = [...new Set(body.cart_item_ids)];
      const now = ctx.now();
      const outcome = await ctx.db.transaction(async (tx) => {
        if (key !== undefined && !(await claimCheckoutKey(tx, user.id, key, now))) {
          // A replay: nothing new, the first checkout's orders, and its lines gone from the cart.
          await removeLines(tx, user.id, ids);
          const orderIds = await checkoutOrderIds(tx, user.id, key);
          if (orderIds === null) throw new Error(`Checkout key of user ${user.id} vanished`);
          return { replayed: true, orderIds };
        }
        const orderIds = await placeOrders(tx, user.id, ids, body.note ?? '', now);
        if (key !== undefined) await recordCheckout(tx, user.id, key, orderIds);
        return { replayed: false, orderIds };
      });
      const result = { orders: await loadOrders(ctx.db, outcome.orderIds) };
      if (outcome.replayed) return c.json(result, 200, { 'Idempotent-Replayed': 'true' });
      return c.json(result, 201);
    })
    .get(`/cart/checkout/${CHECKOUT_KEY}/`, async (c) => {
      const orderIds = await checkoutOrderIds(ctx.db, c.get('user').id, c.req.param('key'));
      if (orderIds === null) throw notFound();
      return c.json({ orders: await loadOrders(ctx.db, orderIds) });
    });
}

async function removeLines(tx: Database, userId: number, ids: number[]) {
  for (const chunk of statementChunks(ids)) {
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, chunk)));
  }
}

/** Turns the caller's cart lines `ids` into orders, one per storefront, and removes them; all or nothing. */
async function placeOrders(tx: Database, userId: number, ids: number[], note: string, now: Date): Promise<number[]> {
  const lines = await lockCartLines(tx, userId, ids, now);
  const found = new Set(lines.map((line) => line.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw badRequest({ cart_item_ids: unknown.map((id) => `Unknown cart item: ${id}.`) });
  }
  const problems = lines.flatMap((line) => {
    if (!line.isOrderable) return [`This offer is no longer available: ${line.product}.`];
    if (line.ownerId === userId) return [`You cannot order from your own storefront: ${line.storefront}.`];
    return [];
  });
  if (problems.length > 0) throw badRequest({ cart_item_ids: problems });

  const byStorefront = new Map<number, NewOrderLine[]>();
  for (const line of lines) {
    const group = byStorefront.get(line.sellerId) ?? [];
    group.push({
      offerId: line.offerId,
      product: line.product,
      publisher: line.publisher,
      region: line.region,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      listUnitPriceCents: line.unitPriceCents,
    });
    byStorefront.set(line.sellerId, group);
  }
  const created: number[] = [];
  for (const [sellerId, orderLines] of byStorefront) {
    created.push(
      await insertOrder(tx, {
        clientId: userId,
        sellerId,
        negotiation: 'none',
        clientNote: note,
        lines: orderLines,
        events: [{ type: 'placed', note: '' }],
        now,
      }),
    );
  }
  await removeLines(tx, userId, ids);
  return created;
}
