import { LOCK_BUSY } from '@machines/order-submission/order-submission.logic';
import { orderSubmissionMachine } from '@machines/order-submission/order-submission.machine';
import {
  selectCanSubmit,
  selectIsSubmitting,
  selectProblem,
} from '@machines/order-submission/order-submission.selectors';
import type {
  LockRequest,
  OrderSubmissionEmitted,
  OrderSubmissionEvent,
  PendingSubmission,
  SubmissionLine,
} from '@machines/order-submission/order-submission.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

const lines: SubmissionLine[] = [
  { id: '11', offer_id: 11, name: 'Star Quest', quantity: 2 },
  { id: '12', offer_id: 12, name: 'Moon Racer', quantity: 1 },
];
const serverError = (status: number, detail?: string) => Object.assign(new Error(''), { status, detail });
const offline = Object.assign(new Error('Cannot reach the server. Check your connection and try again.'), {
  status: 0,
});

type Fakes = {
  lock?: 'acquired' | 'busy';
  clearCart?: () => Promise<void>;
  addToCart?: (line: SubmissionLine) => Promise<void>;
  readCart?: () => Promise<number[]>;
  checkoutCart?: (input: { key: string; cart_item_ids: number[] }) => Promise<number[]>;
  readCheckout?: (key: string) => Promise<number[]>;
};

/** One actor on fakes that succeed unless told otherwise; records calls, storage and what it emits. */
function startSubmission(fakes: Fakes = {}, pending: PendingSubmission | null = null, stored = { value: pending }) {
  const calls: string[] = [];
  const effects = {
    clearCart: vi.fn(fakes.clearCart ?? (async () => {})),
    addToCart: vi.fn(fakes.addToCart ?? (async (_line: SubmissionLine) => {})),
    readCart: vi.fn(fakes.readCart ?? (async () => [501, 502])),
    checkoutCart: vi.fn(fakes.checkoutCart ?? (async () => [9001])),
    readCheckout: vi.fn(fakes.readCheckout ?? (async () => [9001])),
  };
  const lockReleased = vi.fn();
  const lockRequests: LockRequest[] = [];
  const machine = orderSubmissionMachine.provide({
    actors: {
      holdSubmissionLock: fromCallback<OrderSubmissionEvent, LockRequest>(({ sendBack, input }) => {
        lockRequests.push(input);
        sendBack(fakes.lock === 'busy' ? { type: 'lock.busy' } : { type: 'lock.acquired', pending: stored.value });
        return lockReleased;
      }),
      createKey: fromPromise(async () => 'key-0001'),
      clearCart: fromPromise(async () => {
        calls.push('clear');
        return effects.clearCart();
      }),
      addToCart: fromPromise(async ({ input }) => {
        calls.push(`add ${input.name}`);
        return effects.addToCart(input);
      }),
      readCart: fromPromise(async () => {
        calls.push('read');
        return effects.readCart();
      }),
      checkoutCart: fromPromise(async ({ input }) => {
        calls.push('checkout');
        return effects.checkoutCart(input);
      }),
      readCheckout: fromPromise(async ({ input }) => {
        calls.push('confirm');
        return effects.readCheckout(input);
      }),
    },
    actions: {
      savePending: (_, value) => {
        stored.value = value;
      },
      forgetSavedPending: () => {
        stored.value = null;
      },
    },
  });
  const actor = createActor(machine, { input: { pending } });
  const emitted: OrderSubmissionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, effects, calls, stored, emitted, lockReleased, lockRequests, settled };
}

