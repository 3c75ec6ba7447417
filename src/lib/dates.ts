/**
 * The one date and time convention (behaviour §5), day first everywhere:
 * - tables and text: "09/01/27 at 17:20" (24-hour clock) and days "09/01/27";
 * - pickers and date fields: "09/01/2027" and "09/01/2027, 5:20 PM" (hours 1 to 12, AM/PM), as
 *   React Aria writes them in DATE_LOCALE, which src/app/aria-providers.tsx gives it;
 * - names for screen readers: "9 January 2027" and "9 January 2027, 5:20 PM", which cannot be
 *   read two ways ("Start: 9 January 2027, 5:20 PM").
 * Every format lives here; the providers, grids, pickers and their stand-ins read it.
 *
 * The contract sends ISO 8601 date-times with a zone and days as YYYY-MM-DD.
 */

/**
 * React Aria's locale. British English writes dates day first (dd/mm/yyyy), starts the calendar's
 * weeks on Monday and names months in English; it writes numbers as US English does, so the
 * quantity fields are unchanged (money has its own formatter, src/lib/money.ts).
 */
export const DATE_LOCALE = 'en-GB';

/** Pickers that take a time show hours 1 to 12 with AM/PM (behaviour §9: time picker). */
export const PICKER_HOUR_CYCLE = 12;

/**
 * British English writes the day period in lower case ("5:20 pm"); the app writes AM and PM as the
 * specification does, in the picker's segment and in every text standing for it.
 */
export const dayPeriodShown = (text: string) => text.toUpperCase();

/*
 * Table dates: formatting only, no date arithmetic: the `Date` getters read an instant in the
 * browser's zone. A grid formats two dates per row, and building an @internationalized/date value
 * (or calling Intl) per cell cost more than the rest of the row put together (`npm run bench`,
 * rows painted).
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

/** What the grid writes ("24/11/26 at 13:05"), or a day-first date a spreadsheet writes ("24/11/2026 1:05 PM", "24/11/2026"). */
const GRID_DATE_TIME =
  /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:(?:\s+at\s+|,\s*|\s+)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?)?$/i;

/**
 * The inverse of formatDateTime, for text pasted into the grid: "24/11/26 at 13:05" → the local
 * "2026-11-24T13:05:00" an input holds; a two-digit year is in this century, a day without a time
 * starts at midnight, AM/PM turn the hour into the 24-hour clock. Null when it is not such a text
 * or names a day or time that does not exist.
 */
export function parseGridDateTime(text: string): string | null {
  const match = GRID_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = '', hours = '0', minutes = '0', seconds = '0', period] = match;
  let hour = Number(hours);
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period.toLowerCase() === 'p' ? 12 : 0);
  }
  const fullYear = year.length === 2 ? `20${year}` : year;
  const local = `${fullYear}-${two(Number(month))}-${two(Number(day))}T${two(hour)}:${two(Number(minutes))}:${two(Number(seconds))}`;
  return fromLocalIso(local) === null ? null : local;
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

/*
 * Pickers and their names. Their values are wall-clock days ("2027-01-09") and times
 * ("2027-01-09T17:20:00") without a zone, so they are formatted as UTC: no zone can move them.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The wall-clock value as a UTC instant with the same fields; null when it is not one. */
function wallClock(value: string): Date | null {
  const match = WALL_CLOCK.exec(value);
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(year as number, (month as number) - 1, day);
  date.setUTCHours(hours, minutes);
  return date.getUTCDate() === day && hours < 24 && minutes < 60 ? date : null;
}

const utc = { timeZone: 'UTC' } as const;
const hour12 = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const;
/** What React Aria's segments show (its numeric fields, resolved in DATE_LOCALE): "09/01/2027". */
const fieldDayFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  ...utc,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const fieldDateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  ...utc,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  ...hour12,
});
const spokenDayFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  ...utc,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const spokenTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, { ...utc, ...hour12 });

/** The day period shown as the field shows it, never on a line of its own (a no-break space before it). */
function formatted(format: Intl.DateTimeFormat, value: string): string | null {
  const date = wallClock(value);
  if (!date) return null;
  const parts = format.formatToParts(date);
  return parts
    .map((part, index) => {
      if (part.type === 'dayPeriod') return dayPeriodShown(part.value);
      return parts[index + 1]?.type === 'dayPeriod' ? part.value.replace(/\s/g, '\u00a0') : part.value;
    })
    .join('');
}

/** "2027-01-09" → "09/01/2027", as a date field shows it; null when it is not a day. */
export const fieldDay = (day: string) => formatted(fieldDayFormat, day);

/**
 * "2027-01-09T17:20:00" → "09/01/2027, 5:20 PM", as a date-time field shows it (a no-break space
 * before PM: a narrow field wraps after the comma only); null when unreadable.
 */
export const fieldDateTime = (local: string) => formatted(fieldDateTimeFormat, local);

/** Intl may put a narrow no-break space before AM/PM; a name keeps plain spaces. */
const plainSpaces = (text: string | null) => (text === null ? null : text.replace(/\s/g, ' '));

/** "2027-01-09" → "9 January 2027"; null when it is not a day. */
export const spokenDay = (day: string) => plainSpaces(formatted(spokenDayFormat, day));

/** "2027-01-09T17:20:00" → "9 January 2027, 5:20 PM"; null when unreadable. */
export function spokenDateTime(local: string): string | null {
  const day = spokenDay(local.slice(0, 10));
  const time = local.length > 10 ? plainSpaces(formatted(spokenTimeFormat, local)) : null;
  return day && time ? `${day}, ${time}` : null;
}

/** "2026-11-01" to "2026-11-30" → "1 November 2026 to 30 November 2026"; null when either is unreadable. */
export function spokenDayRange(start: string, end: string): string | null {
  const [from, to] = [spokenDay(start), spokenDay(end)];
  return from && to ? `${from} to ${to}` : null;
}

/** The name of a field or button showing a date: "Start: 9 January 2027, 5:20 PM", or the label alone. */
export const dateFieldName = (label: string, spoken: string | null) => (spoken ? `${label}: ${spoken}` : label);
