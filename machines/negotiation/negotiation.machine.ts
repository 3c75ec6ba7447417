/**
 * The negotiation of one order (behaviour §4 "Counter-offers", the contract's order lifecycle
 * table), one machine for the client who placed the order and the seller of its storefront. At
 * rest its state is the order's: `in_progress` with the negotiation as substate, or `completed`,
 * `cancelled`. From there it accepts only the moves the table gives this role; cancel and decline
 * wait in `confirming` for `negotiation.confirm`, and a counter-offer is made from `countering`, the
 * open counter form (`counter.open`, `counter.close`), which a refused counter-offer returns to
 * with its field messages. Each move is a call whose answer replaces the
 * order, and `following` then moves to the answer's status and negotiation. A 409 means the order
 * moved meanwhile: it is read again and shown with "This order changed meanwhile". Any other
 * failure reads as the permission helper (behaviour §8) and leaves the order as it was.
 * Emits `negotiation.moved` after a move and
 * `negotiation.failed` with the message to show and a 400's field messages (the counter form's).
 * A cancel carries the reason given with its confirmation.
 * Invariants: at rest the state is the order's status and negotiation; busy states accept no move.
 */
import {
  type ActorRefFrom,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  setup,
} from 'xstate';
import { notProvided } from '../shared/not-provided';
import { CONFLICT_MESSAGE, counterFieldErrorsOf, isConflict, refusalMessageOf } from './negotiation.logic';
import { isMoveAllowed } from './negotiation.table';
import type {
  CancelCall,
  CounterCall,
  CounterResponseCall,
  Move,
  MoveCalls,
  NegotiationContext,
  NegotiationEmitted,
  NegotiationEvent,
  NegotiationInput,
  Order,
  OrderCall,
} from './negotiation.types';

// Every move ends alike; annotated, as TypeScript infers no params outside the machine config.
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
const answered = {
  target: '#negotiation.following',
  actions: { type: 'acceptAnswer', params: ({ event }: { event: DoneActorEvent<Order> }) => event.output },
} as const;
/** A 409 reads the order again; any other refusal is shown, back where the move was made. */
const refusedTo = (target: string) =>
  [
    { guard: { type: 'isConflict', params: errorOf }, target: '#negotiation.reloading' },
    { target, actions: { type: 'showRefusal', params: errorOf } },
  ] as const;

/** A move's event at rest: taken when the lifecycle table gives the move to this role. */
const offered = (move: Move, target: string) => ({ guard: { type: 'isAllowed', params: move }, target }) as const;

/** A destructive move waiting for its confirmation. */
const awaitingConfirmation = (move: 'cancel' | 'decline', sending: string) => ({
  entry: { type: 'noteMove', params: move } as const,
  on: { 'negotiation.confirm': sending },
});

/**
 * A move's state: it notes the move and makes the move's call, which ends as every move does; a
 * refusal goes back to `refusedTarget` (the counter form keeps its input and shows the messages).
 */
const moveCall = <Src extends keyof MoveCalls>(
  move: Move,
  src: Src,
  input: (args: { context: NegotiationContext; event: NegotiationEvent }) => MoveCalls[Src],
  refusedTarget = '#negotiation.following',
) => ({
  entry: { type: 'noteMove', params: move } as const,
  invoke: { id: src, src, input, onDone: answered, onError: refusedTo(refusedTarget) },
});

