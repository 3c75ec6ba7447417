/**
 * The new invoice on Create Invoice (behaviour §2, Create Invoice): a client, one of its
 * storefronts, the orders to bill among that pair's completed orders not invoiced yet, and a due
 * date. The page sends the orders it read (`orders.loaded`, again whenever the order or invoice
 * lists change) and the user's choices; the app provides the rules (`checkDraft` on Create invoice,
 * `checkDueDate` as a day is entered: they live in src/) and `createInvoice` (the call).
 * Emits `draft.refused` when the rules stop Create invoice, then `invoice.created` or
 * `invoice.failed` (its field messages are already next to their fields).
 * Invariants: only orders of the chosen client's offered storefront are sent; nothing is sent while
 * the rules refuse the draft; one invoice is created at a time; a created invoice's orders are no
 * longer picked.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, emit, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import { requestOf, serverProblemsOf, withoutOrderProblem } from './invoice-draft.logic';
import type { Invoice, InvoiceCreateRequest, InvoiceDraftTypes, Order } from './invoice-draft.types';

const invoiceDraft = setup({
  types: {} as InvoiceDraftTypes,
  actors: { createInvoice: notProvided<Invoice, InvoiceCreateRequest>('createInvoice') },
  actions: {
    takeOrders: assign((_, orders: Order[]) => ({ orders })),
    chooseClient: assign(({ context }, client: number | null) => ({
      client,
      storefront: null,
      picked: [],
      problems: withoutOrderProblem(context.problems),
    })),
    chooseStorefront: assign(({ context }, storefront: number | null) => ({
      storefront,
      picked: [],
      problems: withoutOrderProblem(context.problems),
    })),
    pick: assign(({ context }, ids: number[]) => ({
      picked: ids,
      problems: ids.length > 0 ? withoutOrderProblem(context.problems) : context.problems,
    })),
    setDueDate: assign((_, dueDate: string | null) => ({ dueDate })),
    /** The app's rules put every problem of the draft in `problems` (behaviour §5, Create Invoice). */
    checkDraft: assign(() => {
      throw new Error('The action "checkDraft" was not provided');
    }),
    /** The app's rules check an entered day at once; a cleared field waits for Create invoice. */
    checkDueDate: assign(() => {
      throw new Error('The action "checkDueDate" was not provided');
    }),
    showServerProblems: assign((_, error: unknown) => ({ problems: serverProblemsOf(error) })),
    dropPicked: assign({ picked: [] }),
    reportRefused: emit(({ context }) => ({ type: 'draft.refused' as const, problems: context.problems })),
    reportCreated: emit((_, invoice: Invoice) => ({ type: 'invoice.created' as const, invoice })),
    reportFailed: emit(({ context }, error: unknown) => ({
      type: 'invoice.failed' as const,
      message: messageOf(error, context.fallback),
      fieldErrors: context.problems,
    })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(context.problems).length > 0,
  },
});

// Annotated, as TypeScript infers no params inside an action list.
const outputOf = ({ event }: { event: DoneActorEvent<Invoice> }) => event.output;
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

export const invoiceDraftMachine = invoiceDraft.createMachine({
  id: 'invoiceDraft',
  context: ({ input }) => ({
    orders: [],
    client: null,
    storefront: null,
    picked: [],
    dueDate: input.dueDate,
    problems: {},
    fallback: input.fallback,
  }),
  initial: 'loading',
  states: {
    /** Until the orders to invoice are first read, there is nothing to choose from. */
    loading: {
      on: {
        'orders.loaded': { target: 'drafting', actions: { type: 'takeOrders', params: ({ event }) => event.orders } },
      },
    },
    // The draft may change while it is being created, as the page never locks it; what was sent is what the server bills.
    drafting: {
      on: {
        'orders.loaded': { actions: { type: 'takeOrders', params: ({ event }) => event.orders } },
        'client.choose': { actions: { type: 'chooseClient', params: ({ event }) => event.client } },
        'storefront.choose': { actions: { type: 'chooseStorefront', params: ({ event }) => event.storefront } },
        'orders.pick': { actions: { type: 'pick', params: ({ event }) => event.ids } },
        'dueDate.change': {
          actions: [{ type: 'setDueDate', params: ({ event }) => event.dueDate }, 'checkDueDate'],
        },
      },
      initial: 'editing',
      states: {
        editing: {
          on: { 'invoice.create': { target: 'checking', actions: 'checkDraft' } },
        },
        checking: {
          always: [{ guard: 'hasProblems', target: 'editing', actions: 'reportRefused' }, { target: 'creating' }],
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'createInvoice',
            src: 'createInvoice',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: 'editing',
              actions: ['dropPicked', { type: 'reportCreated', params: outputOf }],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'showServerProblems', params: errorOf },
                { type: 'reportFailed', params: errorOf },
              ],
            },
          },
        },
      },
    },
  },
});
