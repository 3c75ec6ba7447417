/**
 * Money (behaviour §1, §9) as the contract carries it and both sides compute it: amounts travel as
 * decimal strings ("12.50", the contract's `Money`) and are computed in integer cents. A Django
 * REST Framework back end may send JSON numbers (12.5) instead. The app reads every amount of
 * every answer with `centsOf`, once, into cents (src/api/read-money.ts); the server reads request
 * amounts with it after the contract's pattern check, and writes every amount with `moneyOf`.
 * Shown, an amount is in euros, US-English formatting, two decimals (`formatCents`).
 */
import { FIELD_LIMITS } from '../schema.facts';

/** Whole euro cents; NaN for an amount that could not be read, which shows as a dash. */
export type Cents = number;

/** The contract's largest unit price (its `x-maximum`, in cents): every total stays exact. */
export const MAX_UNIT_PRICE_CENTS = FIELD_LIMITS.OfferChange.unit_price.maximumCents;

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * An amount as a server sends it, in whole cents: "12.50", "12.5", "12" and 12.5 are 1250. More
 * than two decimals round half away from zero ("0.125" is 13). NaN for anything else (a text that
 * is not a decimal, a number that is not finite, an amount too large to count in cents exactly).
 */
export function centsOf(amount: unknown): Cents {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return Number.NaN;
    // JSON numbers arrive as binary fractions (19.99 is 19.98999…): whole cents are the nearest.
    return exact(Math.round(amount * 100));
  }
  if (typeof amount !== 'string') return Number.NaN;
  const match = DECIMAL.exec(amount.trim());
  if (!match) return Number.NaN;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rounded = (fraction[2] ?? '0') >= '5' ? cents + 1 : cents;
  return exact(sign ? -rounded : rounded);
}

/** Cents beyond what a double counts exactly are no amount; -0 is 0. */
const exact = (cents: number): Cents => (Number.isSafeInteger(cents) ? cents + 0 : Number.NaN);

/** 1250 → "12.50", the contract's `Money`. Throws for NaN: nothing sends no amount. */
export function moneyOf(cents: Cents): string {
  if (!Number.isFinite(cents)) throw new RangeError('An amount that could not be read cannot be sent');
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const euro = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** What an amount that could not be read shows instead. */
export const NO_AMOUNT = '—';

/** 1250 → "€12.50"; an amount that could not be read → "—". */
export const formatCents = (cents: Cents) => (Number.isFinite(cents) ? euro.format(cents / 100) : NO_AMOUNT);