export const negotiationMachine = setup({
  types: {
    input: {} as NegotiationInput,
    context: {} as NegotiationContext,
    events: {} as NegotiationEvent,
    emitted: {} as NegotiationEmitted,
    /** busy: a call is in flight; its button shows progress and no other move is taken. */
    tags: {} as 'busy',
  },
  actors: {
    respondToCounter: notProvided<Order, CounterResponseCall>('respondToCounter'),
    cancelOrder: notProvided<Order, CancelCall>('cancelOrder'),
    counterOrder: notProvided<Order, CounterCall>('counterOrder'),
    approveOrder: notProvided<Order, OrderCall>('approveOrder'),
    readOrder: notProvided<Order, OrderCall>('readOrder'),
  },
  actions: {
    forgetProblem: assign({ problem: null }),
    noteMove: assign((_, move: Move) => ({ move })),
    forgetMove: assign({ move: null }),
    acceptAnswer: enqueueActions(({ context, enqueue }, order: Order) => {
      enqueue.assign({ order, problem: null });
      if (context.move) enqueue.emit({ type: 'negotiation.moved', move: context.move, order });
    }),
    acceptFreshOrder: enqueueActions(({ enqueue }, order: Order) => {
      enqueue.assign({ order, problem: CONFLICT_MESSAGE });
      enqueue.emit({ type: 'negotiation.failed', message: CONFLICT_MESSAGE, fieldErrors: {} });
    }),
    /** A refused move; with no move noted, the read after a 409 failed. */
    showRefusal: enqueueActions(({ context, enqueue }, error: unknown) => {
      const message = refusalMessageOf(error, context.move);
      enqueue.assign({ problem: message });
      enqueue.emit({ type: 'negotiation.failed', message, fieldErrors: counterFieldErrorsOf(error) });
    }),
  },
  guards: {
    /** The lifecycle table gives the move to this role from where the order stands. */
    isAllowed: ({ context }, move: Move) => isMoveAllowed(move, context.order, context.role),
    hasStatus: ({ context }, status: Order['status']) => context.order.status === status,
    hasNegotiation: ({ context }, negotiation: Order['negotiation']) => context.order.negotiation === negotiation,
    isConflict: (_, error: unknown) => isConflict(error),
  },
}).createMachine({
  id: 'negotiation',
  context: ({ input }) => ({ order: input.order, role: input.role, move: null, problem: null }),
  initial: 'following',
  states: {
    /** Goes where the order in context stands. */
    following: {
      always: [
        { guard: { type: 'hasStatus', params: 'completed' }, target: 'completed' },
        { guard: { type: 'hasStatus', params: 'cancelled' }, target: 'cancelled' },
        {
          guard: { type: 'hasNegotiation', params: 'special_price_requested' },
          target: 'in_progress.special_price_requested',
        },
        { guard: { type: 'hasNegotiation', params: 'counter_proposed' }, target: 'in_progress.counter_proposed' },
        { guard: { type: 'hasNegotiation', params: 'counter_accepted' }, target: 'in_progress.counter_accepted' },
        { guard: { type: 'hasNegotiation', params: 'counter_declined' }, target: 'in_progress.counter_declined' },
        { target: 'in_progress.none' },
      ],
    },
    in_progress: {
      // Entered only through `following`, which names the substate; compound states need one.
      initial: 'none',
      // Every move is guarded by the table alone (negotiation.table.ts); the substates only name
      // where the order stands, as the contract does.
      on: {
        'negotiation.accept': offered('accept', '#negotiation.sending.accepting'),
        'negotiation.decline': offered('decline', '#negotiation.confirming.decline'),
        'negotiation.cancel': offered('cancel', '#negotiation.confirming.cancel'),
        'counter.open': offered('counter', '#negotiation.countering'),
        'negotiation.approve': offered('approve', '#negotiation.sending.approving'),
      },
      states: {
        none: {},
        special_price_requested: {},
        counter_proposed: {},
        counter_accepted: {},
        counter_declined: {},
      },
    },
    /** A destructive move waits for the user to confirm it. */
    confirming: {
      entry: 'forgetProblem',
      on: { 'negotiation.dismiss': 'following' },
      initial: 'cancel',
      states: {
        cancel: awaitingConfirmation('cancel', '#negotiation.sending.cancelling'),
        decline: awaitingConfirmation('decline', '#negotiation.sending.declining'),
      },
    },
    /** The counter form is open: sending it makes the move; a refusal comes back here. */
    countering: {
      on: {
        'counter.close': 'following',
        'negotiation.counter': offered('counter', '#negotiation.sending.countering'),
      },
    },
    sending: {
      tags: 'busy',
      entry: 'forgetProblem',
      initial: 'cancelling',
      states: {
        accepting: moveCall('accept', 'respondToCounter', ({ context }) => ({
          orderId: context.order.id,
          accept: true,
        })),
        declining: moveCall('decline', 'respondToCounter', ({ context }) => ({
          orderId: context.order.id,
          accept: false,
        })),
        cancelling: moveCall('cancel', 'cancelOrder', ({ context, event }) => {
          assertEvent(event, 'negotiation.confirm');
          return { orderId: context.order.id, ...(event.reason ? { reason: event.reason } : {}) };
        }),
        countering: moveCall(
          'counter',
          'counterOrder',
          ({ context, event }) => {
            assertEvent(event, 'negotiation.counter');
            return { orderId: context.order.id, counter: event.counter };
          },
          '#negotiation.countering',
        ),
        approving: moveCall('approve', 'approveOrder', ({ context }) => ({ orderId: context.order.id })),
      },
    },
    /** After a 409: the order as it now is replaces the one the move was made on. */
    reloading: {
      tags: 'busy',
      entry: 'forgetMove',
      invoke: {
        id: 'readOrder',
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.order.id }),
        onDone: { target: 'following', actions: { type: 'acceptFreshOrder', params: ({ event }) => event.output } },
        onError: { target: 'following', actions: { type: 'showRefusal', params: errorOf } },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type NegotiationRef = ActorRefFrom<typeof negotiationMachine>;
