import { CHECK_FAILED, offerUploadMachine } from '@machines/offer-upload/offer-upload.machine';
import type { SendEvent, SendInput, UploadCheck, UploadOptions } from '@machines/offer-upload/offer-upload.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

const file = new File(['product\r\n'], 'offers.csv', { type: 'text/csv' });
const options: UploadOptions = { publishers: [], regions: [], sellers: [] };
const clean: UploadCheck = { rows: 12, problems: [] };

/** The machine with a check answering `check` and a send that reports `answers` in turn, one per send. */
function uploader(check: UploadCheck | Error, answers: SendEvent[][]) {
  const sends: SendInput[] = [];
  const aborted = vi.fn();
  const machine = offerUploadMachine.provide({
    actors: {
      checkFile: fromPromise(async () => {
        if (check instanceof Error) throw check;
        return check;
      }),
      sendFile: fromCallback<SendEvent, SendInput>(({ input, sendBack }) => {
        const reports = answers[sends.length] ?? [];
        sends.push(input);
        for (const report of reports) sendBack(report);
        return aborted;
      }),
    },
  });
  const actor = createActor(machine);
  const uploaded = vi.fn();
  actor.on('offers.uploaded', uploaded);
  actor.start();
  actor.send({ type: 'upload.choose', file, options });
  return { actor, sends, aborted, uploaded };
}

describe('offer upload', () => {
  it('sends a clean file, follows its progress and announces the offers', async () => {
    const { actor, sends, uploaded } = uploader(clean, [
      [
        { type: 'send.progress', sent: 512, total: 1024 },
        { type: 'send.done', count: 12 },
      ],
    ]);
    const done = await waitFor(actor, (s) => s.matches('uploaded'));
    expect(sends).toEqual([{ file, allowDuplicate: false }]);
    expect(done.context).toMatchObject({ rows: 12, uploaded: 12, sent: 512, total: 1024, problems: [] });
    expect(uploaded).toHaveBeenCalledWith({ type: 'offers.uploaded', count: 12 });
    actor.stop();
  });

  it('lists the check’s problems and sends nothing', async () => {
    const problems = [{ line: 3, column: 'end', message: 'End must be after start.' }];
    const { actor, sends } = uploader({ rows: 2, problems }, []);
    const invalid = await waitFor(actor, (s) => s.matches('invalid'));
    expect(invalid.context.problems).toEqual(problems);
    expect(sends).toEqual([]);
    actor.stop();
  });

  it('lists the server’s problems after a refusal', async () => {
    const problems = [{ line: 2, column: 'seller', message: 'Unknown storefront "X".' }];
    const { actor } = uploader(clean, [[{ type: 'send.refused', summary: '1 of 1 rows are invalid.', problems }]]);
    const invalid = await waitFor(actor, (s) => s.matches('invalid'));
    expect(invalid.context).toMatchObject({ problems, summary: '1 of 1 rows are invalid.' });
    actor.stop();
  });

  it('asks before importing the same file again, then sends it allowing the duplicate', async () => {
    const { actor, sends, uploaded } = uploader(clean, [
      [{ type: 'send.duplicate', uploadedAt: '2026-11-24T12:05:00Z', count: 12 }],
      [{ type: 'send.done', count: 12 }],
    ]);
    const asking = await waitFor(actor, (s) => s.matches('duplicate'));
    expect(asking.context.duplicate).toEqual({ uploadedAt: '2026-11-24T12:05:00Z', count: 12 });
    expect(uploaded).not.toHaveBeenCalled();
    actor.send({ type: 'upload.confirmDuplicate' });
    await waitFor(actor, (s) => s.matches('uploaded'));
    expect(sends.map((send) => send.allowDuplicate)).toEqual([false, true]);
    actor.stop();
  });

  it('shows a failure and tries the same file again', async () => {
    const { actor, sends } = uploader(clean, [
      [{ type: 'send.failed', message: 'Upload failed: Service Unavailable' }],
      [{ type: 'send.done', count: 12 }],
    ]);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.problem).toBe('Upload failed: Service Unavailable');
    actor.send({ type: 'upload.retry' });
    const done = await waitFor(actor, (s) => s.matches('uploaded'));
    expect(done.context.problem).toBeNull();
    expect(sends).toHaveLength(2);
    actor.stop();
  });

  it('aborts the upload on cancel and forgets the file', async () => {
    const { actor, aborted } = uploader(clean, [[{ type: 'send.progress', sent: 10, total: 1024 }]]);
    await waitFor(actor, (s) => s.matches('sending'));
    expect(actor.getSnapshot().can({ type: 'upload.choose', file, options })).toBe(false);
    actor.send({ type: 'upload.cancel' });
    expect(aborted).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.file).toBeNull();
    actor.stop();
  });

  it('says so when the file cannot be read', async () => {
    const { actor } = uploader(new Error('NotReadableError'), []);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.problem).toBe(CHECK_FAILED);
    actor.stop();
  });
});
