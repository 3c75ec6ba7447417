/**
 * Every simple path of the row-editing machine, from viewing, with the app's own offer rules
 * (`offerRules`, the rules the CSV upload checks too) and a server that saves, answers a 409 with
 * a newer version, refuses a field (400) or fails (500). On every step the rules hold:
 * at most one row edits and viewing keeps no draft; the action reads Update exactly when the
 * draft differs from where the edit began; nothing is sent while the rules refuse the draft; a
 * refusal keeps the typed values; a changed row is never left without asking.
 */

import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { selectEditingId, selectIsChanged } from '@machines/row-editing/row-editing.selectors';
import type { Offer, OfferDraft, RowEditingEvent } from '@machines/row-editing/row-editing.types';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { validateOfferDraft } from '@/features/seller-offers/offer-rules';
import { offerRules, toDraft } from '@/features/seller-offers/seller-offers.implementations';
import { aReadOffer } from '../../support/fixtures';
import {
  acceptedOrCompletion,
  checkEveryPath,
  replayPath,
  statesReached,
  stateValues,
  userAndServer,
} from '../../support/machine-paths';
import { actorDone, actorFailed } from '../../support/xstate';

const machine = rowEditingMachine.provide(offerRules);
type Snapshot = SnapshotFrom<typeof machine>;

const A: Offer = aReadOffer({ id: 1, product: 'Starfall', version: 3 });
const B: Offer = aReadOffer({ id: 2, product: 'Cave Runner', version: 1 });
const THEIRS: Offer = { ...A, product: 'Starfall (theirs)', version: 4 };

const USER_EVENTS: RowEditingEvent[] = [
  { type: 'edit.start', original: A, draft: toDraft(A) },
  { type: 'edit.start', original: B, draft: toDraft(B) },
  { type: 'edit.change', patch: { product: 'Starfall Deluxe' } },
  { type: 'edit.change', patch: { product: '' } },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'edit.leave' },
  { type: 'leave.discard' },
  { type: 'leave.stay' },
  { type: 'conflict.keepTheirs' },
  { type: 'conflict.keepMine' },
];

const fieldRefusal = {
  status: 400,
  fieldErrors: { 'offers.0.unit_price': 'Ensure this value is less than or equal to 1000000.00.' },
};
const serverFault = { status: 500, message: 'The server had a problem (500). Please try again.' };

function serverEvents(s: Snapshot): EventObject[] {
  if (!s.matches('saving') || !s.context.original || !s.context.draft) return [];
  const saved = { ...s.context.original, product: s.context.draft.product, version: s.context.original.version + 1 };
  const conflicts = s.context.original.version === THEIRS.version ? [] : [actorDone('saveOffer', { conflict: THEIRS })];
  return [
    actorDone('saveOffer', { saved }),
    ...conflicts,
    actorFailed('saveOffer', fieldRefusal),
    actorFailed('saveOffer', serverFault),
  ];
}

const label = (event: EventObject) => {
  const e = event as EventObject & {
    original?: Offer;
    patch?: Partial<OfferDraft>;
    output?: { saved?: Offer; conflict?: Offer };
    error?: { status: number };
  };
  if (e.type === 'edit.start') return `start ${e.original?.product}`;
  if (e.patch) return `type "${e.patch.product}"`;
  if (e.output) return e.output.saved ? 'saved' : '409';
  if (e.error) return `!${e.error.status}`;
  return e.type;
};

