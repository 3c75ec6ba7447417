/**
 * Every simple path of the change-preview machine for two offers, one of them refused by the
 * rules, against a server that writes the rows, answers that an offer changed meanwhile (409) or
 * fails. On every step: a ticked row has no problem; busy states take no new action; `batchIds`
 * holds what was written; a conflict's rows show the server's offer, marked.
 */
import { changePreviewMachine } from '@machines/change-preview/change-preview.machine';
import type { PreviewEvent, PreviewInput, PreviewRow } from '@machines/change-preview/change-preview.types';
import { describe, expect, it } from 'vitest';
import { assign, type EventObject, type SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { aReadOffer } from '../../support/fixtures';
import { statesReached, stateValues, userAndServer } from '../../support/machine-paths';
import { actorDone, actorFailed, pathName } from '../../support/xstate';

/** The rules, as the tests have them: a price typed "bad" is refused. */
const machine = changePreviewMachine.provide({
  actions: {
    checkRows: assign(({ context }) => ({
      rows: context.rows.map(
        (row): PreviewRow => ({ ...row, problems: row.typed.unit_price === 'bad' ? { unit_price: 'Refused.' } : {} }),
      ),
    })),
  },
});
type Snapshot = SnapshotFrom<typeof machine>;

const starfall = aReadOffer({ id: 1, product: 'Starfall', version: 3 });
const moonRun = aReadOffer({ id: 2, product: 'Moon Run', version: 1 });
const input: PreviewInput = {
  source: 'paste',
  changes: [
    { offer: starfall, field: 'unit_price', typed: '9.50', patch: { unit_price: '9.50' }, unreadable: null },
    { offer: moonRun, field: 'unit_price', typed: 'bad', patch: {}, unreadable: null },
  ],
};

const USER_EVENTS: PreviewEvent[] = [
  { type: 'preview.confirm' },
  { type: 'preview.toggle', id: 1 },
  { type: 'preview.toggle', id: 2 },
  { type: 'preview.apply' },
  { type: 'preview.cancel' },
  { type: 'preview.retry' },
  { type: 'preview.undo' },
];
const theirs = { ...starfall, version: 4 };

function serverEvents(s: Snapshot): EventObject[] {
  if (s.matches('applying'))
    return [
      actorDone('applyChanges', { sent: 1, written: 1, batchId: 70 }),
      actorDone('applyChanges', { conflict: [theirs] }),
      actorFailed('applyChanges', { status: 503, message: 'Try again later.' }),
    ];
  if (s.matches('undoing')) return [actorDone('revertBatch', {}), actorFailed('revertBatch', { status: 409 })];
  return [];
}

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: object; id?: number };
  if (e.output && 'conflict' in e.output) return `${e.type}(conflict)`;
  return e.id === undefined ? e.type : `${e.type}(${e.id})`;
};

const NEW_ACTIONS: PreviewEvent[] = [
  { type: 'preview.toggle', id: 1 },
  { type: 'preview.apply' },
  { type: 'preview.cancel' },
];

describe.each([
  ['fitting the page', undefined],
  ['cut to the page', { rows: 3, fit: 2 }],
] as const)('change preview %s', (_, overflow) => {
  const paths = getSimplePaths(machine, {
    input: { ...input, ...(overflow && { overflow }) },
    events: userAndServer(USER_EVENTS, serverEvents),
    filterEvents: (s, event) => event.type.startsWith('xstate.') || s.can(event as PreviewEvent),
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.rows.map((row) => [row.ticked, row.changedSince]), s.context.batchIds]),
  });

  it.each(paths.map((p) => [pathName(p, label), p] as const))('%s keeps the invariants', (_, path) => {
    for (const { state } of path.steps) {
      for (const row of state.context.rows) {
        if (row.ticked) expect(row.problems).toEqual({});
        if (row.changedSince) expect(row.offer.version).toBe(4);
      }
      expect(state.context.rows.find((row) => row.offer.id === 2)?.ticked ?? false).toBe(false);
      if (state.matches('confirmingSize')) expect(state.can({ type: 'preview.apply' })).toBe(false);
      if (state.hasTag('busy')) for (const e of NEW_ACTIONS) expect(state.can(e), e.type).toBe(false);
      if (state.matches('done') || state.matches('undoing')) expect(state.context.batchIds).toEqual([70]);
      if (state.matches({ choosing: 'conflict' }))
        expect(state.context.rows.some((row) => row.changedSince)).toBe(true);
    }
  });

  it('reaches every state', () => {
    expect(statesReached(paths)).toEqual(
      stateValues([
        ...(overflow ? ['confirmingSize'] : []),
        { choosing: 'reviewing' },
        { choosing: 'conflict' },
        { applying: 'sending' },
        'failed',
        'done',
        { undoing: 'sending' },
        'undone',
        'undoFailed',
        'cancelled',
      ]),
    );
  });
});
