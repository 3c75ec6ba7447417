import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AriaProviders } from '@/app/aria-providers';
import { DateRangePicker, type DayRange } from '@/ui/date-range-picker';

/** Rendered in the app's own React Aria locale (src/app/aria-providers.tsx). */
const inApp = { wrapper: AriaProviders };

function DeliveryDates({
  initial,
  onChange,
}: {
  initial: DayRange | null;
  onChange: (value: DayRange | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker
      label="Delivery dates"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateRangePicker', () => {
  it('opens a calendar of two months side by side', async () => {
    const user = userEvent.setup();
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} onChange={() => {}} />, inApp);
    await user.click(screen.getByRole('button', { name: /Open calendar|Calendar/ }));
    const dialog = screen.getByRole('dialog');
    const grids = within(dialog).getAllByRole('grid');
    expect(grids).toHaveLength(2);
    expect(grids[0]).toHaveAccessibleName(/March 2026/);
    expect(grids[1]).toHaveAccessibleName(/April 2026/);
    expect(within(dialog).getByText('March 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('April 2026')).toBeInTheDocument();
  });

  it('picks a range with the keyboard and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: /Open calendar|Calendar/ }));
    expect(document.activeElement).toHaveAccessibleName(/10 March 2026/);

    // A week down to the 17th and Enter to start there (React Aria then moves on a day, to show that
    // a range is under way); two more days to the 20th, Enter to finish.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(document.activeElement).toHaveAccessibleName(/18 March 2026/);
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-17', end: '2026-03-20' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const field = screen.getByRole('group', { name: 'Delivery dates: 17 March 2026 to 20 March 2026' });
    expect(field).toHaveTextContent('17/03/2026–20/03/2026');
  });

  it('moves on to the next months and picks a range across them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: /Open calendar|Calendar/ }));
    const dialog = screen.getByRole('dialog');
    // The first "Next" is ours; React Aria adds a hidden one after the grids for screen readers.
    const [next] = within(dialog).getAllByRole('button', { name: 'Next' });
    if (!next) throw new Error('no Next button');
    await user.click(next);
    const [april, may] = within(dialog).getAllByRole('grid');
    if (!april || !may) throw new Error('expected two month grids');
    expect(april).toHaveAccessibleName(/April 2026/);
    expect(may).toHaveAccessibleName(/May 2026/);
    await user.click(within(april).getByRole('button', { name: /28 April 2026/ }));
    await user.click(within(may).getByRole('button', { name: /\b2 May 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-04-28', end: '2026-05-02' });
  });

  it('clears the range and keeps focus in the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DeliveryDates initial={{ start: '2026-03-10', end: '2026-03-12' }} onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: 'Clear Delivery dates' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('button', { name: 'Clear Delivery dates' })).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('role', 'spinbutton');
    expect(screen.getByRole('group', { name: /Delivery dates/ })).toHaveTextContent('dd/mm/yyyy–dd/mm/yyyy');
  });
});
