/**
 * An ISO 8601 date-time as the contract reads one in an uploaded file's cell, and as the app
 * reads a pasted one (behaviour §5, §7): `2026-05-01T10:00:00Z`, `2026-05-01 10:00+02:00`, with
 * seconds and a fraction optional. Without a zone it is UTC, the zone every date-time in the API
 * is given in. A day or time the calendar does not have (30 February, 24:00) is refused, not
 * rolled over.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export const NO_SUCH_DATE_TIME = 'This date or time does not exist.';
const BAD_ZONE_OFFSET = 'The time zone offset is not valid.';

/**
 * The instant `raw` names (ms since the epoch), or why not: `malformed` when it is not written as
 * ISO 8601 (each reader says so in its own words), else the message for a date or zone that
 * does not exist.
 */
export function instantOfIso(raw: string): { instant: number } | { error: string } | { malformed: true } {
  const match = DATE_TIME.exec(raw);
  if (!match) return { malformed: true };
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone = 'Z'] = match;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const check = new Date(wall);
  const exists =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  if (!exists) return { error: NO_SUCH_DATE_TIME };
  if (zone.toUpperCase() === 'Z') return { instant: wall };
  const digits = zone.replace(':', '');
  const zoneHours = Number(digits.slice(1, 3));
  const zoneMinutes = Number(digits.slice(3, 5));
  if (zoneHours > 23 || zoneMinutes > 59) return { error: BAD_ZONE_OFFSET };
  return { instant: wall - (digits.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes) * 60_000 };
}
