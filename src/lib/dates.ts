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

/**
 * Date-time inputs hold local wall-clock time without a zone (behaviour §5: "parsed back to an ISO
 * date-time without a zone"), "2026-11-24T13:05:00"; the contract wants an instant with a zone.
 * These two convert at the edge, in the browser's zone, as formatDateTime reads it.
 */
const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2026-11-24T12:05:00Z" → "2026-11-24T13:05:00" in Berlin; '' when the value is unreadable. */
export function toLocalIso(iso: string): string {
  const local = new Date(iso);
  if (Number.isNaN(local.getTime())) return '';
  const day = `${String(local.getFullYear()).padStart(4, '0')}-${two(local.getMonth() + 1)}-${two(local.getDate())}`;
  return `${day}T${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`;
}

/**
 * "2026-11-24T13:05:00" (or without seconds) read in the browser's zone → "2026-11-24T12:05:00Z"
 * in Berlin; null when it is not such a date-time or names a day that does not exist. A time that
 * a clock change skips (02:30 when clocks jump from 02:00 to 03:00) becomes the instant the
 * browser picks, an hour later on the wall clock.
 */
export function fromLocalIso(local: string): string | null {
  const match = LOCAL_ISO.exec(local);
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  // A date-time without an offset is local time (ECMAScript's date-time string format).
  const instant = new Date(local);
  const sameDay = instant.getFullYear() === year && instant.getMonth() + 1 === month && instant.getDate() === day;
  if (Number.isNaN(instant.getTime()) || !sameDay) return null;
  return instant.toISOString().replace('.000Z', 'Z');
}
