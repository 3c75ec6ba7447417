import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';
import { FOCUS_LANDING, keepFocusInside } from '@/ui/keep-focus';

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

/** A dialog whose Send is replaced by its outcome (marked as focus's landing, or not) or disabled. */
function SendNote({ outcome }: { outcome: 'landing' | 'plain' | 'disabled' }) {
  const [isOpen, setOpen] = useState(false);
  const [isSent, setSent] = useState(false);
  const send = (
    <Button onPress={() => setSent(true)} isDisabled={outcome === 'disabled' && isSent}>
      Send
    </Button>
  );
  return (
    <>
      <Button onPress={() => setOpen(true)}>Send a note</Button>
      <Dialog title="Send a note" isOpen={isOpen} onOpenChange={setOpen}>
        {outcome === 'disabled' || !isSent ? (
          send
        ) : (
          <p tabIndex={-1} {...(outcome === 'landing' ? FOCUS_LANDING : {})}>
            Note sent.
          </p>
        )}
      </Dialog>
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

describe('Dialog focus when the focused control goes', () => {
  /** Presses Send; a key pressed before the next frame goes wherever focus is then. */
  async function pressSend(outcome: 'landing' | 'plain' | 'disabled') {
    const user = userEvent.setup();
    render(<SendNote outcome={outcome} />);
    await user.click(screen.getByRole('button', { name: 'Send a note' }));
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    await Promise.resolve();
    return document.activeElement as HTMLElement;
  }
  it.each([
    ['lands on the outcome marked for it', 'landing', () => screen.getByText('Note sent.')],
    ['lands on the dialog when nothing is marked', 'plain', () => screen.getByRole('dialog')],
    ['leaves a disabled control for the dialog', 'disabled', () => screen.getByRole('dialog')],
  ] as const)('%s, and Escape at once closes it', async (_, kind, landing) => {
    const focused = await pressSend(kind);
    expect(focused).toBe(landing());
    fireEvent.keyDown(focused, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send a note' })).toHaveFocus());
  });
});

/** A list whose bar asks before removing the row it was opened from, as a bulk action does. */
function RemoveRow() {
  const [isRemoved, setRemoved] = useState(false);
  const [isAsking, setAsking] = useState(false);
  return (
    <main ref={keepFocusInside} tabIndex={-1} aria-label="Page">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a list region that takes focus, as a grid's does */}
      <section aria-label="Offers" tabIndex={0}>
        {!isRemoved && (
          <fieldset aria-label="Selected">
            <Button onPress={() => setAsking(true)}>Remove</Button>
            <ConfirmDialog
              isOpen={isAsking}
              onOpenChange={setAsking}
              title="Remove the row?"
              message="It goes for good."
              confirmLabel="Remove row"
              onConfirm={() => setRemoved(true)}
            />
          </fieldset>
        )}
      </section>
    </main>
  );
}

/** An order in a dialog whose Decline asks first; declining leaves nothing to answer. */
function DeclineInOrder() {
  const [isDeclined, setDeclined] = useState(false);
  const [isAsking, setAsking] = useState(false);
  return (
    <Dialog title="Order #7" isOpen onOpenChange={() => {}}>
      <p>{isDeclined ? 'Counter-offer declined' : 'Counter-offer proposed'}</p>
      {!isDeclined && <Button onPress={() => setAsking(true)}>Decline</Button>}
      <ConfirmDialog
        isOpen={isAsking && !isDeclined}
        onOpenChange={setAsking}
        title="Decline the counter-offer?"
        message="The seller is told."
        confirmLabel="Decline counter-offer"
        onConfirm={() => setDeclined(true)}
      />
    </Dialog>
  );
}

describe('focus when a dialog closes and what opened it has gone', () => {
  it('goes near where it was: the nearest region that still takes focus', async () => {
    const user = userEvent.setup();
    render(<RemoveRow />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove row' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Offers' })).toHaveFocus();
  });

  it('stays in the dialog around a confirmation whose opener went with the answer', async () => {
    const user = userEvent.setup();
    render(<DeclineInOrder />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline counter-offer' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const order = screen.getByRole('dialog', { name: 'Order #7' });
    expect(order).toHaveFocus();
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
