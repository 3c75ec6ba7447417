import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TIMEOUT_MS, noticeQueue, notify, SNACKBAR_TIMEOUT_MS } from '@/ui/notify';
import { Snackbar } from '@/ui/snackbar';

afterEach(() => {
  act(() => noticeQueue.clear());
  vi.useRealTimers();
});

describe('Snackbar', () => {
  it('announces errors assertively and other messages politely', () => {
    render(<Snackbar />);
    act(() => {
      notify({ message: 'Failed to clear cart', type: 'error' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to clear cart');
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => {
      notify({ message: 'Order sent successfully!', type: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Order sent successfully!');
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('closes after 4000 ms by default, or after a custom timeout', () => {
    vi.useFakeTimers();
    render(<Snackbar />);
    act(() => {
      notify({ message: 'Saved', type: 'info' });
    });
    act(() => vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 10));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('region', { name: 'Notifications' })).not.toHaveTextContent('Saved');

    act(() => {
      notify({ message: 'Longer', type: 'info', timeout: 10_000 });
    });
    act(() => vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS + 10));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Longer');
  });

  it('keeps a message with Undo long enough for a keyboard user to reach its button', () => {
    vi.useFakeTimers();
    render(<Snackbar />);
    act(() => {
      notify({ message: '2 offers published', type: 'success', onUndo: () => {} });
    });
    act(() => vi.advanceTimersByTime(ACTION_TIMEOUT_MS - 10));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('2 offers published');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('region', { name: 'Notifications' })).not.toHaveTextContent('2 offers published');
  });

  it('offers Undo when asked, and closes with the close button', async () => {
    const user = userEvent.setup();
    const undo = vi.fn();
    render(<Snackbar />);
    act(() => {
      notify({ message: 'Line removed', type: 'info', onUndo: undo });
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    act(() => {
      notify({ message: 'Another', type: 'info' });
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).not.toHaveTextContent('Another');
  });

  it('gives focus back to where it came from when Undo goes with its message', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Publish</button>
        <Snackbar />
      </>,
    );
    act(() => {
      notify({
        message: '2 offers published',
        type: 'success',
        onUndo: () => notify({ message: 'Undone', type: 'info' }),
      });
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Undone');
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus();
  });

  it('shows the newest message in place of the one shown', () => {
    render(<Snackbar />);
    act(() => {
      notify({ message: 'First', type: 'info' });
      notify({ message: 'Second', type: 'info' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Second');
    expect(region).not.toHaveTextContent('First');
  });
});
