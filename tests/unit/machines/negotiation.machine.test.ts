import { CONFLICT_MESSAGE } from '@machines/negotiation/negotiation.logic';
import { negotiationMachine } from '@machines/negotiation/negotiation.machine';
import { nextStepOf, selectConfirmation, selectMoveInFlight } from '@machines/negotiation/negotiation.selectors';
import type {
  CounterCall,
  CounterResponseCall,
  NegotiationRole,
  Order,
  OrderCall,
} from '@machines/negotiation/negotiation.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/api-error';
import { anOrderLine, aReadOrder } from '../../support/fixtures';

const countered = aReadOrder({
  negotiation: 'counter_proposed',
  counter_note: 'Best we can do for ten.',
  lines: [anOrderLine({ counter_unit_price: '11.00', counter_quantity: 12 })],
});

type Calls = {
  respondToCounter?: (input: CounterResponseCall) => Promise<Order>;
  cancelOrder?: (input: OrderCall) => Promise<Order>;
  counterOrder?: (input: CounterCall) => Promise<Order>;
  approveOrder?: (input: OrderCall) => Promise<Order>;
  readOrder?: (input: OrderCall) => Promise<Order>;
};

function start(order: Order, role: NegotiationRole, calls: Calls = {}) {
  const refuse = async (): Promise<Order> => {
    throw new Error('not expected in this test');
  };
  const actor = createActor(
    negotiationMachine.provide({
      actors: {
        respondToCounter: fromPromise(({ input }) => (calls.respondToCounter ?? refuse)(input)),
        cancelOrder: fromPromise(({ input }) => (calls.cancelOrder ?? refuse)(input)),
        counterOrder: fromPromise(({ input }) => (calls.counterOrder ?? refuse)(input)),
        approveOrder: fromPromise(({ input }) => (calls.approveOrder ?? refuse)(input)),
        readOrder: fromPromise(({ input }) => (calls.readOrder ?? refuse)(input)),
      },
    }),
    { input: { order, role } },
  );
  const moved = vi.fn();
  const failed = vi.fn();
  actor.on('negotiation.moved', moved);
  actor.on('negotiation.failed', failed);
  actor.start();
  return { actor, moved, failed };
}

