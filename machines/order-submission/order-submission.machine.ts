/**
 * Sending the basket as orders, exactly once (behaviour §4 "Submit order flow"). The basket's Submit
 * sends `order.submit`; the machine empties the server cart, adds each line (one call per line, so a
 * failure names its line), reads the cart and checks out every cart item under an idempotency key.
 * Emits `order.sent` (the app removes those lines from the basket) or `order.failed` with the message
 * to show (behaviour §8). Everything runs in `holding`, under a lock shared by the browser's tabs.
 * Exactly once: from the key's creation until the server has answered for it (the whole of
 * `sending`) the submission is `pending` and stored by the app. A checkout without a definitive
 * answer is asked about by key (`readCheckout`), never sent again; so is a submission found stored
 * when the lock is taken (a closed tab's), before any new one. At start (input `pending`) the lock
 * is taken to confirm it, unless another tab holds it: that tab is sending it and settles it.
 * Invariants: only `order.sent` changes the basket, once per submission, after the server confirmed
 * the orders; `pending` is null in `idle` and `failed`; `problem` is set exactly in `failed` and
 * `unconfirmed`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, emit, setup } from 'xstate';
import { notProvided, notProvidedSubscription } from '../shared/not-provided';
import {
  addFailed,
  CLEAR_FAILED,
  failedOf,
  failureMessageOf,
  isNotFound,
  isOutcomeUnknown,
  LOCK_BUSY,
  lineToAdd,
  ORDER_FALLBACK,
  pendingOf,
  sentOf,
} from './order-submission.logic';
import type {
  CheckoutInput,
  LockRequest,
  OrderSubmissionContext,
  OrderSubmissionEvent,
  OrderSubmissionTypes,
  PendingSubmission,
  SubmissionLine,
} from './order-submission.types';

const orderSubmission = setup({
  types: {} as OrderSubmissionTypes,
  actors: {
    holdSubmissionLock: notProvidedSubscription<OrderSubmissionEvent, LockRequest>('holdSubmissionLock'),
    createKey: notProvided<string>('createKey'),
    clearCart: notProvided<void>('clearCart'),
    addToCart: notProvided<void, SubmissionLine>('addToCart'),
    readCart: notProvided<number[]>('readCart'),
    checkoutCart: notProvided<number[], CheckoutInput>('checkoutCart'),
    readCheckout: notProvided<number[], string>('readCheckout'),
  },
  actions: {
    /** Stores the pending submission and removes it again; provided by the app. */
    savePending: (_, _pending: PendingSubmission) => {},
    forgetSavedPending: () => {},
    takeRequest: assign((_, lines: SubmissionLine[]) => ({ requested: lines, problem: null })),
    startPending: assign(({ context }, key: string) => ({ pending: { key, lines: context.requested }, requested: [] })),
    takePending: assign((_, pending: PendingSubmission | null) => ({ pending, requested: [] })),
    countAdded: assign(({ context }) => ({ added: context.added + 1 })),
    keepCartItems: assign((_, cartItemIds: number[]) => ({ cartItemIds })),
    dropPending: assign({ requested: [], pending: null, added: 0, cartItemIds: [] }),
    showProblem: assign((_, problem: string) => ({ problem })),
    showFailure: assign((_, failure: { error: unknown }) => ({ problem: failureMessageOf(failure.error) })),
    clearProblem: assign({ problem: null }),
    announceSent: emit(({ context }, orders: number[]) => sentOf(context, orders)),
    announceFailed: emit(({ context }) => failedOf(context)),
  },
  guards: {
    hasLines: (_, lines: SubmissionLine[]) => lines.length > 0,
    hasPending: ({ context }) => context.pending !== null,
    hasRequest: ({ context }) => context.requested.length > 0,
    isPendingStored: (_, pending: PendingSubmission | null) => pending !== null,
    hasMoreLines: ({ context }) => context.added + 1 < pendingOf(context).lines.length,
    isOutcomeUnknown: (_, failure: { error: unknown }) => isOutcomeUnknown(failure.error),
    isNotFound: (_, failure: { error: unknown }) => isNotFound(failure.error),
  },
});

