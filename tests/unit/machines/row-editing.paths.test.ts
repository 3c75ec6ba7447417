/**
 * Every simple path of the row-editing machine, from viewing, with the app's own offer rules
 * (`offerRules`, the rules the CSV upload checks too) and a server that saves, answers a 409 with
 * a newer version, refuses a field (400) or fails (500), for each row with a save in flight. On
 * every step the rules hold: at most one row edits and viewing keeps no draft; the action
 * reads Update exactly when the draft differs from where the edit began; nothing is sent while
 * the rules refuse the draft, and a row has one save in flight at most; an answer never touches
 * what is typed since (a refusal keeps the typed values, in the row or in its failed save); a
 * changed row, or one saving or not saved, is never left without asking.
 */

import { rowOfSave, saveActorId } from '@machines/row-editing/row-editing.logic';
import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { selectEditingId, selectHasUnsaved, selectIsChanged } from '@machines/row-editing/row-editing.selectors';
import type { Offer, OfferDraft, RowEditingEvent } from '@machines/row-editing/row-editing.types';
import { describe, expect, it } from 'vitest';
import { type EventObject, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
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
  { type: 'save.retry', id: A.id },
  { type: 'save.retry', id: B.id },
  { type: 'save.shown', id: A.id },
];

const fieldRefusal = {
  status: 400,
  fieldErrors: { 'offers.0.unit_price': 'Ensure this value is less than or equal to 1000000.00.' },
};
const serverFault = { status: 500, message: 'The server had a problem (500). Please try again.' };

function serverEvents(s: Snapshot): EventObject[] {
  return Object.values(s.context.saves).flatMap(({ status, original, draft }) => {
    if (status !== 'saving') return [];
    const id = saveActorId(original.id);
    const saved = { ...original, product: draft.product, version: original.version + 1 };
    // Row B, saved or refused, shows the answer beside an edit of A; row A meets every answer.
    if (original.id !== A.id) return [actorDone(id, { saved }), actorFailed(id, fieldRefusal)];
    const conflicts = original.version === THEIRS.version ? [] : [actorDone(id, { conflict: THEIRS })];
    return [actorDone(id, { saved }), ...conflicts, actorFailed(id, fieldRefusal), actorFailed(id, serverFault)];
  });
}

const label = (event: EventObject) => {
  const e = event as EventObject & {
    original?: Offer;
    patch?: Partial<OfferDraft>;
    output?: { saved?: Offer; conflict?: Offer };
    error?: { status: number };
  };
  const row = e.type.startsWith('xstate.') ? ` ${rowOfSave(e.type)}` : '';
  if (e.type === 'edit.start') return `start ${e.original?.product}`;
  if (e.type.startsWith('save.')) return `${e.type} ${(e as unknown as { id: number }).id}`;
  if (e.patch) return `type "${e.patch.product}"`;
  if (e.output) return (e.output.saved ? 'saved' : '409') + row;
  if (e.error) return `!${e.error.status}${row}`;
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
    Object.entries(s.context.saves).map(([id, save]) => [id, save.status, save.original.version === THEIRS.version]),
  ]);

const traversal = {
  events: userAndServer(USER_EVENTS, serverEvents),
  serializeState,
  filterEvents: acceptedOrCompletion,
};
// With saves beside the edit the machine has hundreds of states, too many for every simple path:
// the shortest path to each state is replayed, and every event each state accepts is checked.
const paths = getShortestPaths(machine, traversal);

describe('row editing, every state and every transition', () => {
  it('has paths through saves, conflicts and leaving', () => {
    expect(statesReached(paths)).toEqual(stateValues(['conflict', 'editing', 'leaving', 'viewing']));
    expect(paths.length).toBeGreaterThan(100);
  });

  // One test over all paths (hundreds): a test each would cost more than the checks.
  it('keeps the rules on every step of the path to every state', () => {
    checkEveryPath(paths, walk, label);
  });

  it('keeps the rules on every transition of every state', () => {
    for (const { state: before } of paths) {
      const events = traversal.events(before).filter((event) => acceptedOrCompletion(before, event));
      for (const event of events) {
        try {
          checkStep(getNextSnapshot(machine, before, event), event, before);
        } catch (error) {
          throw new Error(`${serializeState(before)} → ${label(event)}: ${(error as Error).message}`);
        }
      }
    }
  });
});

const EDIT_CLOSED = { original: null, draft: null, initial: null, errors: {}, problem: null, theirs: null, next: null };

function walk(path: (typeof paths)[number]) {
  // Replayed from the start: the traversal merges snapshots that differ only in messages.
  replayPath(machine, undefined, path, checkStep);
}

