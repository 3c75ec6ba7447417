import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CellTextField } from '@/ui/cell-editors';
import type { GridStore } from '@/ui/data-grid.types';

/** The owner of the text, as the row-editing actor is for the product field. */
function textOwner(initial: string) {
  let text = initial;
  const listeners = new Set<() => void>();
  const changes: string[] = [];
  const store: GridStore<string> = {
    get: () => text,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: string) => {
    text = next;
    for (const listener of listeners) listener();
  };
  const onChange = (next: string) => {
    changes.push(next);
    set(next);
  };
  return { store, set, onChange, changes };
}

function renderField(initial: string, errorMessage?: string) {
  const owner = textOwner(initial);
  render(
    <CellTextField
      label="Product"
      name="product"
      value={owner.store}
      onChange={owner.onChange}
      errorMessage={errorMessage}
      autoFocus
    />,
  );
  return { owner, field: screen.getByRole('textbox', { name: 'Product' }), user: userEvent.setup() };
}

describe('CellTextField', () => {
  it('opens with the owner’s text, typing after it, and hands over every key as it is typed', async () => {
    const { owner, field, user } = renderField('Game');
    expect(field).toHaveValue('Game');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-multiline', 'false');
    await user.keyboard(' 2');
    expect(field).toHaveValue('Game 2');
    expect(owner.changes).toEqual(['Game ', 'Game 2']);
  });

  it('keeps one line: Enter adds nothing and a pasted line break becomes a space, the caret after it', async () => {
    const { owner, field, user } = renderField('Game');
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Game');
    await user.paste(' Deluxe\r\n Edition\n');
    expect(field).toHaveValue('Game Deluxe Edition ');
    expect(owner.store.get()).toBe('Game Deluxe Edition ');
    await user.keyboard('2026');
    expect(field).toHaveValue('Game Deluxe Edition 2026');
  });

  it('shows a text the owner sets elsewhere, and goes on from it', async () => {
    const { owner, field, user } = renderField('Game');
    await user.keyboard(' 2');
    act(() => owner.set('Their game'));
    expect(field).toHaveValue('Their game');
    await user.keyboard('{End}!');
    expect(owner.store.get()).toBe('Their game!');
  });

  it('ties its error to the input', () => {
    const { field } = renderField('', 'Enter a product name.');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Enter a product name.');
  });
});
