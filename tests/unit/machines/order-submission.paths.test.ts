/**
 * Every simple path of the order submission machine, from a fresh start and from a submission left
 * pending by an earlier visit, replayed on an actor whose effects the path scripts: each invoked
 * actor waits until the path says how it ends, the lock is held only while its actor runs, the
 * storage is what `savePending` last wrote, and the basket is a plain array changed only by
 * `order.sent`, the way the app changes it. After every step the invariants are checked.
 */
import { addFailed, CLEAR_FAILED, LOCK_BUSY, ORDER_FALLBACK } from '@machines/order-submission/order-submission.logic';
import { orderSubmissionMachine } from '@machines/order-submission/order-submission.machine';
import type {
  OrderSubmissionEmitted,
  PendingSubmission,
  SubmissionLine,
} from '@machines/order-submission/order-submission.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromCallback, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

type Snapshot = SnapshotFrom<typeof orderSubmissionMachine>;
type Step = { state: Snapshot; event: EventObject & { error?: unknown } };

const lines: SubmissionLine[] = [
  { id: '11', offer_id: 11, name: 'Star Quest', quantity: 2 },
  { id: '12', offer_id: 12, name: 'Moon Racer', quantity: 1 },
];
/** The basket before any submission: the submitted lines, one with more than is sent, and one more. */
const BASKET = [
  { id: '11', quantity: 3 },
  { id: '12', quantity: 1 },
  { id: '13', quantity: 4 },
];
const earlier: PendingSubmission = { key: 'key-earlier', lines };

/** Failures, each with the message the user must see for it (behaviour §8). */
const refused = { status: 400, detail: 'Offer ended' };
const unreadable = { status: 400 };
const down = { status: 503, detail: 'Down for maintenance.' };
const badGateway = { status: 502 };
const offline = { status: 0, message: 'Cannot reach the server.' };
const notFound = { status: 404, detail: 'Not found.' };
const noRandomness = new Error('No randomness');

const events = [
  { type: 'order.submit', lines },
  { type: 'order.retry' },
  { type: 'lock.acquired', pending: null },
  { type: 'lock.acquired', pending: earlier },
  { type: 'lock.busy' },
  actorDone('createKey', 'key-new'),
  actorFailed('createKey', noRandomness),
  actorDone('clearCart', undefined),
  actorFailed('clearCart', down),
  actorDone('addToCart', undefined),
  actorFailed('addToCart', refused),
  actorDone('readCart', [501, 502]),
  actorFailed('readCart', down),
  actorFailed('readCart', unreadable),
  actorDone('checkoutCart', [9001]),
  actorFailed('checkoutCart', refused),
  actorFailed('checkoutCart', badGateway),
  actorFailed('checkoutCart', offline),
  actorDone('readCheckout', [9001]),
  actorFailed('readCheckout', notFound),
  actorFailed('readCheckout', offline),
] as const;

const ERRORS = new Map<unknown, string>([
  [refused, '400'],
  [unreadable, '400 bare'],
  [down, '503'],
  [badGateway, '502'],
  [offline, 'offline'],
  [notFound, '404'],
  [noRandomness, 'error'],
]);

const label = (event: EventObject) => {
  const { type, error, pending } = event as Step['event'] & { pending?: PendingSubmission | null };
  if (pending) return `${type}(stored ${pending.key})`;
  const actor = type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (type.startsWith('xstate.error.')) return `${actor}!${ERRORS.get(error)}`;
  return actor;
};

/** The message a failure reached at `step` must show, from the state it left. */
function expectedProblem(before: Snapshot, { event }: Step): string {
  const actor = event.type.replace('xstate.error.actor.', '');
  if (event.type === 'lock.busy') return LOCK_BUSY;
  if (actor === 'clearCart') return CLEAR_FAILED;
  if (actor === 'addToCart') return addFailed(lines[before.context.added]?.name ?? '?');
  if (actor === 'readCheckout' && event.error === notFound) return ORDER_FALLBACK;
  const error = event.error as { detail?: string; message?: string };
  return error.detail ?? error.message ?? ORDER_FALLBACK;
}

