import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AriaProviders } from '@/app/aria-providers';
import { useDebouncedValue } from '@/lib/debounce';
import { DatePicker } from '@/ui/date-picker';
import { NumberField } from '@/ui/number-field';
import { QuantityField } from '@/ui/quantity-field';
import { SearchField } from '@/ui/search-field';

afterEach(() => {
  vi.useRealTimers();
});

function Quantity({ onChange, variant }: { onChange: (value: number | null) => void; variant?: 'field' | 'cell' }) {
  const [value, setValue] = useState<number | null>(2);
  return (
    <NumberField
      label="Quantity"
      variant={variant}
      value={value}
      minValue={1}
      maxValue={500}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberField', () => {
  it('keeps the value at or above minValue, typed or stepped', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Quantity onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input).toHaveValue('1');
    expect(screen.getByRole('button', { name: /Decrease/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Increase/ }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('3');
  });

  it('gives null when emptied, and is named without a visible label in a grid cell', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Quantity onChange={onChange} variant="cell" />);
    expect(screen.queryByText('Quantity')).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(input);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

function FormQuantity({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <QuantityField label="Quantity" maximum={5} value={value} onChange={setValue} />;
}

describe('QuantityField in a form', () => {
  it('keeps digits only, and the arrow keys step it by one within 1 and the bound', async () => {
    const user = userEvent.setup();
    render(<FormQuantity initial="1" />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('1');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('3');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('5');
    await user.clear(input);
    await user.type(input, '1,2a');
    expect(input).toHaveValue('12');
    // Above the bound, a step comes back to it; the form's check says what is wrong with the rest.
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('5');
  });
});

function OfferSearch({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [text, setText] = useState('');
  return <SearchField label="Search offers" value={text} onChange={setText} onSubmit={onSubmit} />;
}

describe('SearchField', () => {
  it('submits on Enter and empties with the clear button or Escape', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<OfferSearch onSubmit={onSubmit} />);
    const box = screen.getByRole('searchbox', { name: 'Search offers' });
    await user.type(box, 'witcher{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('witcher');

    await user.click(screen.getByRole('button', { name: /Clear search/ }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();

    await user.type(box, 'halo');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });
});

describe('useDebouncedValue', () => {
  it('settles once the value has stopped changing for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '' },
    });
    rerender({ value: 'w' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'wi' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('wi');
  });
});

function DeliveryDay({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>('2026-03-10');
  return (
    <DatePicker
      label="Delivery day"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DatePicker', () => {
  it('picks a day in the calendar by keyboard, and clears', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // In the app's own React Aria locale (src/app/aria-providers.tsx): day first.
    render(<DeliveryDay onChange={onChange} />, { wrapper: AriaProviders });
    await user.click(screen.getByRole('button', { name: /Open calendar|Calendar/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('grid')).toHaveLength(1);
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-12');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Delivery day' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('group', { name: /Delivery day/ })).toHaveTextContent('dd/mm/yyyy');
  });
});
