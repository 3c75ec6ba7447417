/**
 * Every simple path of the negotiation machine, for both roles and from every place an order can
 * stand, against a server that answers each move as the contract's order lifecycle table says.
 * On every step: a move the table forbids is never offered, at rest the state is the order's
 * status and negotiation, and busy states take no move. Then: every row of the table was walked by
 * every role it names, and by no other.
 */
import { CONFLICT_MESSAGE } from '@machines/negotiation/negotiation.logic';
import { negotiationMachine } from '@machines/negotiation/negotiation.machine';
import type { Move, NegotiationEvent, NegotiationRole, Order } from '@machines/negotiation/negotiation.types';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { aReadOrder } from '../../support/fixtures';
import { statesReached, stateValues, userAndServer } from '../../support/machine-paths';
import { actorDone, actorFailed, pathName } from '../../support/xstate';

type Negotiation = Order['negotiation'];
type Snapshot = SnapshotFrom<typeof negotiationMachine>;

const ALL: readonly Negotiation[] = [
  'none',
  'special_price_requested',
  'counter_proposed',
  'counter_accepted',
  'counter_declined',
];

/** The contract's table, rows 2 to 6 (row 1, request-special-price, creates the order: see the starts). */
const TABLE: readonly {
  move: Move;
  by: readonly NegotiationRole[];
  from: readonly Negotiation[];
  to: Partial<Order>;
}[] = [
  {
    move: 'counter',
    by: ['seller'],
    from: ['none', 'special_price_requested', 'counter_declined', 'counter_accepted'],
    to: { negotiation: 'counter_proposed' },
  },
  { move: 'accept', by: ['client'], from: ['counter_proposed'], to: { negotiation: 'counter_accepted' } },
  { move: 'decline', by: ['client'], from: ['counter_proposed'], to: { negotiation: 'counter_declined' } },
  {
    move: 'approve',
    by: ['seller'],
    from: ALL.filter((n) => n !== 'counter_proposed'),
    to: { status: 'completed', completed_at: '2026-11-21T10:00:00Z' },
  },
  {
    move: 'cancel',
    by: ['seller', 'client'],
    from: ALL,
    to: { status: 'cancelled', cancelled_at: '2026-11-21T10:00:00Z' },
  },
];

/** Each move's event at rest; a counter-offer opens the counter form, which sends SEND_COUNTER. */
const MOVES: Record<Move, NegotiationEvent> = {
  accept: { type: 'negotiation.accept' },
  decline: { type: 'negotiation.decline' },
  cancel: { type: 'negotiation.cancel' },
  counter: { type: 'counter.open' },
  approve: { type: 'negotiation.approve' },
};
const SEND_COUNTER: NegotiationEvent = {
  type: 'negotiation.counter',
  counter: { lines: [{ line_id: 101, unit_price: '11.00' }] },
};
/** The invoked actor of each move's call. */
const CALL: Record<Move, string> = {
  accept: 'respondToCounter',
  decline: 'respondToCounter',
  cancel: 'cancelOrder',
  counter: 'counterOrder',
  approve: 'approveOrder',
};
const SENDING: Record<string, Move> = {
  accepting: 'accept',
  declining: 'decline',
  cancelling: 'cancel',
  countering: 'counter',
  approving: 'approve',
};

const allowed = (role: NegotiationRole, order: Order, move: Move) =>
  order.status === 'in_progress' &&
  TABLE.some((row) => row.move === move && row.by.includes(role) && row.from.includes(order.negotiation));

const moveInFlight = (s: Snapshot): Move | null => {
  const value = s.value;
  return typeof value === 'object' && 'sending' in value ? (SENDING[String(value.sending)] ?? null) : null;
};

/** The server: the table's answer to the move in flight, a 409, or a refusal. */
const forbidden = { status: 403, detail: 'You do not have permission to perform this action.' };
const conflict = { status: 409, detail: 'This order is cancelled: it can no longer be changed.' };
const notFound = { status: 404, detail: 'Not found.' };
/** What the other side did meanwhile, as the read after a 409 finds it (anyone may cancel). */
const cancelledMeanwhile = (order: Order): Order => ({
  ...order,
  status: 'cancelled',
  cancelled_at: '2026-11-21T09:59:00Z',
});

function serverEvents(s: Snapshot): EventObject[] {
  const move = moveInFlight(s);
  if (move) {
    const row = TABLE.find((r) => r.move === move);
    return [
      actorDone(CALL[move], { ...s.context.order, ...row?.to }),
      actorFailed(CALL[move], conflict),
      actorFailed(CALL[move], forbidden),
    ];
  }
  if (s.matches('reloading')) {
    return [actorDone('readOrder', cancelledMeanwhile(s.context.order)), actorFailed('readOrder', notFound)];
  }
  return [];
}

const USER_EVENTS: NegotiationEvent[] = [
  ...Object.values(MOVES),
  SEND_COUNTER,
  { type: 'counter.close' },
  { type: 'negotiation.confirm' },
  { type: 'negotiation.dismiss' },
];

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: Order; error?: { status: number } };
  if (e.output) return `${e.type.split('.').at(-1)}→${e.output.status}/${e.output.negotiation}`;
  if (e.error) return `${e.type.split('.').at(-1)}!${e.error.status}`;
  return e.type;
};

