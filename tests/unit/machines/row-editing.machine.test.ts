/**
 * The row-editing machine by example: a seller opens a row, edits, saves, meets the rules, a
 * refusal, a conflict, and leaves a changed row, through the machine's own transitions with the
 * app's offer rules and a fake `saveOffer`. Every simple path is walked in row-editing.paths.test.ts.
 */
import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import {
  selectEditingId,
  selectHasUnsaved,
  selectIsChanged,
  selectIsSaving,
  selectSaveReason,
  selectSaveStatus,
} from '@machines/row-editing/row-editing.selectors';
import type { Offer, SaveInput, SaveOutcome } from '@machines/row-editing/row-editing.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { offerRules, toDraft } from '@/features/seller-offers/seller-offers.implementations';
import { aReadOffer } from '../../support/fixtures';

const starfall: Offer = aReadOffer({ id: 1, product: 'Starfall', version: 3 });
const caveRunner: Offer = aReadOffer({ id: 2, product: 'Cave Runner', version: 1 });

/** What the server writes for a save: the draft's product, one version on. */
const written = ({ original, draft }: SaveInput): SaveOutcome => ({
  saved: { ...original, product: draft.product, version: original.version + 1 },
});

function startEditing(save: (input: SaveInput) => Promise<SaveOutcome> = async (input) => written(input)) {
  const saveOffer = vi.fn(save);
  const machine = rowEditingMachine.provide({
    ...offerRules,
    actors: { saveOffer: fromPromise(({ input }: { input: SaveInput }) => saveOffer(input)) },
  });
  const actor = createActor(machine);
  const emitted: { type: string }[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  const types = () => emitted.map(({ type }) => type);
  return { actor, saveOffer, emitted, types };
}

const start = (offer: Offer) => ({ type: 'edit.start', original: offer, draft: toDraft(offer) }) as const;
const rename = (product: string) => ({ type: 'edit.change', patch: { product } }) as const;

describe('row editing, by example', () => {
  it('opens a row, edits it, saves it and closes it', async () => {
    const { actor, saveOffer, emitted, types } = startEditing();
    actor.send(start(starfall));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectEditingId(actor.getSnapshot())).toBe('1');
    expect(selectIsChanged(actor.getSnapshot())).toBe(false);

    actor.send(rename('Starfall Deluxe'));
    expect(selectIsChanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'edit.save' });
    // The save goes on in the background: the row closes at once and says it is saving.
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(selectSaveStatus(1)(actor.getSnapshot())).toBe('saving');

    const after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'saved');
    expect(saveOffer).toHaveBeenCalledWith({
      original: starfall,
      draft: { ...toDraft(starfall), product: 'Starfall Deluxe' },
      initial: toDraft(starfall),
    });
    expect(after.context).toMatchObject({ original: null, draft: null, initial: null, errors: {}, problem: null });
    expect(selectEditingId(after)).toBeNull();
    expect(types()).toEqual(['draft.changed', 'draft.settled', 'row.saved']);
    expect(emitted.at(-1)).toEqual({
      type: 'row.saved',
      offer: { ...starfall, product: 'Starfall Deluxe', version: 4 },
    });
    actor.stop();
  });

  it('closes an unchanged row on save without writing, and drops changes on cancel', () => {
    const { actor, saveOffer, types } = startEditing();
    actor.send(start(starfall));
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().value).toBe('viewing');

    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(saveOffer).not.toHaveBeenCalled();
    expect(types()).toEqual(['draft.settled', 'draft.changed', 'draft.settled']);
    actor.stop();
  });

  it('keeps a draft the rules refuse open with the message, and clears it as the field changes', () => {
    const { actor, saveOffer, emitted } = startEditing();
    actor.send(start(starfall));
    actor.send(rename('   '));
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ product: 'Enter a product name.' });
    expect(emitted.at(-1)).toEqual({ type: 'row.refused', errors: { product: 'Enter a product name.' } });
    expect(saveOffer).not.toHaveBeenCalled();

    actor.send(rename('Starfall II'));
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.stop();
  });

  it("puts the server's field refusal on the input and any other failure on the row, keeping what was typed", async () => {
    const refusal = { status: 400, fieldErrors: { 'offers.0.unit_price': 'Ensure this value is at most 1000000.00.' } };
    const fault = { status: 500, message: 'The server had a problem (500). Please try again.' };
    const answers = [refusal, fault];
    const { actor, emitted } = startEditing(() => Promise.reject(answers.shift()));
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));

    actor.send({ type: 'edit.save' });
    let after = await waitFor(actor, (s) => s.matches('editing'));
    expect(after.context.errors).toEqual({ unit_price: 'Ensure this value is at most 1000000.00.' });
    expect(after.context.draft?.product).toBe('Starfall Deluxe');
    expect(emitted.at(-1)).toEqual({ type: 'row.refused', errors: after.context.errors });

    actor.send({ type: 'edit.save' });
    expect(selectSaveStatus(1)(actor.getSnapshot())).toBe('saving');
    // A failure for the whole row leaves it closed and marked, with what was typed kept.
    after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'failed');
    expect(after.value).toBe('viewing');
    expect(selectSaveReason(1)(after)).toBe(fault.message);
    expect(after.context.saves[1]?.draft.product).toBe('Starfall Deluxe');
    expect(emitted.at(-1)).toEqual({ type: 'row.failed', message: fault.message });
    actor.stop();
  });

  it('shows their version after a 409, and keeping mine writes over theirs', async () => {
    const theirs = { ...starfall, product: 'Starfall (theirs)', version: 4 };
    const { actor, saveOffer, emitted } = startEditing(async (input) =>
      input.original.version === theirs.version ? written(input) : { conflict: theirs },
    );
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });

    const conflict = await waitFor(actor, (s) => s.matches('conflict'));
    expect(conflict.context.theirs).toEqual(theirs);
    expect(conflict.context.draft?.product).toBe('Starfall Deluxe');
    expect(emitted.at(-1)).toEqual({ type: 'row.conflict', theirs });

    actor.send({ type: 'conflict.keepMine' });
    const after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'saved');
    expect(saveOffer).toHaveBeenCalledTimes(2);
    expect(saveOffer.mock.calls[1]?.[0].original).toEqual(theirs);
    expect(after.context.theirs).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'row.saved', offer: { ...theirs, product: 'Starfall Deluxe', version: 5 } });
    actor.stop();
  });

  it('drops my draft when I keep their version', async () => {
    const theirs = { ...starfall, version: 4 };
    const { actor, saveOffer } = startEditing(async () => ({ conflict: theirs }));
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    await waitFor(actor, (s) => s.matches('conflict'));

    actor.send({ type: 'conflict.keepTheirs' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(saveOffer).toHaveBeenCalledOnce();
    actor.stop();
  });

  it('asks before leaving a changed row for another, and moves on once the seller drops it', () => {
    const { actor } = startEditing();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));

    actor.send(start(caveRunner));
    expect(actor.getSnapshot().value).toBe('leaving');
    actor.send({ type: 'leave.stay' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft?.product).toBe('Starfall Deluxe');
    expect(actor.getSnapshot().context.next).toBeNull();

    actor.send(start(caveRunner));
    actor.send({ type: 'leave.discard' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectEditingId(actor.getSnapshot())).toBe('2');
    expect(actor.getSnapshot().context.draft).toEqual(toDraft(caveRunner));
    actor.stop();
  });

  it('leaves an unchanged row at once, and a changed one only when the seller drops it', () => {
    const { actor, types } = startEditing();
    actor.send(start(starfall));
    actor.send({ type: 'edit.leave' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(types()).toEqual(['draft.settled', 'edit.left']);

    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.leave' });
    expect(actor.getSnapshot().value).toBe('leaving');
    actor.send({ type: 'leave.discard' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(types().slice(-3)).toEqual(['draft.changed', 'draft.settled', 'edit.left']);
    actor.stop();
  });

  it('takes up a kept draft as a change from the offer it began with', () => {
    const { actor, types } = startEditing();
    const kept = { ...toDraft(starfall), product: 'Starfall Deluxe' };
    actor.send({ type: 'edit.resume', original: starfall, draft: kept, initial: toDraft(starfall) });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectIsChanged(actor.getSnapshot())).toBe(true);
    expect(types()).toEqual(['draft.changed']);
    actor.stop();
  });
});

describe('row editing while a save goes on', () => {
  /** A save the test answers when it wants. */
  function heldSaves() {
    const answers: ((outcome: SaveOutcome | Error) => void)[] = [];
    const editor = startEditing(
      (input) =>
        new Promise((resolve, reject) => {
          answers.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
          void input;
        }),
    );
    return { ...editor, answers };
  }

  it('lets the seller edit another row, and the answer does not touch it', async () => {
    const { actor, answers } = heldSaves();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    actor.send(start(caveRunner));
    actor.send(rename('Cave Runner II'));
    answers[0]?.(
      written({
        original: starfall,
        draft: { ...toDraft(starfall), product: 'Starfall Deluxe' },
        initial: toDraft(starfall),
      }),
    );
    const after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'saved');
    expect(after.value).toBe('editing');
    expect(after.context.draft?.product).toBe('Cave Runner II');
    expect(selectIsChanged(after)).toBe(true);
    actor.stop();
  });

  it('edits the same row again from what was sent; the answer keeps the new typing and gives its version', async () => {
    const { actor, saveOffer, answers } = heldSaves();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    actor.send(start(starfall));
    expect(actor.getSnapshot().context.draft?.product).toBe('Starfall Deluxe');
    actor.send(rename('Starfall Gold'));
    // Its next save waits for the answer to the first.
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'edit.save' })).toBe(false);

    const sent = saveOffer.mock.calls[0]?.[0] as SaveInput;
    answers[0]?.(written(sent));
    const after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'saved');
    expect(after.context.draft?.product).toBe('Starfall Gold');
    expect(after.context.original?.version).toBe(4);
    expect(selectIsChanged(after)).toBe(true);

    actor.send({ type: 'edit.save' });
    expect(saveOffer.mock.calls[1]?.[0]).toMatchObject({
      original: { version: 4 },
      initial: { product: 'Starfall Deluxe' },
    });
    actor.stop();
  });

  it('marks a refused row not saved while another edits, and opens it on Retry', async () => {
    const { actor, answers } = heldSaves();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    actor.send(start(caveRunner));
    const refusal = { status: 400, fieldErrors: { 'offers.0.product': 'Too long.' } };
    answers[0]?.(Object.assign(new Error('refused'), refusal));
    let after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'failed');
    expect(selectSaveReason(1)(after)).toBe('Too long.');
    expect(selectEditingId(after)).toBe('2');
    expect(selectHasUnsaved(after)).toBe(true);

    actor.send({ type: 'save.retry', id: 1 });
    after = actor.getSnapshot();
    expect(selectEditingId(after)).toBe('1');
    expect(after.context.errors).toEqual({ product: 'Too long.' });
    expect(after.context.draft?.product).toBe('Starfall Deluxe');
    expect(selectSaveStatus(1)(after)).toBeNull();
    actor.stop();
  });

  it('sends a failed row again on Retry, and asks before leaving while it is not saved', async () => {
    const { actor, saveOffer, answers, types } = heldSaves();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    answers[0]?.(new Error('Network down'));
    await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'failed');

    actor.send({ type: 'edit.leave' });
    expect(actor.getSnapshot().value).toBe('leaving');
    actor.send({ type: 'leave.stay' });
    expect(actor.getSnapshot().value).toBe('viewing');

    actor.send({ type: 'save.retry', id: 1 });
    expect(selectSaveStatus(1)(actor.getSnapshot())).toBe('saving');
    expect(saveOffer).toHaveBeenCalledTimes(2);
    answers[1]?.(new Error('Network down'));
    await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'failed');
    actor.send({ type: 'edit.leave' });
    actor.send({ type: 'leave.discard' });
    expect(actor.getSnapshot().context.saves).toEqual({});
    expect(types().slice(-2)).toEqual(['draft.settled', 'edit.left']);
    actor.stop();
  });

  it('shows Saved a few seconds, then nothing', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = startEditing();
      actor.send(start(starfall));
      actor.send(rename('Starfall Deluxe'));
      actor.send({ type: 'edit.save' });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectSaveStatus(1)(actor.getSnapshot())).toBe('saved');
      vi.advanceTimersByTime(3999);
      expect(selectSaveStatus(1)(actor.getSnapshot())).toBe('saved');
      vi.advanceTimersByTime(1);
      expect(selectSaveStatus(1)(actor.getSnapshot())).toBeNull();
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks a 409 met while another row edits, and opens the comparison on Retry', async () => {
    const theirs = { ...starfall, product: 'Starfall (theirs)', version: 4 };
    const { actor, answers, emitted } = heldSaves();
    actor.send(start(starfall));
    actor.send(rename('Starfall Deluxe'));
    actor.send({ type: 'edit.save' });
    actor.send(start(caveRunner));
    answers[0]?.({ conflict: theirs });
    const after = await waitFor(actor, (s) => selectSaveStatus(1)(s) === 'failed');
    expect(selectSaveReason(1)(after)).toBe('Someone else changed this offer.');
    expect(emitted.at(-1)).toEqual({ type: 'row.failed', message: 'Someone else changed this offer.' });

    actor.send({ type: 'save.retry', id: 1 });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context).toMatchObject({ theirs, draft: { product: 'Starfall Deluxe' } });
    actor.stop();
  });
});
