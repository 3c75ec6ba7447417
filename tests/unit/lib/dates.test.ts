import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dateFieldName,
  fieldDateTime,
  fieldDay,
  formatDateTime,
  formatDay,
  fromLocalIso,
  spokenDateTime,
  spokenDay,
  spokenDayRange,
  toLocalIso,
} from '@/lib/dates';

describe('table dates (behaviour §5)', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows a date-time as dd/mm/yy at hh:mm, 24-hour, in the browser zone', () => {
    expect(formatDateTime('2026-11-24T12:05:00Z')).toBe('24/11/26 at 13:05');
    expect(formatDateTime('2026-07-01T21:30:00Z')).toBe('01/07/26 at 23:30');
    expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('01/01/27 at 00:59');
    expect(formatDateTime('2026-03-05T08:00:00+05:30')).toBe('05/03/26 at 03:30');
  });

  it('shows an unreadable date-time as it came instead of failing', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('shows a calendar day without shifting it to a zone', () => {
    expect(formatDay('2026-11-24')).toBe('24/11/26');
    expect(formatDay('1999-01-02')).toBe('02/01/99');
    expect(formatDay('24.11.2026')).toBe('24.11.2026');
  });
});

describe('date-time inputs (behaviour §5: ISO without a zone, read as local time)', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('reads an instant as the wall-clock time of the browser zone', () => {
    expect(toLocalIso('2026-11-24T12:05:00Z')).toBe('2026-11-24T13:05:00');
    expect(toLocalIso('2026-07-01T21:30:15Z')).toBe('2026-07-01T23:30:15');
    expect(toLocalIso('2026-12-31T23:59:00Z')).toBe('2027-01-01T00:59:00');
    expect(toLocalIso('2026-03-05T08:00:00+05:30')).toBe('2026-03-05T03:30:00');
  });

  it('gives an empty text for an unreadable instant', () => {
    expect(toLocalIso('not a date')).toBe('');
    expect(toLocalIso('')).toBe('');
  });

  it('turns a wall-clock time back into an instant with a zone', () => {
    expect(fromLocalIso('2026-11-24T13:05:00')).toBe('2026-11-24T12:05:00Z');
    expect(fromLocalIso('2026-07-01T23:30')).toBe('2026-07-01T21:30:00Z');
    expect(fromLocalIso('2027-01-01T00:59:00')).toBe('2026-12-31T23:59:00Z');
  });

  it('refuses text that is not a local date-time or names a day that does not exist', () => {
    expect(fromLocalIso('')).toBeNull();
    expect(fromLocalIso('2026-11-24')).toBeNull();
    expect(fromLocalIso('2026-11-24T13:05:00Z')).toBeNull();
    expect(fromLocalIso('24/11/26 at 13:05')).toBeNull();
    expect(fromLocalIso('2026-02-30T10:00:00')).toBeNull();
    expect(fromLocalIso('2026-13-01T10:00:00')).toBeNull();
    expect(fromLocalIso('2026-11-24T24:00:00')).toBeNull();
    expect(fromLocalIso('2026-11-24T12:60:00')).toBeNull();
  });

  it('takes a time skipped by the spring clock change as the hour after, a repeated one as the first', () => {
    expect(fromLocalIso('2026-03-29T02:30:00')).toBe('2026-03-29T01:30:00Z');
    expect(toLocalIso('2026-03-29T01:30:00Z')).toBe('2026-03-29T03:30:00');
    expect(fromLocalIso('2026-10-25T02:30:00')).toBe('2026-10-25T00:30:00Z');
  });

  it('goes there and back to the same wall-clock time, in any zone', () => {
    const instant = fc
      .date({ min: new Date('1900-01-02T00:00:00Z'), max: new Date('9999-12-29T00:00:00Z'), noInvalidDate: true })
      .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000));
    const aZone = fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC');
    fc.assert(
      fc.property(instant, aZone, (date, tz) => {
        process.env.TZ = tz;
        const local = toLocalIso(date.toISOString());
        expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
        const back = fromLocalIso(local);
        if (back === null) throw new Error(`${local} was not read back`);
        expect(toLocalIso(back)).toBe(local);
        // The same instant, except in the hour an autumn clock change repeats: the first one is taken.
        expect(Math.abs(Date.parse(back) - date.getTime())).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });
});

describe('pickers and their names (behaviour §5: day first everywhere)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('writes a day and a date-time as the fields do: dd/mm/yyyy, 12-hour with AM/PM', () => {
    expect(fieldDay('2027-01-09')).toBe('09/01/2027');
    expect(fieldDateTime('2027-01-09T17:20:00')?.replace(/\s/g, ' ')).toBe('09/01/2027, 5:20 PM');
    expect(fieldDateTime('2027-01-09T00:05')?.replace(/\s/g, ' ')).toBe('09/01/2027, 12:05 AM');
    expect(fieldDateTime('2027-01-09T12:00:00')?.replace(/\s/g, ' ')).toBe('09/01/2027, 12:00 PM');
  });

  it('names them in words that cannot be read two ways', () => {
    expect(spokenDay('2027-01-09')).toBe('9 January 2027');
    expect(spokenDateTime('2027-01-09T17:20:00')).toBe('9 January 2027, 5:20 PM');
    expect(spokenDayRange('2027-01-09', '2027-02-03')).toBe('9 January 2027 to 3 February 2027');
    expect(dateFieldName('Start', spokenDateTime('2027-01-09T17:20'))).toBe('Start: 9 January 2027, 5:20 PM');
    expect(dateFieldName('Start', null)).toBe('Start');
  });

  it('keeps wall-clock values as they are in every zone', () => {
    for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
      process.env.TZ = tz;
      expect(fieldDay('2027-01-09')).toBe('09/01/2027');
      expect(spokenDateTime('2027-01-09T23:55:00')).toBe('9 January 2027, 11:55 PM');
    }
  });

  it('gives null for what is not a day or a wall-clock time', () => {
    expect(fieldDay('')).toBeNull();
    expect(fieldDay('09/01/2027')).toBeNull();
    expect(fieldDay('2027-02-30')).toBeNull();
    expect(fieldDateTime('2027-01-09T24:00:00')).toBeNull();
    expect(fieldDateTime('2027-01-09T17:20:00Z')).toBeNull();
    expect(spokenDateTime('2027-01-09')).toBeNull();
    expect(spokenDayRange('2027-01-09', 'soon')).toBeNull();
  });
});
