/**
 * Dates in tables (behaviour §5): "dd/mm/yy at hh:mm", 24-hour, in the browser's time zone.
 * The contract sends ISO 8601 date-times with a zone and days as YYYY-MM-DD.
 */
import { parseAbsoluteToLocal, parseDate } from '@internationalized/date';

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-11-24T12:05:00Z" → "24/11/26 at 13:05" in Berlin. */
export function formatDateTime(iso: string): string {
  const local = parseAbsoluteToLocal(iso);
  return `${two(local.day)}/${two(local.month)}/${two(local.year % 100)} at ${two(local.hour)}:${two(local.minute)}`;
}

/** "2026-11-24" → "24/11/26". */
export function formatDay(day: string): string {
  const date = parseDate(day);
  return `${two(date.day)}/${two(date.month)}/${two(date.year % 100)}`;
}
