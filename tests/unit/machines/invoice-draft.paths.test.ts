/**
 * Every state of the invoice draft reached through real transitions, with the app's own rules
 * (`invoiceDraftRules`) and a server that creates the invoice, refuses an order (400) or fails
 * (500). The orders are two storefronts of one client and one of another, and the list reads
 * again after an invoice. On every step: Create invoice is accepted exactly while editing, and
 * shows progress exactly while creating; only orders of the chosen client's offered storefront,
 * at least one, with a due date from today on, are ever sent; a new choice drops the pick and
 * its message. Each path ends in what its last event promises.
 */
import { billedOf, requestOf } from '@machines/invoice-draft/invoice-draft.logic';
import { invoiceDraftMachine } from '@machines/invoice-draft/invoice-draft.machine';
import { selectCanCreate, selectIsCreating } from '@machines/invoice-draft/invoice-draft.selectors';
import type { InvoiceDraftEvent, Order } from '@machines/invoice-draft/invoice-draft.types';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { CREATE_INVOICE_FALLBACK, invoiceDraftRules } from '@/features/billing/create-invoice.implementations';
import { defaultDueDate, draftProblems, todayIso } from '@/features/billing/invoice-draft';
import { anInvoice, aReadOrder } from '../../support/fixtures';
import { acceptedOrCompletion, checkEveryPath, replayPath, userAndServer } from '../../support/machine-paths';
import { asRead } from '../../support/read';
import { actorDone, actorFailed } from '../../support/xstate';

const machine = invoiceDraftMachine.provide(invoiceDraftRules);
type Snapshot = SnapshotFrom<typeof machine>;
const input = { dueDate: defaultDueDate(), fallback: CREATE_INVOICE_FALLBACK };

const ada = { id: 7, name: 'Ada Client', company: 'Pixel Retail GmbH' };
const ben = { id: 8, name: 'Ben Buyer' };
const nordic = { id: 3, name: 'Nordic Keys' };
const pixel = { id: 4, name: 'Pixel Wholesale' };
const order = (id: number, client: typeof ada | typeof ben, seller: typeof nordic) =>
  aReadOrder({ id, status: 'completed', client, seller, total: `${id}.00` });
const ALL: Order[] = [order(41, ada, nordic), order(42, ada, nordic), order(43, ada, pixel), order(44, ben, nordic)];
/** The list read again once Ada's Nordic Keys orders are invoiced. */
const LEFT: Order[] = ALL.filter((entry) => entry.id > 42);

const orderRefusal = { status: 400, fieldErrors: { order_ids: 'Order 41 is already invoiced.', raw: 'not ours' } };
const serverFault = { status: 500, message: 'The server had a problem (500). Please try again.' };

const USER_EVENTS: InvoiceDraftEvent[] = [
  { type: 'orders.loaded', orders: ALL },
  { type: 'orders.loaded', orders: LEFT },
  { type: 'client.choose', client: ada.id },
  { type: 'client.choose', client: ben.id },
  { type: 'storefront.choose', storefront: pixel.id },
  { type: 'orders.pick', ids: [41] },
  { type: 'orders.pick', ids: [41, 43] },
  { type: 'orders.pick', ids: [] },
  { type: 'dueDate.change', dueDate: null },
  { type: 'dueDate.change', dueDate: '2000-01-01' },
  { type: 'dueDate.change', dueDate: input.dueDate },
  { type: 'invoice.create' },
];

function serverEvents(s: Snapshot): EventObject[] {
  if (!s.matches({ drafting: 'creating' })) return [];
  const invoice = asRead(anInvoice({ id: 9, number: 'INV-2026-0009' }));
  return [
    actorDone('createInvoice', invoice),
    actorFailed('createInvoice', orderRefusal),
    actorFailed('createInvoice', serverFault),
  ];
}

const label = (event: EventObject) => {
  const e = event as EventObject & Partial<Record<'orders' | 'client' | 'storefront' | 'ids' | 'dueDate', unknown>>;
  if (e.type === 'orders.loaded') return `loaded ${(e.orders as Order[]).length}`;
  if (e.type === 'client.choose') return `client ${e.client}`;
  if (e.type === 'storefront.choose') return `storefront ${e.storefront}`;
  if (e.type === 'orders.pick') return `pick [${e.ids}]`;
  if (e.type === 'dueDate.change') return `due ${e.dueDate}`;
  if (e.type.startsWith('xstate.error')) return `!${(e as { error?: { status: number } }).error?.status}`;
  return e.type.replace('xstate.done.actor.', '') + (e.type.startsWith('xstate.done') ? ' done' : '');
};

