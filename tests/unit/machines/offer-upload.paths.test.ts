/**
 * Every simple path of the offer upload machine, with the completion of `checkFile` and the
 * reports of `sendFile` given by hand. After every step the invariants hold: a file is sent only
 * after a clean check of it, problems are listed only in `invalid`, a failure only in `failed`,
 * and a busy machine takes no other file.
 */
import { offerUploadMachine } from '@machines/offer-upload/offer-upload.machine';
import type { UploadOptions, UploadProblem } from '@machines/offer-upload/offer-upload.types';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

const file = new File(['product\r\n'], 'offers.csv', { type: 'text/csv' });
const options: UploadOptions = { publishers: [], regions: [], sellers: [] };
const problem: UploadProblem = { line: 2, column: 'unit_price', message: 'Enter a unit price.' };

const events = [
  { type: 'upload.choose', file, options },
  { type: 'upload.confirmDuplicate' },
  { type: 'upload.retry' },
  { type: 'upload.cancel' },
  actorDone('checkFile', { rows: 2, problems: [] }),
  actorDone('checkFile', { rows: 1, problems: [problem] }),
  actorFailed('checkFile', new Error('NotReadableError')),
  { type: 'send.progress', sent: 40, total: 100 },
  { type: 'send.done', count: 2 },
  { type: 'send.refused', summary: '1 of 2 rows are invalid; nothing was imported.', problems: [problem] },
  { type: 'send.duplicate', uploadedAt: '2026-11-24T12:05:00Z', count: 2 },
  { type: 'send.failed', message: 'Upload failed: Bad Gateway' },
] as const;

/** Whether `event` is the check's answer, and if so whether it found nothing wrong. */
function checkAnswer(event: EventObject): 'clean' | 'problems' | null {
  if (event.type !== 'xstate.done.actor.checkFile') return null;
  const { output } = event as EventObject & { output: { problems: unknown[] } };
  return output.problems.length === 0 ? 'clean' : 'problems';
}

const label = (event: EventObject) => {
  const check = checkAnswer(event);
  return check ? `check(${check})` : event.type.replace(/^xstate\.error\.actor\./, 'failed:');
};

const paths = simplePaths(offerUploadMachine, { input: undefined, events: [...events] });

describe('offer upload paths', () => {
  it.each(paths.map((path) => [pathName(path, label), path] as const))('%s keeps the invariants', (_, path) => {
    let checkedClean = false;
    for (const { state, event } of path.steps) {
      if (event.type === 'upload.choose' || event.type === 'upload.retry' || event.type === 'upload.cancel') {
        checkedClean = false;
      }
      const check = checkAnswer(event);
      if (check) checkedClean = check === 'clean';
      const { context } = state;
      if (state.matches('sending')) {
        expect(checkedClean).toBe(true);
        expect(context.file).not.toBeNull();
      }
      expect(context.problems.length > 0).toBe(state.matches('invalid'));
      expect(context.problem !== null).toBe(state.matches('failed'));
      expect(state.hasTag('busy')).toBe(state.matches('checking') || state.matches('sending'));
      if (state.hasTag('busy')) expect(state.can({ type: 'upload.choose', file, options })).toBe(false);
      if (state.matches('uploaded')) expect(context.uploaded).toBe(2);
      if (state.matches('duplicate'))
        expect(context.duplicate).toEqual({ uploadedAt: '2026-11-24T12:05:00Z', count: 2 });
      if (state.matches('idle')) expect(context.file).toBeNull();
    }
  });

  it('reaches every state', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['idle', 'checking', 'invalid', 'sending', 'duplicate', 'uploaded', 'failed']),
    );
  });
});