describe('the client', () => {
  it('accepts a counter-offer: the answer replaces the order and the state follows it', async () => {
    const accepted = { ...countered, negotiation: 'counter_accepted' as const };
    const respond = vi.fn(async () => accepted);
    const { actor, moved } = start(countered, 'client', { respondToCounter: respond });
    expect(actor.getSnapshot().value).toEqual({ in_progress: 'counter_proposed' });

    actor.send({ type: 'negotiation.accept' });
    expect(selectMoveInFlight(actor.getSnapshot())).toBe('accept');
    expect(actor.getSnapshot().can({ type: 'negotiation.cancel' })).toBe(false);
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));

    expect(respond).toHaveBeenCalledWith({ orderId: 42, accept: true });
    expect(after.value).toEqual({ in_progress: 'counter_accepted' });
    expect(after.context.order).toEqual(accepted);
    expect(moved).toHaveBeenCalledWith({ type: 'negotiation.moved', move: 'accept', order: accepted });
    actor.stop();
  });

  it('declines only after confirming; dismissing sends nothing', async () => {
    const respond = vi.fn(async () => ({ ...countered, negotiation: 'counter_declined' as const }));
    const { actor } = start(countered, 'client', { respondToCounter: respond });

    actor.send({ type: 'negotiation.decline' });
    expect(selectConfirmation(actor.getSnapshot())).toBe('decline');
    actor.send({ type: 'negotiation.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ in_progress: 'counter_proposed' });
    expect(respond).not.toHaveBeenCalled();

    actor.send({ type: 'negotiation.decline' });
    actor.send({ type: 'negotiation.confirm' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(respond).toHaveBeenCalledWith({ orderId: 42, accept: false });
    expect(after.value).toEqual({ in_progress: 'counter_declined' });
    actor.stop();
  });

  it('cancels after confirming and ends in cancelled', async () => {
    const cancel = vi.fn(async () => aReadOrder({ status: 'cancelled', cancelled_at: '2026-11-21T10:00:00Z' }));
    const { actor, moved } = start(aReadOrder({ negotiation: 'special_price_requested' }), 'client', {
      cancelOrder: cancel,
    });
    actor.send({ type: 'negotiation.cancel' });
    expect(selectConfirmation(actor.getSnapshot())).toBe('cancel');
    actor.send({ type: 'negotiation.confirm' });
    const after = await waitFor(actor, (s) => s.status === 'done');
    expect(cancel).toHaveBeenCalledWith({ orderId: 42 });
    expect(after.value).toBe('cancelled');
    expect(moved).toHaveBeenCalledWith(expect.objectContaining({ move: 'cancel' }));
  });

  it('is offered neither counter nor approve, and nothing once the order is completed', () => {
    const { actor } = start(aReadOrder(), 'client');
    expect(actor.getSnapshot().can({ type: 'negotiation.approve' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'counter.open' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'negotiation.counter', counter: { lines: [] } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'negotiation.accept' })).toBe(false);
    actor.stop();
    const done = start(aReadOrder({ status: 'completed' }), 'client').actor;
    expect(done.getSnapshot().value).toBe('completed');
    expect(done.getSnapshot().can({ type: 'negotiation.cancel' })).toBe(false);
  });
});

describe('the seller', () => {
  it('counters with the lines given and approves an accepted counter', async () => {
    const counter = vi.fn(async () => countered);
    const { actor } = start(aReadOrder({ negotiation: 'special_price_requested' }), 'seller', {
      counterOrder: counter,
    });
    const proposal = { lines: [{ line_id: 101, unit_price: '11.00', quantity: 12 }], note: 'Best we can do for ten.' };
    // The counter-offer is sent from the open counter form.
    expect(actor.getSnapshot().can({ type: 'negotiation.counter', counter: proposal })).toBe(false);
    actor.send({ type: 'counter.open' });
    actor.send({ type: 'negotiation.counter', counter: proposal });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(counter).toHaveBeenCalledWith({ orderId: 42, counter: proposal });
    expect(after.value).toEqual({ in_progress: 'counter_proposed' });
    // The table: while a counter-offer waits for the client, the seller may only cancel.
    expect(after.can({ type: 'negotiation.approve' })).toBe(false);
    expect(after.can({ type: 'negotiation.accept' })).toBe(false);
    actor.stop();

    const approve = vi.fn(async () => aReadOrder({ negotiation: 'counter_accepted', status: 'completed' }));
    const second = start(aReadOrder({ negotiation: 'counter_accepted' }), 'seller', { approveOrder: approve }).actor;
    second.send({ type: 'negotiation.approve' });
    expect((await waitFor(second, (s) => s.status === 'done')).value).toBe('completed');
  });

  it('cancels with the reason given in the confirmation, and without one when none is given', async () => {
    const cancel = vi.fn(async () => aReadOrder({ status: 'cancelled', cancelled_at: '2026-11-21T10:00:00Z' }));
    const { actor } = start(aReadOrder({ negotiation: 'special_price_requested' }), 'seller', { cancelOrder: cancel });
    actor.send({ type: 'negotiation.cancel' });
    actor.send({ type: 'negotiation.confirm', reason: 'This product is out of stock.' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(cancel).toHaveBeenCalledWith({ orderId: 42, reason: 'This product is out of stock.' });

    const second = start(aReadOrder(), 'seller', { cancelOrder: cancel }).actor;
    second.send({ type: 'negotiation.cancel' });
    second.send({ type: 'negotiation.confirm', reason: '' });
    await waitFor(second, (s) => s.status === 'done');
    expect(cancel).toHaveBeenLastCalledWith({ orderId: 42 });
  });

  it("passes a refused counter-offer's field messages on, keyed as the server names them", async () => {
    const order = aReadOrder({ negotiation: 'special_price_requested' });
    const { actor, failed } = start(order, 'seller', {
      counterOrder: async () => {
        throw ApiError.fromBody(400, { 'lines.0.unit_price': ['Ensure this value is greater than 0.00.'] });
      },
    });
    actor.send({ type: 'counter.open' });
    actor.send({ type: 'negotiation.counter', counter: { lines: [{ line_id: 101, unit_price: '0.00' }] } });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    // The order is as it was, and the counter form stays open for the messages.
    expect(after.context.order).toEqual(order);
    expect(after.value).toBe('countering');
    actor.send({ type: 'counter.close' });
    expect(actor.getSnapshot().value).toEqual({ in_progress: 'special_price_requested' });
    expect(failed).toHaveBeenCalledWith({
      type: 'negotiation.failed',
      message: 'Could not make a counter-offer on this order',
      fieldErrors: { 'lines.0.unit_price': 'Ensure this value is greater than 0.00.' },
    });
    actor.stop();
  });
});

describe('failures', () => {
  it('turns a 409 into "This order changed meanwhile" with the order read again', async () => {
    const fresh = aReadOrder({
      status: 'cancelled',
      cancelled_at: '2026-11-21T09:59:00Z',
      negotiation: 'counter_proposed',
    });
    const read = vi.fn(async () => fresh);
    const { actor, failed } = start(countered, 'client', {
      respondToCounter: async () => {
        throw ApiError.fromBody(409, { detail: 'This order is cancelled: it can no longer be changed.' });
      },
      readOrder: read,
    });
    actor.send({ type: 'negotiation.accept' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(read).toHaveBeenCalledWith({ orderId: 42 });
    expect(after.value).toBe('cancelled');
    expect(after.context.order).toEqual(fresh);
    expect(after.context.problem).toBe(CONFLICT_MESSAGE);
    expect(failed).toHaveBeenCalledWith({
      type: 'negotiation.failed',
      message: 'This order changed meanwhile',
      fieldErrors: {},
    });
  });

  it.each([
    [403, 'You do not have permission to cancel this order'],
    [401, 'Authentication required'],
    [404, 'Resource not found'],
    [400, 'The reason is too long.'],
  ])('reads a %i through the permission helper and keeps the order', async (status, message) => {
    const order = aReadOrder({ negotiation: 'counter_declined' });
    const { actor, failed } = start(order, 'client', {
      cancelOrder: async () => {
        throw ApiError.fromBody(status, { detail: 'The reason is too long.' });
      },
    });
    actor.send({ type: 'negotiation.cancel' });
    actor.send({ type: 'negotiation.confirm' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(after.value).toEqual({ in_progress: 'counter_declined' });
    expect(after.context.order).toBe(order);
    expect(after.context.problem).toBe(message);
    expect(failed).toHaveBeenCalledWith({ type: 'negotiation.failed', message, fieldErrors: {} });
    // The next move starts afresh.
    actor.send({ type: 'negotiation.cancel' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.stop();
  });

  it('says why when the order cannot be read after a 409', async () => {
    const { actor } = start(countered, 'client', {
      respondToCounter: async () => {
        throw ApiError.fromBody(409, { detail: 'Conflict' });
      },
      readOrder: async () => {
        throw ApiError.fromBody(404, { detail: 'Not found.' });
      },
    });
    actor.send({ type: 'negotiation.accept' });
    const after = await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(after.value).toEqual({ in_progress: 'counter_proposed' });
    expect(after.context.problem).toBe('Resource not found');
    actor.stop();
  });
});

describe('who acts next', () => {
  it.each([
    [aReadOrder({ negotiation: 'counter_proposed' }), 'client', 'Waiting for you to answer the counter-offer'],
    [aReadOrder({ negotiation: 'counter_proposed' }), 'seller', 'Waiting for the client to answer the counter-offer'],
    [aReadOrder({ negotiation: 'special_price_requested' }), 'client', 'Waiting for the seller'],
    [aReadOrder({ negotiation: 'none' }), 'seller', 'Waiting for you to approve the order or make a counter-offer'],
    [
      aReadOrder({ negotiation: 'special_price_requested' }),
      'seller',
      'The client asks for a special price: approve the order to accept the requested price, or make a counter-offer',
    ],
    [
      aReadOrder({ negotiation: 'counter_accepted' }),
      'seller',
      'The client accepted your counter-offer: approve the order to complete it',
    ],
    [
      aReadOrder({ negotiation: 'counter_declined' }),
      'seller',
      'The client declined your counter-offer: approve the order at its current prices or make another counter-offer',
    ],
    [aReadOrder({ status: 'completed' }), 'client', 'Nothing left to do: the order is completed'],
    [aReadOrder({ status: 'cancelled' }), 'seller', 'Nothing left to do: the order is cancelled'],
  ] as const)('%#: %s reads "%s"', (order, role, text) => {
    expect(nextStepOf(order, role)).toBe(text);
  });
});
