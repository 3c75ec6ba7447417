/**
 * Checkout keys (the contract's `Idempotency-Key` on checkoutCart): the orders the first checkout
 * with a key created, remembered per user.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkoutKeys } from '../db/schema';

/**
 * Claims `key` for the user inside the checkout's transaction: true when this checkout is the
 * first with it. The row waits with no orders until `recordCheckout`; a checkout that fails rolls
 * it back. A second checkout with the same key at the same time waits here on the unique
 * constraint until the first commits (then finds its orders) or rolls back (then claims the key).
 */
export async function claimCheckoutKey(tx: Database, userId: number, key: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(checkoutKeys)
    .values({ userId, key, orderIds: [], createdAt: now })
    .onConflictDoNothing({ target: [checkoutKeys.userId, checkoutKeys.key] })
    .returning({ id: checkoutKeys.id });
  return claimed.length > 0;
}

/** Stores the orders the claiming checkout created under its key. */
export async function recordCheckout(tx: Database, userId: number, key: string, orderIds: number[]) {
  await tx
    .update(checkoutKeys)
    .set({ orderIds })
    .where(and(eq(checkoutKeys.userId, userId), eq(checkoutKeys.key, key)));
}

/** The order ids of the user's checkout with `key`, or null when there was none. */
export async function checkoutOrderIds(db: Database, userId: number, key: string): Promise<number[] | null> {
  const [row] = await db
    .select({ orderIds: checkoutKeys.orderIds })
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.userId, userId), eq(checkoutKeys.key, key)));
  return row ? row.orderIds : null;
}
