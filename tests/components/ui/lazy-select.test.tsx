import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from '@/ui/lazy-select';

const regions = [
  { id: 1, name: 'Europe' },
  { id: 2, name: 'North America' },
];

function RegionFilter({ onChange }: { onChange: (key: number | string | null) => void }) {
  const [key, setKey] = useState<number | string | null>(null);
  return (
    <LazySelect
      label="Region"
      emptyLabel="All regions"
      options={regions}
      selectedKey={key}
      onSelectionChange={(next) => {
        setKey(next);
        onChange(next);
      }}
    />
  );
}

describe('LazySelect', () => {
  it('is named like the select it stands for before that loads', () => {
    render(<RegionFilter onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'All regions Region' })).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens the real list from the keyboard, and gives focus back to the select on Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RegionFilter onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('All regions'));
    expect(list).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    const select = screen.getByRole('button', { name: /Region/ });
    // React Aria moves focus back after the list's exit, a frame later.
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveAttribute('aria-expanded', 'false');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'North America' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: /Region/ })).toHaveTextContent('North America');
  });
});
