/**
 * The order submission's effects: the cart calls (behaviour §4 "Submit order flow"), a fresh
 * idempotency key per submission, the Web Lock that lets one tab at a time send, and the stored
 * pending submission that a later visit confirms.
 */
import { orderSubmissionMachine } from '@machines/order-submission/order-submission.machine';
import type { LockRequest, OrderSubmissionEvent } from '@machines/order-submission/order-submission.types';
import { fromCallback, fromPromise } from 'xstate';
import { z } from 'zod/mini';
import type { ApiClient } from '@/api/client';
import { unwrap } from '@/api/unwrap';
import { changing } from '@/core/data-events';
import { MAX_QUANTITY } from '@/core/domain/basket';
import { persisted } from '@/lib/persisted';

const LOCK_NAME = 'marketplace:order-submission';

/** The submission sent but not yet answered for; null when there is none. */
export const pendingSubmission = persisted(
  'order-submission',
  z.nullable(
    z.object({
      // The contract's IdempotencyKey.
      key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/)),
      lines: z
        .array(
          // A basket line's bounds: the lines come from the basket, and their quantities leave it once sent.
          z.object({
            id: z.string().check(z.minLength(1)),
            offer_id: z.int().check(z.positive()),
            name: z.string(),
            quantity: z.int().check(z.gte(1), z.lte(MAX_QUANTITY)),
          }),
        )
        .check(z.minLength(1)),
    }),
  ),
  null,
);

/** 32 hex digits from the platform's random source (`randomUUID` needs a secure context; this does not). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Holds the Web Lock for as long as the machine runs it; a tab asking meanwhile hears `lock.busy`,
 * or waits for it when the machine says so (confirming a stored submission at start).
 * The stored submission is read once the lock is held, so no other tab changes it in between.
 * Without `navigator.locks` (older browsers) the tab goes ahead alone.
 */
const holdSubmissionLock = fromCallback<OrderSubmissionEvent, LockRequest>(({ sendBack, input }) => {
  const acquired = () => sendBack({ type: 'lock.acquired', pending: pendingSubmission.read() });
  if (typeof navigator === 'undefined' || !navigator.locks) {
    acquired();
    return undefined;
  }
  let stopped = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  navigator.locks
    .request(LOCK_NAME, { ifAvailable: !input.wait }, (lock) => {
      // Stopped before the lock came: returning at once releases it.
      if (stopped) return undefined;
      if (!lock) sendBack({ type: 'lock.busy' });
      else acquired();
      return lock ? held : undefined;
    })
    .catch(() => {
      // The lock manager refused (an opaque origin, say): go ahead as without it.
      if (!stopped) acquired();
    });
  return () => {
    stopped = true;
    release();
  };
});

export function orderSubmissionLogic(api: ApiClient) {
  return orderSubmissionMachine.provide({
    actors: {
      holdSubmissionLock,
      createKey: fromPromise(async () => newKey()),
      // Empties the existing server cart: read it, then remove each line.
      clearCart: fromPromise(async ({ signal }) => {
        const cart = await unwrap(api.GET('/api/v1/cart/', { signal }));
        for (const item of cart.items) {
          await unwrap(api.DELETE('/api/v1/cart/remove/{itemId}/', { params: { path: { itemId: item.id } }, signal }));
        }
      }),
      addToCart: fromPromise(async ({ input, signal }) => {
        await unwrap(
          api.POST('/api/v1/cart/add/', { body: { offer_id: input.offer_id, quantity: input.quantity }, signal }),
        );
      }),
      readCart: fromPromise(async ({ signal }) => {
        const cart = await unwrap(api.GET('/api/v1/cart/', { signal }));
        return cart.items.map((item) => item.id);
      }),
      // The orders it made (or, read again, the orders a lost answer made) join the order lists.
      checkoutCart: fromPromise(async ({ input, signal }) => {
        const call = api.POST('/api/v1/cart/checkout/', {
          params: { header: { 'Idempotency-Key': input.key } },
          body: { cart_item_ids: input.cart_item_ids },
          signal,
        });
        const result = await changing(['orders'], unwrap(call));
        return result.orders.map((order) => order.id);
      }),
      readCheckout: fromPromise(async ({ input, signal }) => {
        const call = api.GET('/api/v1/cart/checkout/{key}/', { params: { path: { key: input } }, signal });
        const result = await changing(['orders'], unwrap(call));
        return result.orders.map((order) => order.id);
      }),
    },
    actions: {
      savePending: (_, pending) => pendingSubmission.write(pending),
      forgetSavedPending: () => pendingSubmission.remove(),
    },
  });
}
