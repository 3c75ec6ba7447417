/**
 * The basket's review before it is sent (behaviour §2, checking the basket; §4): its offers are
 * checked when it opens and again right before sending; unavailable lines are marked and the user
 * keeps them ("Keep in basket", they stay unsent) or removes them. The popover and My Cart send
 * the events; the app provides `checkAvailability` (the call, read against the basket as it is)
 * and `takePrices` (the basket takes the new prices, in the same step as the findings are shown).
 * Emits `review.passed` with the lines to order, or `review.changed` when the check before
 * sending found something the user has not seen (nothing goes out unseen).
 * Invariants: Submit is accepted only with a line to send and no unavailable line undecided; one
 * check runs at a time; `problem` is the latest check's.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, emit, setup } from 'xstate';
import { messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import { isSendable } from './basket-review.logic';
import type { BasketReviewTypes, CheckInput, CheckOutcome, Findings } from './basket-review.types';

const NO_FINDINGS: Findings = { unavailable: {}, priceChanges: {} };

const basketReview = setup({
  types: {} as BasketReviewTypes,
  actors: { checkAvailability: notProvided<CheckOutcome, CheckInput>('checkAvailability') },
  actions: {
    forgetProblem: assign({ problem: null }),
    takeFindings: assign((_, outcome: CheckOutcome) => ({ findings: outcome.findings })),
    takePrices: (_, _outcome: CheckOutcome) => {},
    keep: assign(({ context }, choice: { id: string; keep: boolean }) => ({
      kept: choice.keep ? [...new Set([...context.kept, choice.id])] : context.kept.filter((id) => id !== choice.id),
    })),
    showProblem: assign(({ context }, error: unknown) => ({ problem: messageOf(error, context.fallback) })),
    reportChanged: emit({ type: 'review.changed' }),
    reportPassed: emit((_, outcome: CheckOutcome) => ({ type: 'review.passed' as const, lines: outcome.lines })),
  },
  guards: {
    hasOffers: (_, offerIds: number[]) => offerIds.length > 0,
    isSendable: ({ context }, lineIds: string[]) => isSendable(context, lineIds),
    hasNews: (_, outcome: CheckOutcome) => outcome.hasNews,
  },
});

// Annotated, as TypeScript infers no params inside an action list.
const outcomeOf = ({ event }: { event: DoneActorEvent<CheckOutcome> }) => event.output;
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
/** Submit, while reviewing or while the opening check runs (which it replaces). */
const submit = {
  guard: { type: 'isSendable', params: ({ event }: { event: { lineIds: string[] } }) => event.lineIds },
  target: '#basketReview.sending',
} as const;

export const basketReviewMachine = basketReview.createMachine({
  id: 'basketReview',
  context: ({ input }) => ({ findings: NO_FINDINGS, kept: [], problem: null, fallback: input.fallback }),
  initial: 'reviewing',
  on: {
    'review.keep': { actions: { type: 'keep', params: ({ event }) => event } },
  },
  states: {
    reviewing: {
      on: {
        'review.check': {
          guard: { type: 'hasOffers', params: ({ event }) => event.offerIds },
          target: 'checking',
        },
        'review.submit': submit,
      },
    },
    checking: {
      tags: 'checking',
      entry: 'forgetProblem',
      on: { 'review.submit': submit },
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context, event }) => ({
          offerIds: event.type === 'review.check' ? event.offerIds : [],
          previous: context.findings,
        }),
        onDone: {
          target: 'reviewing',
          actions: [
            { type: 'takeFindings', params: outcomeOf },
            { type: 'takePrices', params: outcomeOf },
          ],
        },
        onError: { target: 'reviewing', actions: { type: 'showProblem', params: errorOf } },
      },
    },
    sending: {
      tags: 'sending',
      entry: 'forgetProblem',
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context, event }) => ({
          offerIds: event.type === 'review.submit' ? event.offerIds : [],
          previous: context.findings,
        }),
        onDone: [
          {
            guard: { type: 'hasNews', params: outcomeOf },
            target: 'reviewing',
            actions: [
              { type: 'takeFindings', params: outcomeOf },
              { type: 'takePrices', params: outcomeOf },
              'reportChanged',
            ],
          },
          {
            target: 'reviewing',
            actions: [
              { type: 'takeFindings', params: outcomeOf },
              { type: 'takePrices', params: outcomeOf },
              { type: 'reportPassed', params: outcomeOf },
            ],
          },
        ],
        onError: { target: 'reviewing', actions: { type: 'showProblem', params: errorOf } },
      },
    },
  },
});
