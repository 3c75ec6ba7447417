import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '@/lib/dates';

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