/**
 * What tells two snapshots apart for the traversal: state, row, version, draft, what waits, their
 * version. Messages are left out, or the paths would run to the hundreds of thousands; each path
 * is replayed to check them.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.original?.id,
    s.context.original?.version,
    s.context.draft?.product,
    s.context.next?.original.id,
    s.context.theirs?.version,
  ]);

const paths = getSimplePaths(machine, {
  events: userAndServer(USER_EVENTS, serverEvents),
  serializeState,
  filterEvents: acceptedOrCompletion,
});

describe('row editing, every simple path', () => {
  it('has paths through saving, conflicts and leaving', () => {
    expect(statesReached(paths)).toEqual(stateValues(['conflict', 'editing', 'leaving', 'saving', 'viewing']));
    expect(paths.length).toBeGreaterThan(100);
  });

  // One test over all paths (tens of thousands): a test each would cost more than the checks.
  it('keeps the rules on every step of every path', () => {
    checkEveryPath(paths, walk, label);
  });
});

function walk(path: (typeof paths)[number]) {
  // Replayed from the start: the traversal merges snapshots that differ only in messages.
  replayPath(machine, undefined, path, (state, step, before) => {
    const event = step as EventObject;
    const { original, draft, initial, errors, theirs, next } = state.context;
    // One row at most; viewing keeps nothing.
    if (state.matches('viewing')) {
      expect([original, draft, initial, theirs, next]).toEqual([null, null, null, null, null]);
      expect(errors).toEqual({});
      expect(selectEditingId(state)).toBeNull();
    } else {
      expect(selectEditingId(state)).toBe(String(original?.id));
      expect(draft).not.toBeNull();
    }
    // The action reads Update exactly when a value changed.
    if (draft && initial) {
      expect(selectIsChanged(state)).toBe(JSON.stringify(draft) !== JSON.stringify(initial));
    }
    // Nothing is sent while the rules refuse the draft, nor an unchanged draft.
    if (state.matches('saving') && before && !before.matches('conflict')) {
      expect(validateOfferDraft(draft as OfferDraft)).toEqual({});
      expect(selectIsChanged(state)).toBe(true);
    }
    // A refused draft stays open with the rules' message on the field.
    if (event.type === 'edit.save' && before && selectIsChanged(before)) {
      const problems = validateOfferDraft(before.context.draft as OfferDraft);
      if (Object.keys(problems).length > 0) {
        expect(state.matches('editing')).toBe(true);
        expect(errors).toEqual(problems);
      }
    }
    if (event.type === 'edit.save' && before && !selectIsChanged(before) && before.matches('editing')) {
      expect(state.matches('viewing')).toBe(true);
    }
    // A server refusal keeps what was typed: a field error on its input, anything else for the row.
    if (event.type === 'xstate.error.actor.saveOffer') {
      expect(state.matches('editing')).toBe(true);
      expect(draft).toEqual(before?.context.draft);
      const status = (event as EventObject & { error: { status: number } }).error.status;
      if (status === 400) expect(errors).toEqual({ unit_price: fieldRefusal.fieldErrors['offers.0.unit_price'] });
      else expect(state.context.problem).toBe(serverFault.message);
    }
    // A 409 shows their version beside the draft; keeping mine saves over theirs.
    if (event.type === 'xstate.done.actor.saveOffer') {
      const output = (event as EventObject & { output: { conflict?: Offer } }).output;
      expect(state.matches(output.conflict ? 'conflict' : 'viewing')).toBe(true);
      if (output.conflict) expect(theirs).toEqual(THEIRS);
    }
    if (event.type === 'conflict.keepMine') {
      expect(state.matches('saving')).toBe(true);
      expect(original?.version).toBe(THEIRS.version);
      expect(draft).toEqual(before?.context.draft);
    }
    // Leaving a changed row asks; an unchanged one just closes (or moves to the other row).
    if ((event.type === 'edit.leave' || event.type === 'edit.start') && before?.matches('editing')) {
      const other =
        event.type === 'edit.leave' ||
        (event as unknown as { original: Offer }).original.id !== before.context.original?.id;
      if (other) expect(state.matches('leaving')).toBe(selectIsChanged(before));
    }
    if (event.type === 'leave.stay') expect([state.value, draft]).toEqual(['editing', before?.context.draft]);
    if (event.type === 'leave.discard') {
      const waiting = before?.context.next;
      expect(original?.id ?? null).toBe(waiting ? waiting.original.id : null);
      if (waiting) expect(draft).toEqual(waiting.draft);
    }
    if (event.type === 'edit.cancel') expect(state.matches('viewing')).toBe(true);
  });
}