function checkStep(state: Snapshot, step: EventObject, before: Snapshot | null) {
  {
    const event = step as EventObject & { output?: { saved?: Offer; conflict?: Offer }; error?: { status: number } };
    const { original, draft, initial, saves } = state.context;
    // One row at most; viewing keeps nothing of an edit.
    if (state.matches('viewing')) {
      expect({ ...state.context, saves: {} }).toEqual({ ...EDIT_CLOSED, saves: {} });
      expect(selectEditingId(state)).toBeNull();
    } else if (draft) {
      expect(selectEditingId(state)).toBe(String(original?.id));
    } else {
      expect(state.matches('leaving')).toBe(true);
    }
    // The action reads Update exactly when a value changed.
    if (draft && initial) {
      expect(selectIsChanged(state)).toBe(JSON.stringify(draft) !== JSON.stringify(initial));
    }
    if (!before) return;
    // Nothing is sent while the rules refuse the draft, nor an unchanged draft; one save per row at a time.
    for (const [id, save] of Object.entries(saves)) {
      const was = before.context.saves[id];
      if (save.status !== 'saving' || was?.status === 'saving') continue;
      if (event.type === 'save.retry') {
        expect(was?.draft).toEqual(save.draft);
        continue;
      }
      expect(validateOfferDraft(save.draft)).toEqual({});
      expect(JSON.stringify(save.draft)).not.toBe(JSON.stringify(save.initial));
    }
    if (event.type === 'edit.save' && before.context.original) {
      const was = before.context.saves[before.context.original.id];
      if (was?.status === 'saving') expect(saves[before.context.original.id]).toEqual(was);
    }
    // A refused draft stays open with the rules' message on the field.
    if (event.type === 'edit.save' && selectIsChanged(before)) {
      const problems = validateOfferDraft(before.context.draft as OfferDraft);
      if (Object.keys(problems).length > 0) {
        expect(state.matches('editing')).toBe(true);
        expect(state.context.errors).toEqual(problems);
      }
    }
    if (event.type === 'edit.save' && !selectIsChanged(before) && before.matches('editing')) {
      expect(state.matches('viewing')).toBe(true);
    }
    if (event.type.startsWith('xstate.')) checkAnswer(state, event, before);
    if (
      event.type === 'conflict.keepMine' &&
      Object.keys(validateOfferDraft(before.context.draft as OfferDraft)).length > 0
    ) {
      expect([state.value, original?.version]).toEqual(['editing', THEIRS.version]);
    } else if (event.type === 'conflict.keepMine') {
      expect(state.matches('viewing')).toBe(true);
      const save = saves[String(before.context.original?.id)];
      expect(save?.status).toBe('saving');
      expect(save?.original.version).toBe(THEIRS.version);
      expect(save?.draft).toEqual(before.context.draft);
    }
    // Leaving a changed row, or rows saving or not saved, asks; otherwise it just closes (or moves on).
    if (event.type === 'edit.leave' && !before.matches('leaving')) {
      expect(state.matches('leaving')).toBe(selectHasUnsaved(before));
    }
    if (event.type === 'edit.start' && before.matches('editing')) {
      const other = (event as unknown as { original: Offer }).original.id !== before.context.original?.id;
      if (other) expect(state.matches('leaving')).toBe(selectIsChanged(before));
    }
    if (event.type === 'leave.stay') {
      expect(state.value).toBe(before.context.draft ? 'editing' : 'viewing');
      expect(draft).toEqual(before.context.draft);
    }
    if (event.type === 'leave.discard') {
      const waiting = before.context.next;
      expect(original?.id ?? null).toBe(waiting ? waiting.original.id : null);
      // A row with a save begins from what was sent (or what failed), else from its values.
      if (waiting) expect(draft).toEqual(before.context.saves[waiting.original.id]?.draft ?? waiting.draft);
      else expect(Object.values(saves).some((save) => save.status === 'failed')).toBe(false);
    }
    if (event.type === 'edit.cancel') expect(state.matches('viewing')).toBe(true);
  }
}

/** An answer to a row's save: it lands on that row and never on what is typed since. */
function checkAnswer(
  state: Snapshot,
  event: EventObject & { output?: { saved?: Offer; conflict?: Offer }; error?: { status: number } },
  before: Snapshot,
) {
  const id = rowOfSave(event.type);
  const sent = before.context.saves[id];
  const { original, draft, saves } = state.context;
  const isThisRow = String(before.context.original?.id) === id && !before.matches('leaving');
  const opens = before.matches('viewing') || (isThisRow && before.matches('editing'));
  // What is typed in another row is untouched.
  if (before.context.draft && !isThisRow) expect(draft).toEqual(before.context.draft);
  if (event.output?.saved) {
    expect(saves[id]?.status).toBe('saved');
    if (isThisRow) {
      expect(draft).toEqual(before.context.draft);
      expect(original?.version).toBe(event.output.saved.version);
    }
    return;
  }
  const isOpened = opens && (event.output?.conflict !== undefined || event.error?.status === 400 || isThisRow);
  if (isOpened) {
    expect(saves[id]).toBeUndefined();
    expect(String(original?.id)).toBe(id);
    expect(draft).toEqual(before.context.draft ?? sent?.draft);
    if (event.output?.conflict) expect([state.value, state.context.theirs]).toEqual(['conflict', THEIRS]);
    else if (event.error?.status === 400)
      expect(state.context.errors).toEqual({ unit_price: fieldRefusal.fieldErrors['offers.0.unit_price'] });
    else expect(state.context.problem).toBe(serverFault.message);
    return;
  }
  expect(saves[id]?.status).toBe('failed');
  expect(saves[id]?.draft).toEqual(sent?.draft);
  if (event.output?.conflict) expect(saves[id]?.theirs).toEqual(THEIRS);
  else if (event.error?.status === 400)
    expect(saves[id]?.errors).toEqual({ unit_price: fieldRefusal.fieldErrors['offers.0.unit_price'] });
  else expect(saves[id]?.problem).toBe(serverFault.message);
}
