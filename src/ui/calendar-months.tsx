import { Button, CalendarCell, CalendarGrid, CalendarHeading } from 'react-aria-components';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './date-picker.css';

const OFFSETS = [{ months: 0 }, { months: 1 }];

/**
 * The inside of a Calendar or RangeCalendar: previous/next month buttons and `count` month grids
 * side by side (they wrap on narrow screens), each under its own month heading. React Aria names
 * each grid by its month, so the visible headings are only for sighted users.
 */
export function CalendarMonths({ count }: { count: 1 | 2 }) {
  return (
    <div className="calendar__body">
      <Button slot="previous" className="calendar__nav calendar__nav--previous">
        <ChevronLeftIcon />
      </Button>
      <Button slot="next" className="calendar__nav calendar__nav--next">
        <ChevronRightIcon />
      </Button>
      <div className="calendar__months">
        {OFFSETS.slice(0, count).map((offset) => (
          <div key={offset.months} className="calendar__month">
            <CalendarHeading offset={offset} className="calendar__heading" />
            <CalendarGrid offset={offset} className="calendar__grid">
              {(date) => <CalendarCell date={date} className="calendar__cell" />}
            </CalendarGrid>
          </div>
        ))}
      </div>
    </div>
  );
}
