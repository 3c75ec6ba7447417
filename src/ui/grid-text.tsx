/** Cell texts every grid shows alike. */
import { formatDateTime } from '@/lib/dates';
import './grid-text.css';

/** A short name that may take a second line where the grid is tight. */
export function GridText({ text }: { text: string }) {
  return <span className="grid-text">{text}</span>;
}

/**
 * "24/11/26 at 13:05"; where the grid is tight the time goes under the day, never mid-phrase (a
 * no-break space holds "at" to the time). One text node: a grid draws three of these per row, and
 * each frame pays for every box on the page.
 */
export function GridDateTime({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(' at ');
  // formatDateTime gives an unreadable value back as it came, with no time to put on a second line.
  if (time === undefined) return day;
  return <span className="grid-text">{`${day} at\u00a0${time}`}</span>;
}
