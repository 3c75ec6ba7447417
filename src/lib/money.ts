/**
 * Money (behaviour §1, §9): euros, US-English formatting, two decimals. The contract carries
 * amounts as decimal strings ("12.50"); the app computes in integer cents and formats at the edge.
 */
const euro = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const MONEY = /^(-?)(\d+)\.(\d{2})$/;

/** "12.50" → 1250. NaN for anything that is not the contract's `Money` shape. */
export function centsOf(amount: string): number {
  const match = MONEY.exec(amount);
  if (!match) return Number.NaN;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/** 1250 → "12.50", the contract's `Money` shape. */
export function moneyOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A number of euros (the basket keeps prices as numbers, behaviour §3) in whole cents. */
export const centsOfEuros = (euros: number) => Math.round(euros * 100);

/** 1250 → "€12.50". */
export const formatCents = (cents: number) => euro.format(cents / 100);

/** "12.50" → "€12.50". */
export const formatMoney = (amount: string) => formatCents(centsOf(amount));
