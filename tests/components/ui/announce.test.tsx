import { act, render, screen, waitFor } from '@testing-library/react';
import { announce, announceReferencesAsText } from '@/ui/announce';
import { Button } from '@/ui/button';

const assertiveLog = () => {
  const log = screen.getAllByRole('log').find((region) => region.getAttribute('aria-live') === 'assertive');
  if (!log) throw new Error('No assertive live region');
  return log;
};

describe('announcements', () => {
  it('reads React Aria’s announcement of a pending button as text, which outlives the button', async () => {
    // The app calls this once at start (src/main.tsx), before anything is announced.
    announceReferencesAsText();
    const { rerender, unmount } = render(<Button>Save</Button>);
    act(() => screen.getByRole('button', { name: 'Save' }).focus());
    rerender(<Button isPending>Save</Button>);

    await waitFor(() => expect(assertiveLog()).toHaveTextContent('In progress Save'));
    // The work done, its dialog closes: the announcement still reads, and points at nothing.
    unmount();
    expect(assertiveLog()).toHaveTextContent('In progress Save');
    expect(assertiveLog().querySelector('[aria-labelledby]')).toBeNull();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says text as given', () => {
    announce('Sorted by Product, ascending', 'assertive');
    expect(assertiveLog()).toHaveTextContent('Sorted by Product, ascending');
  });
});
