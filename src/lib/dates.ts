/**
 * Dates in tables (behaviour §5): "dd/mm/yy at hh:mm", 24-hour, in the browser's time zone.
 * The contract sends ISO 8601 date-times with a zone and days as YYYY-MM-DD.
 *
 * Formatting only, no date arithmetic: the `Date` getters read an instant in the browser's zone.
 * A grid formats two dates per row, and building an @internationalized/date value per cell cost
 * more than the rest of the row put together (`npm run bench`, rows painted).
 */
const two = (n: number) => String(n).padStart(2, '0');

/** "2026-11-24T12:05:00Z" → "24/11/26 at 13:05" in Berlin; an unreadable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const local = new Date(iso);
  if (Number.isNaN(local.getTime())) return iso;
  const day = `${two(local.getDate())}/${two(local.getMonth() + 1)}/${two(local.getFullYear() % 100)}`;
  return `${day} at ${two(local.getHours())}:${two(local.getMinutes())}`;
}

/** "2026-11-24" → "24/11/26": a calendar day, so no time zone applies. */
export function formatDay(day: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
