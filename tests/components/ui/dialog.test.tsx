import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';

function EditNote() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Edit note</Button>
      <Dialog title="Edit note" isOpen={isOpen} onOpenChange={setOpen} footer={<Button slot="close">Done</Button>}>
        <p>Notes are kept with the order.</p>
        <input aria-label="Note" />
      </Dialog>
    </>
  );
}

function ClearBasket({ onConfirm, isPending = false }: { onConfirm: () => void; isPending?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Clear basket</Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Clear the basket?"
        message="All 3 lines will be removed."
        confirmLabel="Clear"
        isDestructive
        isPending={isPending}
        onConfirm={() => {
          onConfirm();
          if (!isPending) setOpen(false);
        }}
      />
    </>
  );
}

describe('Dialog', () => {
  it('moves focus in, closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<EditNote />);
    const trigger = screen.getByRole('button', { name: 'Edit note' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('keeps Tab inside and closes with its close button or a close-slot action', async () => {
    const user = userEvent.setup();
    render(<EditNote />);
    const trigger = screen.getByRole('button', { name: 'Edit note' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('asks, starts on Cancel, and cancels without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ClearBasket onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Clear basket' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear the basket?' });
    expect(dialog).toHaveAccessibleDescription('All 3 lines will be removed.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear basket' })).toHaveFocus());
  });

  it('confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ClearBasket onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Clear basket' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cannot be dismissed while the confirmed work is pending', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ClearBasket onConfirm={onConfirm} isPending />);
    await user.click(screen.getByRole('button', { name: 'Clear basket' }));
    expect(screen.getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Clear the basket?' })).toBeInTheDocument();
  });
});
