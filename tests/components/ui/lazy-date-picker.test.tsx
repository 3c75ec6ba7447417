import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AriaProviders } from '@/app/aria-providers';
import type { DayRange } from '@/ui/date-range-picker';
import { LazyDatePicker } from '@/ui/lazy-date-picker';
import { LazyDateRangePicker } from '@/ui/lazy-date-range-picker';
import { LazyDateTimePicker } from '@/ui/lazy-date-time-picker';
import { shownText } from '../../support/dates';

/** Rendered in the app's own React Aria locale (src/app/aria-providers.tsx). */
const inApp = { wrapper: AriaProviders };

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

function ValidAt({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return <LazyDateTimePicker label="Valid at" value={value} onChange={setValue} />;
}

function DeliveryDates({ initial }: { initial: DayRange | null }) {
  const [value, setValue] = useState(initial);
  return <LazyDateRangePicker label="Delivery dates" value={value} onChange={setValue} />;
}

describe('LazyDatePicker and LazyDateRangePicker', () => {
  it('show the label and the chosen days before the picker loads', () => {
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} />, inApp);
    expect(screen.getByRole('group', { name: 'Delivery dates' })).toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Delivery dates: 10 March 2026 to 12 March 2026' });
    expect(trigger).toHaveTextContent('10/03/2026 – 12/03/2026');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('bring the real picker with its calendar open, and focus back on its calendar button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DueDate initial="2026-03-10" onChange={onChange} />, inApp);
    const trigger = screen.getByRole('button', { name: 'Due date: 10 March 2026' });
    expect(trigger).toHaveTextContent('10/03/2026');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/10 March 2026/));
    expect(within(dialog).getByRole('grid')).toHaveAccessibleName(/March 2026/);

    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-11');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const field = screen.getByRole('group', { name: 'Due date: 11 March 2026' });
    expect(field).toHaveTextContent('11/03/2026');
    expect(within(field).getAllByRole('spinbutton')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/Calendar/));
    expect(field).toContainElement(document.activeElement as HTMLElement);
  });

  it('clear the value without loading the picker, keeping focus on the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DueDate initial="2026-03-10" onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: 'Clear Due date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Due date: Any day' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear Due date' })).not.toBeInTheDocument();
  });

  it('show a date and time as the picker writes it, 12-hour with AM/PM, and name it in words', async () => {
    const user = userEvent.setup();
    render(<ValidAt initial="2026-11-24T13:05:00" />, inApp);
    const trigger = screen.getByRole('button', { name: 'Valid at: 24 November 2026, 1:05 PM' });
    expect(shownText(trigger)).toBe('24/11/2026, 1:05 PM');
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const field = screen.getByRole('group', { name: 'Valid at: 24 November 2026, 1:05 PM' });
    // The picker's segments, its clear and calendar buttons: the same text as the stand-in.
    expect(shownText(field)).toBe('24/11/2026, 1:05 PM');
  });
});