const paths = getShortestPaths(machine, {
  input,
  events: userAndServer(USER_EVENTS, serverEvents),
  serializeState: (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.orders.length,
      s.context.client,
      s.context.storefront,
      s.context.picked,
      s.context.dueDate,
      s.context.problems,
    ]),
  filterEvents: acceptedOrCompletion,
});

describe('invoice draft, a shortest path to every state', () => {
  it('reaches loading, editing and creating, with and without problems', () => {
    const ends = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...ends].sort()).toEqual(['"loading"', '{"drafting":"creating"}', '{"drafting":"editing"}']);
    const problems = new Set(paths.map((p) => Object.keys(p.state.context.problems).sort().join('+')));
    expect([...problems].sort()).toEqual(['', 'due_date', 'due_date+order_ids', 'order_ids']);
    expect(paths.length).toBeGreaterThan(200);
  });

  it('keeps the rules on every step, and each path ends in what its last event promises', () => {
    checkEveryPath(paths, walk, label);
  });
});

function walk(path: (typeof paths)[number]) {
  const end = replayPath(machine, input, path, (state, step, before) => {
    everyStep(state);
    if (before) afterEvent(before, step, state);
  });
  expect(JSON.stringify(end.value)).toBe(JSON.stringify(path.state.value));
  expect(end.context).toEqual(path.state.context);
}

function everyStep(state: Snapshot) {
  expect(selectCanCreate(state)).toBe(state.matches({ drafting: 'editing' }));
  expect(selectIsCreating(state)).toBe(state.matches({ drafting: 'creating' }));
  if (state.matches('loading')) expect(state.context.orders).toEqual([]);
}

/** What is sent: at least one order, all of the chosen client's offered storefront, and a due date from today on. */
function expectSendable(state: Snapshot) {
  const { order_ids, due_date } = requestOf(state.context);
  const sent = ALL.filter((entry) => order_ids.includes(entry.id));
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent.map((entry) => `${entry.client.id}/${entry.seller.id}`)).size).toBe(1);
  expect(sent[0]?.client.id).toBe(state.context.client);
  expect(due_date >= todayIso()).toBe(true);
}

function afterEvent(before: Snapshot, step: EventObject, state: Snapshot) {
  const event = step as InvoiceDraftEvent | EventObject;
  const { context } = state;
  switch (event.type) {
    case 'orders.loaded':
      expect(state.matches('drafting')).toBe(true);
      break;
    case 'client.choose':
    case 'storefront.choose':
      // A new choice starts the pick over; a message about the orders goes with it.
      expect(context.picked).toEqual([]);
      expect(context.problems.order_ids).toBeUndefined();
      expect(context.problems.due_date).toBe(before.context.problems.due_date);
      break;
    case 'orders.pick':
      if (context.picked.length > 0) expect(context.problems.order_ids).toBeUndefined();
      break;
    case 'dueDate.change': {
      const due = (event as { dueDate: string | null }).dueDate;
      // A complete day is checked at once; a cleared field waits for Create invoice.
      if (due === null) expect(context.problems.due_date).toBeUndefined();
      else
        expect(context.problems.due_date).toBe(
          draftProblems({ orderCount: 1, dueDate: due, today: todayIso() }).due_date,
        );
      expect(context.problems.order_ids).toBe(before.context.problems.order_ids);
      break;
    }
    case 'invoice.create': {
      const found = draftProblems({
        orderCount: billedOf(before.context).length,
        dueDate: before.context.dueDate,
        today: todayIso(),
      });
      expect(context.problems).toEqual(found);
      expect(state.matches({ drafting: Object.keys(found).length > 0 ? 'editing' : 'creating' })).toBe(true);
      if (state.matches({ drafting: 'creating' })) expectSendable(state);
      break;
    }
    case 'xstate.done.actor.createInvoice':
      // The billed orders are no longer picked; the list reads again to let them go.
      expect(state.matches({ drafting: 'editing' })).toBe(true);
      expect(context.picked).toEqual([]);
      break;
    case 'xstate.error.actor.createInvoice': {
      // The draft stays as it was sent; the server's message for the orders goes next to them.
      expect(state.matches({ drafting: 'editing' })).toBe(true);
      expect(context.picked).toEqual(before.context.picked);
      const status = (event as EventObject & { error: { status: number } }).error.status;
      expect(context.problems).toEqual(status === 400 ? { order_ids: orderRefusal.fieldErrors.order_ids } : {});
      break;
    }
  }
}
