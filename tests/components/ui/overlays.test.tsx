import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';
import { FilterBar } from '@/ui/filter-bar';
import { Popover } from '@/ui/popover';
import { StatusBadge } from '@/ui/status-badge';

describe('Popover', () => {
  it('is a dialog named by its title; focus goes in, Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    render(
      <Popover trigger={<Button>Basket</Button>} title="Your basket" minWidth="22rem">
        {(close) => (
          <>
            <p>2 items</p>
            <Button onPress={close}>Keep shopping</Button>
          </>
        )}
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Basket' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    // The popover's code loads on the first opening.
    const dialog = await screen.findByRole('dialog', { name: 'Your basket' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Keep shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('follows a controlled open state', async () => {
    const { rerender } = render(
      <Popover trigger={<Button>Basket</Button>} title="Your basket" isOpen onOpenChange={() => {}}>
        <p>2 items</p>
      </Popover>,
    );
    expect(await screen.findByRole('dialog', { name: 'Your basket' })).toBeInTheDocument();
    rerender(
      <Popover trigger={<Button>Basket</Button>} title="Your basket" isOpen={false} onOpenChange={() => {}}>
        <p>2 items</p>
      </Popover>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('FilterBar', () => {
  it('groups the filters under a name and offers to reset them', async () => {
    const user = userEvent.setup();
    const onReset = vi.fn();
    render(
      <FilterBar label="Filter offers" onReset={onReset}>
        <label>
          Region <input />
        </label>
      </FilterBar>,
    );
    const group = screen.getByRole('group', { name: 'Filter offers' });
    expect(group).toContainElement(screen.getByRole('textbox', { name: 'Region' }));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('has no reset button unless asked', () => {
    render(
      <FilterBar label="Filter orders">
        <span>filters</span>
      </FilterBar>,
    );
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
  });
});

describe('badges', () => {
  it('says a status in words, with a decorative icon', () => {
    render(<StatusBadge tone="warning">Pending</StatusBadge>);
    const badge = screen.getByText('Pending');
    expect(badge).toHaveTextContent(/^Pending$/);
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