// What several states share; annotated, as TypeScript infers no params outside the machine config.
const IDLE = '#orderSubmission.idle';
const FAILED = '#orderSubmission.failed';
const linesOf = ({ event }: { event: { lines: SubmissionLine[] } }) => event.lines;
const failureOf = ({ event }: { event: ErrorActorEvent }) => event;
/** `idle` and `failed` take a new submission alike: one with lines waits for the lock. */
const submit = {
  guard: { type: 'hasLines', params: linesOf },
  target: 'holding',
  actions: { type: 'takeRequest', params: linesOf },
} as const;
/** The server's answer for the pending submission is orders: they are announced, and it is settled. */
const sent = {
  target: IDLE,
  actions: { type: 'announceSent', params: ({ event }: { event: DoneActorEvent<number[]> }) => event.output },
} as const;
/** Definitive failures: shown with the error's message (`failed`) or with a given `problem` (`failWith`). */
const failed = { target: FAILED, actions: { type: 'showFailure', params: failureOf } } as const;
const failWith = (problem: string | ((args: { context: OrderSubmissionContext }) => string)) =>
  ({ target: FAILED, actions: { type: 'showProblem', params: problem } }) as const;
/** A busy step: it runs the actor of the same name (its invocation id) and moves on by its answer. */
type Invocation = Exclude<NonNullable<Parameters<typeof orderSubmission.createStateConfig>[0]['invoke']>, unknown[]>;
const busyStep = (invoke: Extract<Invocation, { src: string }>) =>
  orderSubmission.createStateConfig({ tags: 'busy', invoke: { ...invoke, id: invoke.src } });

export const orderSubmissionMachine = orderSubmission.createMachine({
  id: 'orderSubmission',
  context: ({ input }) => ({ requested: [], pending: input.pending, added: 0, cartItemIds: [], problem: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasPending', target: 'holding' }, { target: 'idle' }] },
    idle: { entry: 'dropPending', on: { 'order.submit': submit } },
    failed: { entry: ['dropPending', 'announceFailed'], on: { 'order.submit': submit } },
    holding: {
      invoke: {
        id: 'holdSubmissionLock',
        src: 'holdSubmissionLock',
        // Submit asks once (another tab sending refuses it at once); confirming a stored submission at
        // start waits, since the page it came from may still be letting go of the lock.
        input: ({ context }) => ({ wait: context.requested.length === 0 }),
      },
      initial: 'locking',
      states: {
        locking: {
          tags: 'busy',
          on: {
            'lock.acquired': [
              {
                guard: { type: 'isPendingStored', params: ({ event }) => event.pending },
                target: 'sending.confirming',
                actions: { type: 'takePending', params: ({ event }) => event.pending },
              },
              { guard: 'hasRequest', target: 'keying' },
              // Found at start, but another tab has settled it meanwhile.
              { target: IDLE },
            ],
            // Found at start while another tab sends: that tab settles it.
            'lock.busy': [{ guard: 'hasRequest', ...failWith(LOCK_BUSY) }, { target: IDLE }],
          },
        },
        keying: busyStep({
          src: 'createKey',
          onDone: {
            target: 'sending',
            actions: [
              { type: 'startPending', params: ({ event }) => event.output },
              { type: 'savePending', params: ({ context }) => pendingOf(context) },
            ],
          },
          onError: failed,
        }),
        // Every way out of here is the server's answer for the pending submission.
        sending: {
          exit: 'forgetSavedPending',
          initial: 'clearing',
          states: {
            clearing: busyStep({ src: 'clearCart', onDone: 'adding', onError: failWith(CLEAR_FAILED) }),
            adding: busyStep({
              src: 'addToCart',
              input: ({ context }) => lineToAdd(context),
              onDone: [
                { guard: 'hasMoreLines', target: 'adding', reenter: true, actions: 'countAdded' },
                { target: 'readingCart', actions: 'countAdded' },
              ],
              onError: failWith(({ context }) => addFailed(lineToAdd(context).name)),
            }),
            readingCart: busyStep({
              src: 'readCart',
              onDone: {
                target: 'checkingOut',
                actions: { type: 'keepCartItems', params: ({ event }) => event.output },
              },
              onError: failed,
            }),
            checkingOut: busyStep({
              src: 'checkoutCart',
              input: ({ context }) => ({ key: pendingOf(context).key, cart_item_ids: context.cartItemIds }),
              onDone: sent,
              // A refusal (4xx) is definitive: nothing was placed.
              onError: [{ guard: { type: 'isOutcomeUnknown', params: failureOf }, target: 'confirming' }, failed],
            }),
            confirming: busyStep({
              src: 'readCheckout',
              input: ({ context }) => pendingOf(context).key,
              onDone: sent,
              onError: [
                // No checkout under this key: nothing was placed, and nothing is sent again by itself.
                { guard: { type: 'isNotFound', params: failureOf }, ...failWith(ORDER_FALLBACK) },
                { target: 'unconfirmed', actions: { type: 'showFailure', params: failureOf } },
              ],
            }),
            // The lock stays held: no tab sends or confirms until this outcome is known.
            unconfirmed: {
              entry: 'announceFailed',
              on: { 'order.retry': { target: 'confirming', actions: 'clearProblem' } },
            },
          },
        },
      },
    },
  },
});
