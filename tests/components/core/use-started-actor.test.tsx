import { render, screen, waitFor } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Activity, StrictMode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStartedActor } from '@/core/use-started-actor';
import { load, submission } from '@/core/workflows';

type Call = (params: string, signal: AbortSignal) => Promise<string>;

/** A read shown as it goes: the answer, the problem, or that it is reading. */
function Reader({ call }: { call: Call }) {
  const [logic] = useState(() => load(call));
  const read = useStartedActor(logic, { input: { params: 'offers', fallback: 'Could not read.' } });
  const result = useSelector(read, (s) => s.context.result);
  const problem = useSelector(read, (s) => s.context.problem);
  return <p>{result ?? problem ?? 'Reading…'}</p>;
}

/** A form's submission, kept on useActorRef: it calls only when the user submits (here, on mount). */
function Submitting({ call, onFailed }: { call: Call; onFailed: () => void }) {
  const [logic] = useState(() => submission(call));
  const sending = useActorRef(logic, { input: { fallback: 'Could not send.' } });
  useEffect(() => {
    const failed = sending.on('submission.failed', onFailed);
    sending.send({ type: 'submission.submit', input: 'offer' });
    return () => failed.unsubscribe();
  }, [sending, onFailed]);
  return <p>{useSelector(sending, (s) => (s.hasTag('busy') ? 'Sending…' : 'Idle'))}</p>;
}

/** A call that answers only by failing with an AbortError when its signal aborts. */
function abortableCall(signals: AbortSignal[]) {
  return vi.fn<Call>(
    (_, signal) =>
      new Promise((_, fail) => {
        signals.push(signal);
        signal.addEventListener('abort', () => fail(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useStartedActor', () => {
  it('makes one call under StrictMode and shows its answer', async () => {
    const call = vi.fn<Call>(async (params) => `Read ${params}`);
    render(
      <StrictMode>
        <Reader call={call} />
      </StrictMode>,
    );
    expect(await screen.findByText('Read offers')).toBeVisible();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('stops the call when unmounted mid-call, with no error and no warning', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const signals: AbortSignal[] = [];
    const call = abortableCall(signals);
    const { unmount } = render(
      <StrictMode>
        <Reader call={call} />
      </StrictMode>,
    );
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    unmount();
    expect(signals[0]?.aborted).toBe(true);
    await new Promise((done) => setTimeout(done, 20));
    expect(call).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('reads with a fresh actor when shown again after its effects were cleaned up', async () => {
    const call = vi.fn<Call>(async (params) => `Read ${params}`);
    const { rerender } = render(
      <Activity mode="visible">
        <Reader call={call} />
      </Activity>,
    );
    expect(await screen.findByText('Read offers')).toBeVisible();
    rerender(
      <Activity mode="hidden">
        <Reader call={call} />
      </Activity>,
    );
    rerender(
      <Activity mode="visible">
        <Reader call={call} />
      </Activity>,
    );
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Read offers')).toBeVisible();
  });
});

describe('an actor on useActorRef stopped while its call is in flight', () => {
  it('shows no failure, error or warning once the aborted call rejects', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const signals: AbortSignal[] = [];
    const onFailed = vi.fn();
    const { unmount } = render(<Submitting call={abortableCall(signals)} onFailed={onFailed} />);
    expect(await screen.findByText('Sending…')).toBeVisible();
    unmount();
    expect(signals[0]?.aborted).toBe(true);
    await new Promise((done) => setTimeout(done, 20));
    expect(onFailed).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });
});
