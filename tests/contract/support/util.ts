import { expect } from 'vitest';
/** Small helpers for assertions on values the server returns. */

/** A string far beyond every documented length limit. */
export const LONG = 'x'.repeat(100_000);

export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`Expected a ${what}`);
  return value;
}

export const cents = (money: string) => Math.round(Number(money) * 100);
export const money = (amountInCents: number) => {
  const sign = amountInCents < 0 ? '-' : '';
  const abs = Math.abs(amountInCents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const DAY = 24 * 60 * 60 * 1000;
/** A UTC calendar day relative to today, as YYYY-MM-DD. */
export const day = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
export const time = (iso: string) => new Date(iso).getTime();

type Compare<T> = (a: T, b: T) => number;
export const byTime: Compare<string> = (a, b) => time(a) - time(b);
export const byMoney: Compare<string> = (a, b) => cents(a) - cents(b);

/** Index of the first pair out of order, or -1. */
export function firstDisorder<T>(values: T[], compare: Compare<T>, descending = false): number {
  for (let i = 1; i < values.length; i++) {
    const c = compare(values[i - 1] as T, values[i] as T);
    if (descending ? c < 0 : c > 0) return i;
  }
  return -1;
}

/** Asserts the values are in order, naming the first one out of place. */
export function expectSorted<T>(values: T[], compare: Compare<T>, descending = false) {
  const at = firstDisorder(values, compare, descending);
  expect(at, `out of order at ${at}: ${JSON.stringify(values.slice(Math.max(0, at - 1), at + 1))}`).toBe(-1);
}

/**
 * Text ordering depends on the database collation (byte order or a locale), so sorted text is
 * accepted in either; anything else is out of order.
 */
export function textSorted(values: string[], descending = false): boolean {
  const byte: Compare<string> = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const locale: Compare<string> = (a, b) => a.localeCompare(b, 'en');
  const ci: Compare<string> = (a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en');
  return [byte, locale, ci].some((compare) => firstDisorder(values, compare, descending) === -1);
}

export function searchParam(link: string | null, name: string): string | null {
  if (link === null) return null;
  return new URL(link, 'http://localhost').searchParams.get(name);
}
