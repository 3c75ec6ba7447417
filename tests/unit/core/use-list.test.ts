// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listsChanged } from '@/core/data-events';
import { useList } from '@/core/lists/use-list';
import { list } from '@/core/workflows';

type Query = { publisher?: string; page: number };
type Row = { id: number };

function fakeList() {
  const calls: { params: Query; signal: AbortSignal; answer(rows: Row[]): void; fail(e: Error): void }[] = [];
  const logic = list(
    (params: Query, signal) =>
      new Promise<{ count: number; results: Row[] }>((resolve, reject) =>
        calls.push({ params, signal, answer: (rows) => resolve({ count: 30, results: rows }), fail: reject }),
      ),
  );
  return { calls, logic };
}

describe('useList', () => {
  it('reads when the query changes in value, keeping the rows on screen meanwhile', async () => {
    const { calls, logic } = fakeList();
    const { result, rerender } = renderHook(
      ({ params }) => useList(logic, params, { fallback: 'Could not load.', refreshOn: ['offers'] }),
      { initialProps: { params: { page: 1 } as Query } },
    );
    expect(result.current).toMatchObject({ rows: null, total: 0, isLoading: true, problem: null });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.answer([{ id: 1 }]));
    await waitFor(() => expect(result.current).toMatchObject({ rows: [{ id: 1 }], total: 30, isLoading: false }));

    rerender({ params: { page: 1 } });
    expect(calls).toHaveLength(1);
    rerender({ params: { page: 1, publisher: '4' } });
    rerender({ params: { publisher: '4', page: 2 } });
    expect(calls.map((call) => call.params)).toEqual([
      { page: 1 },
      { page: 1, publisher: '4' },
      { publisher: '4', page: 2 },
    ]);
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ rows: [{ id: 1 }], isLoading: true });

    act(() => listsChanged('offers'));
    expect(calls.at(-1)?.params).toEqual({ publisher: '4', page: 2 });
    act(() => calls.at(-1)?.answer([{ id: 2 }]));
    await waitFor(() => expect(result.current).toMatchObject({ rows: [{ id: 2 }], isLoading: false }));
  });

  it('shows the problem of a failed read and retries', async () => {
    const { calls, logic } = fakeList();
    const { result, unmount } = renderHook(() => useList(logic, { page: 1 }, { fallback: 'Could not load.' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.fail(new Error('')));
    await waitFor(() => expect(result.current.problem).toBe('Could not load.'));
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ problem: null, isLoading: true });
    expect(calls).toHaveLength(2);
    unmount();
    act(() => listsChanged('offers'));
    expect(calls).toHaveLength(2);
  });
});
