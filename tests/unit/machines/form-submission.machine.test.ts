import { formSubmissionMachine } from '@machines/form-submission/form-submission.machine';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

function start(submit: (values: Record<string, string>) => Promise<unknown>) {
  const submitForm = vi.fn(({ input }: { input: Record<string, string> }) => submit(input));
  const actor = createActor(formSubmissionMachine.provide({ actors: { submitForm: fromPromise(submitForm) } }), {
    input: { fallback: 'Something went wrong' },
  });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, submitForm, emitted };
}

describe('form submission machine', () => {
  it('submits the values once and reports the answer', async () => {
    const { actor, submitForm, emitted } = start(async (values) => ({ saved: values }));
    actor.send({ type: 'form.submit', values: { email: 'a@b.c' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'form.submit', values: { email: 'again@b.c' } });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(submitForm).toHaveBeenCalledOnce();
    expect(emitted).toEqual([{ type: 'form.succeeded', result: { saved: { email: 'a@b.c' } } }]);
    actor.stop();
  });

  it('reports the server detail and field errors, and lets the user try again', async () => {
    const failure = Object.assign(new Error(''), { detail: 'Nope', fieldErrors: { email: 'Taken' } });
    const answers = [Promise.reject(failure), Promise.resolve('ok')];
    const { actor, emitted } = start(() => answers.shift() as Promise<unknown>);
    actor.send({ type: 'form.submit', values: {} });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(emitted).toEqual([{ type: 'form.failed', message: 'Nope', fieldErrors: { email: 'Taken' } }]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Taken' });
    actor.send({ type: 'form.submit', values: {} });
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(done.context).toMatchObject({ problem: null, fieldErrors: {}, result: 'ok' });
    actor.stop();
  });

  it('falls back to its own message when the error has none', async () => {
    const { actor, emitted } = start(() => Promise.reject(Object.assign(new Error(''), { status: 500 })));
    actor.send({ type: 'form.submit', values: {} });
    await waitFor(actor, (s) => s.matches('idle') && s.context.problem !== null);
    expect(emitted).toEqual([{ type: 'form.failed', message: 'Something went wrong', fieldErrors: {} }]);
    actor.stop();
  });
});

describe('form submission paths', () => {
  const paths = simplePaths(formSubmissionMachine, {
    input: { fallback: 'Something went wrong' },
    events: [
      { type: 'form.submit', values: { a: '1' } },
      { type: 'form.reset' },
      actorDone('submitForm', 'ok'),
      actorFailed('submitForm', { detail: 'Nope', fieldErrors: { a: 'Bad' } }),
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.problem, s.context.result]),
  });

  it.each(paths.map((path) => [pathName(path), path] as const))('%s keeps one submission at a time', (_, path) => {
    for (const { state } of path.steps) {
      if (state.hasTag('busy')) expect(state.can({ type: 'form.submit', values: {} })).toBe(false);
      if (state.matches('succeeded')) expect(state.context.problem).toBeNull();
    }
  });

  it('reaches every state', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((step) => step.state.value)))).toEqual(
      new Set(['idle', 'submitting', 'succeeded']),
    );
  });
});
