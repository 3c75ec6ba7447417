import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AriaProviders } from '@/app/aria-providers';
import { DateTimePicker, type DateTimePickerProps } from '@/ui/date-time-picker';
import { shownText } from '../../support/dates';

/** Rendered in the app's own React Aria locale (src/app/aria-providers.tsx). */
const inApp = { wrapper: AriaProviders };

function Start({
  initial,
  onChange,
  ...props
}: { initial: string | null; onChange: (value: string | null) => void } & Partial<DateTimePickerProps>) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimePicker
      label="Start"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const segment = (name: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${name},`) });
/** React Aria names the day period segment in the app's locale (en-GB): "am/pm"; it shows AM or PM. */
const dayPeriod = () => segment('am/pm');

describe('DateTimePicker (behaviour §2, §9: 12-hour clock, minutes in steps of 5)', () => {
  it('shows hours 1 to 12 and an AM/PM segment', () => {
    render(<Start initial="2026-11-24T13:05:00" onChange={() => {}} />, inApp);
    expect(segment('hour')).toHaveTextContent(/^1$/);
    expect(segment('hour')).toHaveAttribute('aria-valuemin', '1');
    expect(segment('hour')).toHaveAttribute('aria-valuemax', '12');
    expect(segment('minute')).toHaveTextContent('05');
    expect(dayPeriod()).toHaveTextContent(/^PM$/);
  });

  it('writes the day first, dd/mm/yyyy, and is named by the value in words', () => {
    render(<Start initial="2027-01-09T17:20:00" onChange={() => {}} />, inApp);
    const field = screen.getByRole('group', { name: 'Start: 9 January 2027, 5:20 PM' });
    const shown = within(field)
      .getAllByRole('spinbutton')
      .map((spin) => spin.textContent);
    expect(shown).toEqual(['09', '01', '2027', '5', '20', 'PM']);
    expect(shownText(field)).toBe('09/01/2027, 5:20 PM');
  });

  it('steps the minutes by 5 with the arrow keys, wrapping within the hour', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T13:05:00" onChange={onChange} />, inApp);
    await user.click(segment('minute'));
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:10:00');
    expect(segment('minute')).toHaveTextContent('10');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:00:00');
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:55:00');
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:00:00');
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:55:00');
  });

  it('steps from a minute off the 5-minute grid onto it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T13:07:00" onChange={onChange} />, inApp);
    await user.click(segment('minute'));
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:10:00');
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:05:00');
  });

  it('takes a whole date-time from the keyboard and rounds the typed minutes to 5', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial={null} onChange={onChange} />, inApp);
    await user.click(segment('day'));
    await user.keyboard('24112026');
    expect(segment('hour')).toHaveFocus();
    await user.keyboard('10');
    expect(segment('minute')).toHaveFocus();
    // The second digit moves focus on to AM/PM, which leaves the minutes: 37 rounds to 35.
    await user.keyboard('37');
    expect(dayPeriod()).toHaveFocus();
    expect(segment('minute')).toHaveTextContent('35');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T10:35:00');
    await user.keyboard('p');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T22:35:00');
  });

  it('rounds a typed minute when the field is left or Enter is pressed, keeping the hour', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T13:05:00" onChange={onChange} />, inApp);
    await user.click(segment('minute'));
    await user.keyboard('4');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:05:00');

    await user.click(segment('minute'));
    await user.keyboard('8');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:10:00');

    await user.click(segment('minute'));
    await user.keyboard('58');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:55:00');

    await user.click(segment('minute'));
    await user.keyboard('2{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:00:00');
    expect(segment('minute')).toHaveTextContent('00');
  });

  it('leaves a minute off the 5-minute grid as it is when focus only passes through it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T00:13:00" onChange={onChange} />, inApp);
    await user.click(segment('hour'));
    await user.tab();
    expect(segment('minute')).toHaveFocus();
    await user.tab();
    expect(dayPeriod()).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(segment('minute')).toHaveTextContent('13');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('switches between AM and PM', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T13:05:00" onChange={onChange} />, inApp);
    await user.click(dayPeriod());
    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T01:05:00');
    expect(dayPeriod()).toHaveTextContent('AM');
    await user.keyboard('p');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24T13:05:00');
  });

  it('picks a day in a one-month calendar and keeps the time', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Start initial="2026-11-24T13:05:00" onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const dialog = screen.getByRole('dialog');
    const [month] = within(dialog).getAllByRole('grid');
    expect(within(dialog).getAllByRole('grid')).toHaveLength(1);
    expect(month).toHaveAccessibleName(/November 2026/);
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-26T13:05:00');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears to null, and a required field offers no clear button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { unmount } = render(<Start initial="2026-11-24T13:05:00" onChange={onChange} />, inApp);
    await user.click(screen.getByRole('button', { name: 'Clear Start' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    unmount();

    render(<Start initial="2026-11-24T13:05:00" onChange={onChange} isRequired />, inApp);
    expect(screen.queryByRole('button', { name: 'Clear Start' })).not.toBeInTheDocument();
  });

  it('keeps its name with the label hidden in a grid row, and shows its error', () => {
    render(
      <Start
        initial="2026-11-24T13:05:00"
        onChange={() => {}}
        label="Start of Witcher 3"
        labelHidden
        variant="cell"
        errorMessage="End must be after start."
      />,
      inApp,
    );
    expect(screen.getByText('Start of Witcher 3')).toHaveClass('visually-hidden');
    expect(screen.getByRole('group', { name: 'Start of Witcher 3: 24 November 2026, 1:05 PM' })).toBeInTheDocument();
    expect(screen.getByText('End must be after start.')).toBeInTheDocument();
    expect(segment('minute')).toHaveAttribute('aria-invalid', 'true');
  });
});