describe('order submission machine', () => {
  it('clears the cart, adds each line, reads the cart and checks out its items under one key', async () => {
    const { actor, effects, calls, stored, emitted, lockReleased, settled } = startSubmission();
    actor.send({ type: 'order.submit', lines });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    const after = await settled();

    expect(calls).toEqual(['clear', 'add Star Quest', 'add Moon Racer', 'read', 'checkout']);
    expect(effects.addToCart.mock.calls.map(([line]) => line)).toEqual(lines);
    expect(effects.checkoutCart).toHaveBeenCalledWith({ key: 'key-0001', cart_item_ids: [501, 502] });
    expect(emitted).toEqual([{ type: 'order.sent', lines, orders: [9001] }]);
    expect(after.matches('idle')).toBe(true);
    expect(after.context.pending).toBeNull();
    expect(stored.value).toBeNull();
    expect(lockReleased).toHaveBeenCalledOnce();
    actor.stop();
  });

  it('stores the pending submission from its key until the outcome is known', async () => {
    let finishCheckout: (orders: number[]) => void = () => {};
    const { actor, stored, settled } = startSubmission({
      checkoutCart: () => new Promise((resolve) => (finishCheckout = resolve)),
    });
    actor.send({ type: 'order.submit', lines });
    await waitFor(actor, (s) => s.matches({ holding: { sending: 'checkingOut' } }));
    expect(stored.value).toEqual({ key: 'key-0001', lines });
    expect(actor.getSnapshot().context.pending).toEqual({ key: 'key-0001', lines });

    finishCheckout([9001]);
    await settled();
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it.each([
    ['clearing', { clearCart: () => Promise.reject(serverError(500)) }, 'Failed to clear cart'],
    [
      'adding the second line',
      {
        addToCart: (line: SubmissionLine) => (line.id === '12' ? Promise.reject(serverError(400)) : Promise.resolve()),
      },
      'Failed to add Moon Racer to cart',
    ],
    ['reading the cart', { readCart: () => Promise.reject(serverError(401, 'Session over')) }, 'Session over'],
    ['reading the cart, no message', { readCart: () => Promise.reject(serverError(400)) }, 'Failed to process order'],
    ['a refused checkout', { checkoutCart: () => Promise.reject(serverError(400, 'Offer ended')) }, 'Offer ended'],
  ] satisfies [string, Fakes, string][])(
    'a failure while %s says why and places nothing',
    async (_, fakes, message) => {
      const { actor, emitted, stored, effects, settled } = startSubmission(fakes);
      actor.send({ type: 'order.submit', lines });
      const after = await settled();

      expect(after.matches('failed')).toBe(true);
      expect(selectProblem(after)).toBe(message);
      expect(emitted).toEqual([{ type: 'order.failed', message }]);
      expect(stored.value).toBeNull();
      expect(effects.readCheckout).not.toHaveBeenCalled();
      expect(selectCanSubmit(after)).toBe(true);
      actor.stop();
    },
  );

  it('confirms a checkout that got no answer, and reports the orders it placed', async () => {
    const { actor, effects, emitted, settled } = startSubmission({ checkoutCart: () => Promise.reject(offline) });
    actor.send({ type: 'order.submit', lines });
    const after = await settled();

    expect(effects.readCheckout).toHaveBeenCalledWith('key-0001');
    expect(effects.checkoutCart).toHaveBeenCalledOnce();
    expect(emitted).toEqual([{ type: 'order.sent', lines, orders: [9001] }]);
    expect(after.matches('idle')).toBe(true);
    actor.stop();
  });

  it('tells the user when a server failure at checkout placed nothing, and sends nothing again', async () => {
    const { actor, effects, emitted, stored, settled } = startSubmission({
      checkoutCart: () => Promise.reject(serverError(502)),
      readCheckout: () => Promise.reject(serverError(404, 'Not found.')),
    });
    actor.send({ type: 'order.submit', lines });
    const after = await settled();

    expect(after.matches('failed')).toBe(true);
    expect(emitted).toEqual([{ type: 'order.failed', message: 'Failed to process order' }]);
    expect(effects.readCheckout).toHaveBeenCalledWith('key-0001');
    expect(effects.checkoutCart).toHaveBeenCalledOnce();
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it('keeps an unconfirmed submission, refuses Submit, and asks again on retry', async () => {
    const readCheckout = vi.fn<(key: string) => Promise<number[]>>().mockRejectedValueOnce(offline);
    readCheckout.mockResolvedValueOnce([9001, 9002]);
    const { actor, emitted, stored, lockReleased, settled } = startSubmission({
      checkoutCart: () => Promise.reject(offline),
      readCheckout,
    });
    actor.send({ type: 'order.submit', lines });
    const unconfirmed = await settled();

    expect(unconfirmed.matches({ holding: { sending: 'unconfirmed' } })).toBe(true);
    expect(selectProblem(unconfirmed)).toBe(offline.message);
    expect(selectCanSubmit(unconfirmed)).toBe(false);
    expect(stored.value).toEqual({ key: 'key-0001', lines });
    expect(lockReleased).not.toHaveBeenCalled();
    expect(emitted).toEqual([{ type: 'order.failed', message: offline.message }]);

    actor.send({ type: 'order.retry' });
    const after = await settled();
    expect(after.matches('idle')).toBe(true);
    expect(readCheckout).toHaveBeenCalledTimes(2);
    expect(emitted.at(-1)).toEqual({ type: 'order.sent', lines, orders: [9001, 9002] });
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it('confirms a submission left pending by an earlier visit instead of sending it again', async () => {
    const pending = { key: 'key-earlier', lines };
    const { actor, effects, emitted, stored, lockRequests, settled } = startSubmission({}, pending);
    const after = await settled();

    // The page it came from may still hold the lock while it unloads: this waits for it.
    expect(lockRequests).toEqual([{ wait: true }]);
    expect(effects.clearCart).not.toHaveBeenCalled();
    expect(effects.checkoutCart).not.toHaveBeenCalled();
    expect(effects.readCheckout).toHaveBeenCalledWith('key-earlier');
    expect(emitted).toEqual([{ type: 'order.sent', lines, orders: [9001] }]);
    expect(after.matches('idle')).toBe(true);
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it('drops an earlier pending submission the server never received, sending nothing', async () => {
    const { actor, effects, stored, settled } = startSubmission(
      { readCheckout: () => Promise.reject(serverError(404)) },
      { key: 'key-earlier', lines },
    );
    const after = await settled();

    expect(after.matches('failed')).toBe(true);
    expect(effects.checkoutCart).not.toHaveBeenCalled();
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it('confirms a submission a closed tab left stored before sending a new one', async () => {
    const stored = { value: { key: 'key-closed-tab', lines: [lines[0]] } as PendingSubmission | null };
    const { actor, effects, emitted, settled } = startSubmission({}, null, stored);
    actor.send({ type: 'order.submit', lines });
    const after = await settled();

    expect(effects.readCheckout).toHaveBeenCalledWith('key-closed-tab');
    expect(effects.clearCart).not.toHaveBeenCalled();
    expect(emitted).toEqual([{ type: 'order.sent', lines: [lines[0]], orders: [9001] }]);
    expect(after.matches('idle')).toBe(true);
    expect(stored.value).toBeNull();
    actor.stop();
  });

  it('leaves a pending submission alone while another tab holds the lock', async () => {
    const pending = { key: 'key-other-tab', lines };
    const { actor, effects, emitted, stored, settled } = startSubmission({ lock: 'busy' }, pending);
    const after = await settled();

    expect(after.matches('idle')).toBe(true);
    expect(effects.readCheckout).not.toHaveBeenCalled();
    expect(stored.value).toEqual(pending);
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it('refuses to send while another tab is sending', async () => {
    const { actor, calls, emitted, lockRequests, settled } = startSubmission({ lock: 'busy' });
    actor.send({ type: 'order.submit', lines });
    const after = await settled();

    // Submit does not wait behind another tab: it is refused at once.
    expect(lockRequests).toEqual([{ wait: false }]);
    expect(after.matches('failed')).toBe(true);
    expect(selectProblem(after)).toBe(LOCK_BUSY);
    expect(emitted).toEqual([{ type: 'order.failed', message: 'An order is being sent from another tab.' }]);
    expect(calls).toEqual([]);
    actor.stop();
  });

  it('accepts one Submit at a time: a second one while sending is refused', async () => {
    const { actor, effects, settled } = startSubmission();
    actor.send({ type: 'order.submit', lines });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'order.submit', lines });
    await settled();

    expect(effects.clearCart).toHaveBeenCalledOnce();
    expect(effects.checkoutCart).toHaveBeenCalledOnce();
    actor.stop();
  });

  it('refuses an empty submission', () => {
    const { actor } = startSubmission();
    expect(actor.getSnapshot().can({ type: 'order.submit', lines: [] })).toBe(false);
    actor.send({ type: 'order.submit', lines: [] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });
});
