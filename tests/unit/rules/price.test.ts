import { centsOf } from '@openapi/rules/money';
import { formatPriceInput, sanitizePrice } from '@openapi/rules/price';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Text a user could type or paste into a price field: mostly price characters, some noise. */
const priceText = fc.string({
  unit: fc.constantFrom('0', '1', '2', '5', '9', '.', '.', ',', '€', '$', ' ', 'a', '-', 'é'),
  maxLength: 16,
});
const anyText = fc.oneof(priceText, fc.string({ unit: 'binary', maxLength: 16 }));
const SANITISED = /^\d*(\.\d{0,2})?$/;

describe('sanitizePrice (behaviour §5)', () => {
  it('keeps digits and one dot, at most 2 decimals', () => {
    expect(sanitizePrice('12.5')).toBe('12.5');
    expect(sanitizePrice('12.345')).toBe('12.34');
    expect(sanitizePrice('abc12.3.4')).toBe('12.34');
    expect(sanitizePrice('1..5')).toBe('1.5');
    expect(sanitizePrice('-7')).toBe('7');
    expect(sanitizePrice('.')).toBe('.');
    expect(sanitizePrice('')).toBe('');
    expect(sanitizePrice('abc')).toBe('');
  });

  it('drops the euro or dollar sign and thousands commas', () => {
    expect(sanitizePrice('€1,234.567')).toBe('1234.56');
    expect(sanitizePrice('$1,234.56')).toBe('1234.56');
    expect(sanitizePrice('€ 1,000,000')).toBe('1000000');
  });

  it('always gives digits with at most one dot and 2 decimals', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sanitizePrice(text)).toMatch(SANITISED);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sanitizePrice(sanitizePrice(text))).toBe(sanitizePrice(text));
      }),
    );
  });

  it('leaves text that already follows the rules as it is', () => {
    const valid = fc
      .tuple(fc.stringMatching(/^\d{0,7}$/), fc.option(fc.stringMatching(/^\d{0,2}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(valid, (text) => {
        expect(sanitizePrice(text)).toBe(text);
      }),
    );
  });

  it('maps a prefix of the text to a prefix of the result (the field keeps its caret by it)', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), (text, cut) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        expect(sanitizePrice(text).startsWith(sanitizePrice(prefix))).toBe(true);
      }),
    );
  });
});

describe('formatPriceInput (behaviour §5)', () => {
  it('shows 2 decimals once the field is left', () => {
    expect(formatPriceInput('12.5')).toBe('12.50');
    expect(formatPriceInput('12')).toBe('12.00');
    expect(formatPriceInput('12.')).toBe('12.00');
    expect(formatPriceInput('12.34')).toBe('12.34');
    expect(formatPriceInput('.5')).toBe('0.50');
    expect(formatPriceInput('007.1')).toBe('7.10');
    expect(formatPriceInput('0')).toBe('0.00');
  });

  it('leaves text without a digit empty', () => {
    expect(formatPriceInput('')).toBe('');
    expect(formatPriceInput('.')).toBe('');
  });

  it('gives an empty text or the contract money shape, keeping the amount', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const typed = sanitizePrice(text);
        const shown = formatPriceInput(typed);
        if (!/\d/.test(typed)) {
          expect(shown).toBe('');
          return;
        }
        expect(shown).toMatch(/^(0|[1-9]\d*)\.\d{2}$/);
        expect(Number(shown)).toBe(Number(typed));
        expect(Number.isInteger(centsOf(shown))).toBe(true);
      }),
    );
  });

  it('is idempotent and stable under sanitizing', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = formatPriceInput(text);
        expect(formatPriceInput(shown)).toBe(shown);
        expect(sanitizePrice(shown)).toBe(shown);
      }),
    );
  });
});
