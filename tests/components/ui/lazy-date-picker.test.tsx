import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DayRange } from '@/ui/date-range-picker';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';

function DueDate({ initial, onChange }: { initial: string | null; onChange: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LazyDatePicker
      label="Due date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function DeliveryDates({ initial }: { initial: DayRange | null }) {
  const [value, setValue] = useState(initial);
  return <LazyDateRangePicker label="Delivery dates" value={value} onChange={setValue} />;
}

describe('LazyDatePicker and LazyDateRangePicker', () => {
  it('show the label and the chosen days before the picker loads', () => {
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} />);
    expect(screen.getByRole('group', { name: 'Delivery dates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delivery dates 03/10/2026 – 03/12/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('bring the real picker with its calendar open, and focus back on its calendar button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DueDate initial="2026-03-10" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Due date 03/10/2026' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/March 10, 2026/));
    expect(within(dialog).getByRole('grid')).toHaveAccessibleName(/March 2026/);

    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-11');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const field = screen.getByRole('group', { name: 'Due date' });
    expect(within(field).getAllByRole('spinbutton')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Calendar/));
    expect(field).toContainElement(document.activeElement as HTMLElement);
  });

  it('clear the value without loading the picker, keeping focus on the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DueDate initial="2026-03-10" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear Due date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Due date Any day' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear Due date' })).not.toBeInTheDocument();
  });
});
