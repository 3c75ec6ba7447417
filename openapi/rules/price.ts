/**
 * A price as typed (behaviour §5), for the app's price fields and the offer rules: only digits and one dot, at most 2 decimals,
 * formatted to 2 decimals when the field is left. A price typed or pasted as '€1,234.56' or
 * '$1,234.56' loses its sign and thousands commas along with anything else that is not a digit.
 *
 * The filter reads left to right and never looks ahead, so the sanitised form of a prefix is a
 * prefix of the sanitised whole: the price field relies on it to keep the caret in place.
 */
import { type Cents, centsOf } from './money';

const DECIMALS = 2;

/**
 * '€1,234.567' → '1234.56', '$1,234.56' → '1234.56', 'abc12.3.4' → '12.34': digits are kept, the
 * first dot is kept and later ones are dropped, decimals beyond the second are dropped.
 */
export function sanitizePrice(typed: string): string {
  let kept = '';
  let decimals = -1; // digits after the dot so far; -1 until the dot is seen
  for (const char of typed) {
    if (char === '.') {
      if (decimals < 0) {
        kept += char;
        decimals = 0;
      }
    } else if (char >= '0' && char <= '9' && decimals < DECIMALS) {
      kept += char;
      if (decimals >= 0) decimals += 1;
    }
  }
  return kept;
}

/**
 * The text a price field shows once it is left: "12.5" → "12.50", "12" → "12.00", ".5" → "0.50",
 * "007.1" → "7.10"; text without a digit ("", ".") stays empty.
 */
export function formatPriceInput(value: string): string {
  const clean = sanitizePrice(value);
  if (!/\d/.test(clean)) return '';
  const [whole = '', fraction = ''] = clean.split('.');
  return `${whole.replace(/^0+(?=\d)/, '') || '0'}.${fraction.padEnd(DECIMALS, '0')}`;
}

/** What a price field's text is worth: "12.5" → 1250, "€1,234.5" → 123450; NaN when it holds no amount. */
export const centsOfPriceInput = (typed: string): Cents => centsOf(formatPriceInput(typed));
