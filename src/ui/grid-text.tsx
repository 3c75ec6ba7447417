/** Cell texts every grid shows alike. */
import { formatDateTime } from '@/lib/dates';
import './grid-text.css';

/** A short name that may take a second line where the grid is tight. */
export function GridText({ text }: { text: string }) {
  return <span className="grid-text">{text}</span>;
}

/** "24/11/26 at 13:05"; where the grid is tight the time goes under the day, never mid-phrase. */
export function GridDateTime({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(' at ');
  // formatDateTime gives an unreadable value back as it came, with no time to put on a second line.
  if (time === undefined) return day;
  return (
    <span className="grid-text">
      <span className="grid-text__part">{day}</span> <span className="grid-text__part">at {time}</span>
    </span>
  );
}
