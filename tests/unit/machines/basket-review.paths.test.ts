/**
 * Every state of the basket review reached through real transitions: a basket of two lines, a
 * check that finds one withdrawn (news), finds nothing new, or fails. On every step Submit is
 * accepted only with a line to send and no unavailable line undecided, and never while a check
 * before sending runs (the Keep in basket choice stays open meanwhile); each path ends in what its last event promises.
 */
import { isSendable, undecidedOf } from '@machines/basket-review/basket-review.logic';
import { basketReviewMachine } from '@machines/basket-review/basket-review.machine';
import type { BasketReviewEvent, CheckOutcome } from '@machines/basket-review/basket-review.types';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { acceptedOrCompletion, checkEveryPath, replayPath, userAndServer } from '../../support/machine-paths';
import { actorDone, actorFailed } from '../../support/xstate';

type Snapshot = SnapshotFrom<typeof basketReviewMachine>;
const input = { fallback: 'The basket could not be checked against the current offers.' };
const LINE_IDS = ['a', 'b'];
const line = (id: string) => ({ id, offer_id: id === 'a' ? 1 : 2, name: `Game ${id}`, quantity: 1 });

const withdrawn: CheckOutcome = {
  findings: { unavailable: { b: 'withdrawn' }, priceChanges: {} },
  hasNews: true,
  lines: [line('a')],
  newPrices: new Map(),
};
const unchanged = (s: Snapshot): CheckOutcome => ({
  findings: s.context.findings,
  hasNews: false,
  lines: LINE_IDS.filter((id) => s.context.findings.unavailable[id] === undefined).map(line),
  newPrices: new Map(),
});
const failure = { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' };

const USER_EVENTS: BasketReviewEvent[] = [
  { type: 'review.check', offerIds: [1, 2] },
  { type: 'review.check', offerIds: [] },
  { type: 'review.keep', id: 'b', keep: true },
  { type: 'review.keep', id: 'b', keep: false },
  { type: 'review.submit', lineIds: LINE_IDS, offerIds: [1, 2] },
];

const serverEvents = (s: Snapshot): EventObject[] =>
  s.matches('reviewing')
    ? []
    : [
        actorDone('checkAvailability', withdrawn),
        actorDone('checkAvailability', unchanged(s)),
        actorFailed('checkAvailability', failure),
      ];

const paths = getShortestPaths(basketReviewMachine, {
  input,
  events: userAndServer(USER_EVENTS, serverEvents),
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context]),
  filterEvents: acceptedOrCompletion,
});

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: CheckOutcome; keep?: boolean; offerIds?: number[] };
  if (e.output) return e.output.hasNews ? 'b withdrawn' : 'nothing new';
  if (e.type.startsWith('xstate.error')) return 'check failed';
  if (e.type === 'review.keep') return e.keep ? 'keep b' : 'unkeep b';
  if (e.type === 'review.check') return `check [${e.offerIds}]`;
  return e.type;
};

describe('basket review, a shortest path to every state', () => {
  it('reaches reviewing, checking and sending, with and without a decided withdrawn line', () => {
    const ends = new Set(paths.map((p) => String(p.state.value)));
    expect([...ends].sort()).toEqual(['checking', 'reviewing', 'sending']);
    expect(paths.some((p) => p.state.context.kept.includes('b') && p.state.matches('sending'))).toBe(true);
    expect(paths.some((p) => p.state.context.problem === failure.message)).toBe(true);
  });

  it('keeps the rules on every step, and each path ends in what its last event promises', () => {
    checkEveryPath(paths, walk, label);
  });
});

function walk(path: (typeof paths)[number]) {
  const end = replayPath(basketReviewMachine, input, path, (state, step, before) => {
    const canSubmit = state.can({ type: 'review.submit', lineIds: LINE_IDS, offerIds: [] });
    expect(canSubmit).toBe(!state.matches('sending') && isSendable(state.context, LINE_IDS));
    expect(state.hasTag('checking')).toBe(state.matches('checking'));
    expect(state.hasTag('sending')).toBe(state.matches('sending'));
    if (before) afterEvent(before, step as EventObject, state);
  });
  expect(end.context).toEqual(path.state.context);
}

function afterEvent(before: Snapshot, event: EventObject, state: Snapshot) {
  if (event.type === 'review.check') expect(state.matches('checking')).toBe(true);
  if (event.type === 'review.submit') {
    // Submit went ahead with every unavailable line decided (the choice stays open while sending).
    expect(state.matches('sending')).toBe(true);
    expect(undecidedOf(before.context, LINE_IDS)).toEqual([]);
  }
  if (event.type === 'review.keep') {
    const { keep } = event as EventObject & { keep: boolean };
    expect(state.context.kept.includes('b')).toBe(keep);
    expect(state.value).toBe(before.value);
  }
  if (event.type === 'xstate.done.actor.checkAvailability') {
    const { output } = event as EventObject & { output: CheckOutcome };
    expect([state.value, state.context.findings, state.context.problem]).toEqual(['reviewing', output.findings, null]);
  }
  if (event.type === 'xstate.error.actor.checkAvailability') {
    // The findings shown before stay; the failure is said.
    expect([state.value, state.context.findings, state.context.problem]).toEqual([
      'reviewing',
      before.context.findings,
      failure.message,
    ]);
  }
}