/** Where an order at rest puts the machine: the contract's values. */
const expectedValue = (order: Order) =>
  order.status === 'in_progress' ? { in_progress: order.negotiation } : order.status;

const STARTS: Order[] = [
  ...ALL.map((negotiation) => aReadOrder({ negotiation })),
  aReadOrder({ status: 'completed', negotiation: 'counter_accepted', completed_at: '2026-11-21T10:00:00Z' }),
  aReadOrder({ status: 'cancelled', negotiation: 'special_price_requested', cancelled_at: '2026-11-21T10:00:00Z' }),
];
const ROLES: NegotiationRole[] = ['client', 'seller'];

const pathsFor = (role: NegotiationRole, order: Order) =>
  getSimplePaths(negotiationMachine, {
    input: { order, role },
    events: userAndServer(USER_EVENTS, serverEvents),
    filterEvents: (s, event) => s.can(event),
  });

describe.each(ROLES.flatMap((role) => STARTS.map((order) => [role, order] as const)))(
  'as the %s, from %o',
  (role, start) => {
    const paths = pathsFor(role, start);

    it.each(paths.map((p) => [pathName(p, label), p] as const))('%s keeps the table', (_, path) => {
      let before: Snapshot | null = null;
      for (const { state, event } of path.steps) {
        const order = state.context.order;
        const atRest = !state.hasTag('busy') && !state.matches('confirming') && !state.matches('countering');
        // A move the table forbids is never offered; at rest every move it allows is.
        for (const move of Object.keys(MOVES) as Move[]) {
          expect(state.can(MOVES[move]), `${move} offered`).toBe(atRest && allowed(role, order, move));
        }
        // At rest the state is the order's status and negotiation, under the contract's names.
        if (atRest) expect(state.value).toEqual(expectedValue(order));
        if (state.hasTag('busy')) {
          for (const e of [{ type: 'negotiation.confirm' }, { type: 'negotiation.dismiss' }, SEND_COUNTER] as const) {
            expect(state.can(e), e.type).toBe(false);
          }
        }
        // A counter-offer is sent only from the open counter form, and only when the table allows it.
        expect(state.can(SEND_COUNTER)).toBe(state.matches('countering'));
        if (state.matches('countering')) expect(allowed(role, order, 'counter')).toBe(true);
        // Only the destructive moves wait for a confirmation, and only when the table allows them.
        if (state.matches('confirming')) {
          expect(['cancel', 'decline']).toContain(state.context.move);
          if (before && state.context.move) expect(allowed(role, before.context.order, state.context.move)).toBe(true);
        }
        const e = event as EventObject & { output?: Order; error?: { status: number } };
        if (e.type.startsWith('xstate.done.actor.') && e.type !== 'xstate.done.actor.readOrder') {
          expect(order).toEqual(e.output);
          expect(state.context.problem).toBeNull();
        }
        if (e.type === 'xstate.done.actor.readOrder') {
          expect(order).toEqual(e.output);
          expect(state.context.problem).toBe(CONFLICT_MESSAGE);
        }
        if (e.type.startsWith('xstate.error.actor.') && e.error?.status !== 409) {
          expect(order).toEqual(before?.context.order);
          expect(state.context.problem).toMatch(/^(You do not have permission to .+|Resource not found)$/);
        }
        before = state;
      }
    });

    it('starts where the order stands (a new special-price request starts at special_price_requested)', () => {
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect(path.steps[0]?.state.value).toEqual(expectedValue(start));
    });
  },
);

it('walks every row of the table, for every role it names and no other', () => {
  const walked = new Set<string>();
  for (const role of ROLES) {
    for (const start of STARTS) {
      for (const path of pathsFor(role, start)) {
        path.steps.forEach(({ state, event }, i) => {
          const previous = path.steps[i - 1]?.state;
          const move = previous ? moveInFlight(previous) : null;
          if (!move || event.type !== `xstate.done.actor.${CALL[move]}`) return;
          const sentFrom = path.steps.findLast(
            (step, j) =>
              j < i &&
              !step.state.hasTag('busy') &&
              !step.state.matches('confirming') &&
              !step.state.matches('countering'),
          );
          walked.add(`${role} ${move} ${sentFrom?.state.context.order.negotiation} → ${JSON.stringify(state.value)}`);
        });
      }
    }
  }
  const expected = TABLE.flatMap((row) =>
    row.by.flatMap((role) =>
      row.from.map(
        (from) =>
          `${role} ${row.move} ${from} → ${JSON.stringify(expectedValue({ ...aReadOrder({ negotiation: from }), ...row.to }))}`,
      ),
    ),
  );
  expect(walked).toEqual(new Set(expected));
});

it('reaches every state of the machine', () => {
  const paths = ROLES.flatMap((role) => STARTS.flatMap((start) => pathsFor(role, start)));
  expect(statesReached(paths)).toEqual(
    stateValues([
      ...ALL.map((negotiation) => ({ in_progress: negotiation })),
      'completed',
      'cancelled',
      { confirming: 'cancel' },
      { confirming: 'decline' },
      'countering',
      ...Object.keys(SENDING).map((sending) => ({ sending })),
      'reloading',
    ]),
  );
});
