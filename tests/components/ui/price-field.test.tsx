import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PriceField, type PriceFieldProps } from '@/ui/price-field';

function UnitPrice({
  initial = '',
  onChange,
  ...props
}: { initial?: string; onChange: (value: string) => void } & Partial<PriceFieldProps>) {
  const [value, setValue] = useState(initial);
  return (
    <PriceField
      label="Unit price"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('PriceField (behaviour §5)', () => {
  it('keeps only digits and one dot with at most 2 decimals while typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<UnitPrice onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Unit price' });
    await user.type(input, '1a2.3.b45');
    expect(input).toHaveValue('12.34');
    expect(onChange).toHaveBeenLastCalledWith('12.34');
    expect(onChange.mock.calls.every(([value]) => /^\d*(\.\d{0,2})?$/.test(value))).toBe(true);
  });

  it('keeps the caret where it was when a typed character is dropped', async () => {
    const user = userEvent.setup();
    render(<UnitPrice initial="1250.50" onChange={() => {}} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Unit price' });
    await user.type(input, 'x', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input).toHaveValue('1250.50');
    expect(input.selectionStart).toBe(2);
    await user.keyboard('9');
    expect(input).toHaveValue('12950.50');
    expect(input.selectionStart).toBe(3);
  });

  it('reads a pasted price without its currency sign and thousands commas', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<UnitPrice onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Unit price' });
    await user.click(input);
    await user.paste('€1,234.567');
    expect(input).toHaveValue('1234.56');
    expect(onChange).toHaveBeenLastCalledWith('1234.56');

    await user.clear(input);
    await user.paste('$1,234.56');
    expect(input).toHaveValue('1234.56');
    expect(onChange).toHaveBeenLastCalledWith('1234.56');
  });

  it('shows 2 decimals once the field is left or Enter is pressed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<UnitPrice onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Unit price' });
    await user.type(input, '12.5');
    await user.tab();
    expect(input).toHaveValue('12.50');
    expect(onChange).toHaveBeenLastCalledWith('12.50');

    await user.clear(input);
    await user.type(input, '7{Enter}');
    expect(input).toHaveValue('7.00');

    await user.clear(input);
    await user.type(input, '.');
    await user.tab();
    expect(input).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a euro prefix that screen readers hear as the description', () => {
    render(<UnitPrice initial="12.50" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Unit price' });
    expect(screen.getByText('€')).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAccessibleDescription('In euros');
    expect(input).toHaveAttribute('inputmode', 'decimal');
  });

  it('is named by aria-label with the label hidden, and shows its error', () => {
    render(
      <UnitPrice
        initial="0.00"
        onChange={() => {}}
        labelHidden
        variant="cell"
        aria-label="Unit price of Witcher 3"
        errorMessage="Enter a price above 0."
      />,
    );
    expect(screen.queryByText('Unit price')).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Unit price of Witcher 3' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Enter a price above 0. In euros');
  });
});
