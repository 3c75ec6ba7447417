import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DebouncedSearchField } from '@/ui/debounced-search-field';

const DELAY = 50;

/** The box over a search kept as the URL keeps it; the URL takes a sent search `lag` ms later. */
function Search({ lag = 0, onSearch }: { lag?: number; onSearch: (text: string | undefined) => void }) {
  const [search, setSearch] = useState<string | undefined>('');
  return (
    <>
      <DebouncedSearchField
        label="Search products"
        value={search}
        delay={DELAY}
        onSearch={(text) => {
          onSearch(text);
          setTimeout(() => setSearch(text), lag);
        }}
      />
      <button type="button" onClick={() => setSearch(undefined)}>
        Reset filters
      </button>
    </>
  );
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const box = () => screen.getByRole('searchbox', { name: 'Search products' });

describe('DebouncedSearchField', () => {
  it('keeps a space the user paused after, though the search sent is trimmed', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Search onSearch={onSearch} />);
    await user.type(box(), 'Gold ');
    await pause(DELAY * 3);
    expect(onSearch).toHaveBeenLastCalledWith('Gold');
    await user.type(box(), 'Edition');
    expect(box()).toHaveValue('Gold Edition');
    await pause(DELAY * 3);
    expect(onSearch).toHaveBeenLastCalledWith('Gold Edition');
  });

  it('keeps a letter typed while its search goes through', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Search lag={DELAY * 6} onSearch={onSearch} />);
    await user.type(box(), 'Gold E');
    await pause(DELAY + 20);
    expect(onSearch).toHaveBeenLastCalledWith('Gold E');
    await user.type(box(), 'd');
    await pause(DELAY * 8);
    expect(box()).toHaveValue('Gold Ed');
  });

  it('shows a search changed elsewhere', async () => {
    const user = userEvent.setup();
    render(<Search onSearch={() => {}} />);
    await user.type(box(), 'ember');
    await pause(DELAY * 3);
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(box()).toHaveValue('');
  });
});
