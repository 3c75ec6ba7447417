import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from '@/ui/select';

const publishers = [
  { id: 1, name: 'Nordic Games' },
  { id: 2, name: 'Ubisoft' },
  { id: 3, name: 'Valve' },
];

function PublisherFilter({ onChange }: { onChange: (key: number | string | null) => void }) {
  const [publisher, setPublisher] = useState<number | string | null>(null);
  return (
    <Select
      label="Publisher"
      options={publishers}
      emptyLabel="All publishers"
      selectedKey={publisher}
      onSelectionChange={(key) => {
        setPublisher(key);
        onChange(key);
      }}
    />
  );
}

describe('Select', () => {
  it('chooses an option, and the "All" option gives null', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PublisherFilter onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Publisher/ });
    expect(trigger).toHaveTextContent('All publishers');

    await user.click(trigger);
    const listbox = screen.getByRole('listbox', { name: /Publisher/ });
    expect(listbox).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Ubisoft' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Ubisoft');

    await user.click(trigger);
    expect(screen.getByRole('option', { name: 'Ubisoft' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'All publishers' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(trigger).toHaveTextContent('All publishers');
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PublisherFilter onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('button', { name: /Publisher/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    // React Aria moves focus into the list, and back to the button, a frame after the key.
    await waitFor(() => expect(screen.getByRole('option', { name: 'All publishers' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    await waitFor(() => expect(screen.getByRole('button', { name: /Publisher/ })).toHaveFocus());
  });

  it('shows a placeholder without an "All" option, and an error tied to the field', () => {
    render(
      <Select
        label="Region"
        options={[{ id: 'eu', name: 'Europe' }]}
        selectedKey={null}
        onSelectionChange={() => {}}
        placeholder="Choose a region"
        errorMessage="Choose where the keys work."
      />,
    );
    const trigger = screen.getByRole('button', { name: /Region/ });
    expect(trigger).toHaveTextContent('Choose a region');
    expect(screen.getByText('Choose where the keys work.')).toBeInTheDocument();
  });
});