/** The basket after `order.sent` lines: quantities subtracted, lines at 0 dropped (basket.removeSent). */
const removeSent = (basket: typeof BASKET, sent: readonly SubmissionLine[]) =>
  basket
    .map((line) => ({ ...line, quantity: line.quantity - (sent.find((s) => s.id === line.id)?.quantity ?? 0) }))
    .filter((line) => line.quantity > 0);

const isSuccess = (event: EventObject) =>
  event.type === 'xstate.done.actor.checkoutCart' || event.type === 'xstate.done.actor.readCheckout';

async function replay(path: { steps: Step[] }, pending: PendingSubmission | null) {
  const calls = new Map<string, { input: unknown; settle: (event: Step['event']) => void }>();
  const fake = <TOutput, TInput>(actor: string) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          const settle = (event: Step['event']) =>
            event.type.startsWith('xstate.done.')
              ? resolve((event as { output?: unknown }).output as TOutput)
              : reject(event.error);
          calls.set(actor, { input, settle });
        }),
    );
  const world = {
    stored: pending,
    basket: BASKET,
    lockHeld: false,
    answerLock: null as ((event: EventObject) => void) | null,
  };
  const machine = orderSubmissionMachine.provide({
    actors: {
      holdSubmissionLock: fromCallback(({ sendBack }) => {
        world.answerLock = (event) => {
          world.lockHeld = event.type === 'lock.acquired';
          sendBack(event);
        };
        return () => {
          world.answerLock = null;
          world.lockHeld = false;
        };
      }),
      createKey: fake<string, unknown>('createKey'),
      clearCart: fake<void, unknown>('clearCart'),
      addToCart: fake<void, SubmissionLine>('addToCart'),
      readCart: fake<number[], unknown>('readCart'),
      checkoutCart: fake<number[], { key: string; cart_item_ids: number[] }>('checkoutCart'),
      readCheckout: fake<number[], string>('readCheckout'),
    },
    actions: {
      savePending: (_, value) => {
        expect(world.lockHeld, 'stores only while holding the lock').toBe(true);
        world.stored = value;
      },
      forgetSavedPending: () => {
        expect(world.lockHeld, 'forgets only while holding the lock').toBe(true);
        world.stored = null;
      },
    },
  });
  const actor = createActor(machine, { input: { pending } });
  const emitted: OrderSubmissionEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
    if (event.type === 'order.sent') world.basket = removeSent(world.basket, event.lines);
  });
  actor.start();

  let before = actor.getSnapshot();
  let expectedBasket = BASKET;
  let checkoutKey: string | null = null;
  let checkouts = 0;
  try {
    for (const step of path.steps) {
      const { event } = step;
      const emittedBefore = emitted.length;
      // What other tabs left in storage while this one did not hold the lock.
      if ('pending' in event) world.stored = event.pending as PendingSubmission | null;
      const storedBefore = world.stored;
      if (event.type === 'lock.acquired' || event.type === 'lock.busy') {
        expect(world.answerLock, 'the lock was asked for').not.toBeNull();
        world.answerLock?.(event);
      } else if (event.type.startsWith('xstate.')) {
        if (event.type !== 'xstate.init') await settleCall(event, before);
      } else {
        if (event.type === 'order.submit') checkouts = 0;
        actor.send(event as Parameters<typeof actor.send>[0]);
      }
      const expected = JSON.stringify(step.state.value);
      const state = await waitFor(actor, (s) => JSON.stringify(s.value) === expected, { timeout: 1000 });
      check(step, before, state, emitted.slice(emittedBefore), storedBefore);
      before = state;
    }
  } finally {
    actor.stop();
  }

  /** Ends the invoked actor as the path says, checking what it was asked. */
  async function settleCall(event: Step['event'], state: Snapshot) {
    const id = label(event).split('!')[0] ?? '';
    await vi.waitFor(() => expect(calls.has(id), `${id} was invoked`).toBe(true));
    const call = calls.get(id);
    calls.delete(id);
    const key = state.context.pending?.key;
    if (id === 'addToCart') expect(call?.input).toEqual(lines[state.context.added]);
    if (id === 'checkoutCart') {
      checkouts += 1;
      checkoutKey = key ?? null;
      expect(call?.input).toEqual({ key, cart_item_ids: [501, 502] });
    }
    // Confirmation asks about the key the checkout used, or the one found stored.
    if (id === 'readCheckout') expect(call?.input).toBe(checkoutKey ?? key);
    call?.settle(event);
  }
  function check(
    step: Step,
    before: Snapshot,
    state: Snapshot,
    news: OrderSubmissionEmitted[],
    storedBefore: PendingSubmission | null,
  ) {
    const { event } = step;
    const unconfirmed = (s: Snapshot) => s.matches({ holding: { sending: 'unconfirmed' } });
    // order.sent: exactly on a checkout or confirmation success, with the pending lines.
    const sent = news.filter((e) => e.type === 'order.sent');
    expect(sent.length).toBe(isSuccess(event) ? 1 : 0);
    if (isSuccess(event)) {
      expect(sent[0]).toEqual({ type: 'order.sent', lines: before.context.pending?.lines, orders: [9001] });
      expectedBasket = removeSent(expectedBasket, lines);
    }
    // The basket changes only through order.sent: intact after every failure.
    expect(world.basket).toEqual(expectedBasket);

    // A failure shows, and reports once, the message of the step that failed.
    const failedHere = state.matches('failed') && !before.matches('failed');
    const unconfirmedHere = unconfirmed(state) && !unconfirmed(before);
    if (failedHere) expect(state.context.problem).toBe(expectedProblem(before, step));
    if (unconfirmedHere) expect(state.context.problem).toBe(offline.message);
    const failures = news.filter((e) => e.type === 'order.failed');
    const reported = failedHere || unconfirmedHere ? [{ type: 'order.failed', message: state.context.problem }] : [];
    expect(failures).toEqual(reported);
    expect(state.context.problem !== null).toBe(state.matches('failed') || unconfirmed(state));

    // A checkout with no answer, or a server failure, may have placed the orders: it is confirmed.
    if (event.type === 'xstate.error.actor.checkoutCart') {
      const unknown = event.error === offline || event.error === badGateway;
      expect(state.matches({ holding: { sending: 'confirming' } })).toBe(unknown);
    }

    // Busy, or with an outcome unknown, Submit is refused; and a submission checks out at most once.
    expect(state.can({ type: 'order.submit', lines })).toBe(!(state.hasTag('busy') || unconfirmed(state)));
    expect(checkouts).toBeLessThanOrEqual(1);

    // The pending submission is stored exactly while sending, under the lock; its key never changes.
    if (state.matches({ holding: 'sending' })) {
      expect(world.stored).toEqual(state.context.pending);
      expect(world.lockHeld).toBe(true);
    }
    if (checkoutKey && state.context.pending) expect(state.context.pending.key).toBe(checkoutKey);
    if (!state.context.pending) checkoutKey = null;
    if (state.matches('idle') || state.matches('failed')) {
      expect(state.context.pending).toBeNull();
      expect(world.lockHeld).toBe(false);
      // Settling clears the stored submission; a start that found the lock busy leaves it alone.
      if (before.matches({ holding: 'sending' })) expect(world.stored).toBeNull();
      else expect(world.stored).toEqual(storedBefore);
    }
  }
}

describe.each([
  ['a fresh start', null],
  ['a submission pending from an earlier visit', earlier],
])('order submission paths from %s', (_, pending) => {
  const paths = simplePaths(orderSubmissionMachine, {
    input: { pending },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  });

  it.each(paths.map((path) => [pathName(path, label), path] as const))('%s', async (_, path) => {
    await replay(path as unknown as { steps: Step[] }, pending);
  });

  it('has paths to check', () => {
    expect(paths.length).toBeGreaterThan(10);
  });
});

it('reaches every state', () => {
  const reached = new Set<string>();
  for (const pending of [null, earlier]) {
    const paths = simplePaths(orderSubmissionMachine, {
      input: { pending },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context]),
    });
    for (const path of paths) reached.add(JSON.stringify(path.state.value));
  }
  const sending = ['clearing', 'adding', 'readingCart', 'checkingOut', 'confirming', 'unconfirmed'];
  expect(reached).toEqual(
    new Set(
      [
        'idle',
        'failed',
        { holding: 'locking' },
        { holding: 'keying' },
        ...sending.map((state) => ({ holding: { sending: state } })),
      ].map((value) => JSON.stringify(value)),
    ),
  );
});
