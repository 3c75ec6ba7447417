import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { AriaProviders } from '@/app/aria-providers';
import { quantity, required } from '@/core/forms/rules';
import { useForm } from '@/core/forms/use-form';
import { submission } from '@/core/workflows';
import { Button } from '@/ui/button';
import { QuantityField } from '@/ui/quantity-field';
import { TextField } from '@/ui/text-field';

const FALLBACK = 'The order could not be saved.';
type Input = { name: string; quantity: number };
const schema = z.object({ name: required(), quantity: quantity(100) });
const sent = vi.fn();

afterEach(() => sent.mockReset());

let reply: (input: Input) => Promise<unknown> = async () => ({});
const saveOrder = submission((input: Input) => {
  sent(input);
  return reply(input);
});

function OrderForm() {
  const saving = useActorRef(saveOrder, { input: { fallback: FALLBACK } });
  const form = useForm({
    schema,
    initial: { name: '', quantity: '1' },
    workflow: saving,
    toEvent: (input) => ({ type: 'submission.submit', input }),
    failure: { type: 'submission.failed', fallback: FALLBACK },
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <TextField label="Name" {...form.field('name')} />
      <QuantityField label="Quantity" maximum={100} {...form.field('quantity')} />
      <Button type="submit" isPending={form.isBusy}>
        Save
      </Button>
    </form>
  );
}

const renderForm = (call: (input: Input) => Promise<unknown> = async () => ({})) => {
  reply = call;
  render(
    <AriaProviders>
      <OrderForm />
    </AriaProviders>,
  );
  return userEvent.setup();
};
const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const quantityField = () => screen.getByRole('textbox', { name: 'Quantity' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('useForm', () => {
  it('checks a field when it is left, and sends the parsed, typed values', async () => {
    const user = renderForm();
    await user.click(nameField());
    await user.tab();
    expect(nameField()).toHaveAccessibleDescription('The field is required');
    await user.type(nameField(), '  Star Quest ');
    expect(nameField()).not.toHaveAccessibleDescription('The field is required');
    await user.clear(quantityField());
    await user.type(quantityField(), 'x12');
    expect(quantityField()).toHaveValue('12');
    await user.click(save());
    expect(sent).toHaveBeenCalledExactlyOnceWith({ name: 'Star Quest', quantity: 12 });
  });

  it('focuses the first invalid field on submit and sends nothing', async () => {
    const user = renderForm();
    await user.type(nameField(), 'Star Quest');
    await user.clear(quantityField());
    await user.type(quantityField(), '500');
    await user.click(save());
    expect(quantityField()).toHaveFocus();
    expect(quantityField()).toHaveAccessibleDescription('Enter a quantity from 1 to 100.');
    expect(sent).not.toHaveBeenCalled();
  });

  it('puts the server’s field messages on the fields and focuses the first', async () => {
    const user = renderForm(async () => {
      throw Object.assign(new Error(FALLBACK), { fieldErrors: { quantity: 'Only 3 left.' } });
    });
    await user.type(nameField(), 'Star Quest');
    await user.click(save());
    expect(await screen.findByText('Only 3 left.')).toBeInTheDocument();
    expect(quantityField()).toHaveFocus();
  });

  it('sends nothing while the workflow cannot take the event (one request in flight)', async () => {
    let answer: (value: unknown) => void = () => {};
    const user = renderForm(() => new Promise((resolve) => (answer = resolve)));
    await user.type(nameField(), 'Star Quest');
    await user.click(save());
    await user.type(nameField(), '{Enter}');
    expect(sent).toHaveBeenCalledOnce();
    await act(async () => answer({}));
  });
});
