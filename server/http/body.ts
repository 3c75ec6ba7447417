import type { Context } from 'hono';
import { HttpError } from './errors';

/** behaviour §9: how deep a JSON body may nest (a value inside `{"a": [ … ]}` is two levels down). */
export const MAX_JSON_DEPTH = 32;
/**
 * behaviour §9: how many values a JSON body may hold, counting the body itself and every array
 * item and object member at any depth. The contract's largest valid body, a bulk update of 500
 * offers with every field, holds about 6,000.
 */
export const MAX_JSON_VALUES = 10_000;

const refuse = (message: string) => new HttpError(400, { non_field_errors: [message] });

/**
 * The JSON body, or a DRF-style 400 when it is not JSON or is deeper or larger than the bounds
 * above. An empty body reads as `undefined`. The bounds are checked on the text, before it is
 * parsed: parsing alone takes 100 ms and more for a megabyte of `[[[…` or of `{},{},…`.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  checkShape(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` });
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * One pass over the text, outside strings, counting nesting and values: a value follows each
 * comma, and one more opens every container that is not empty. For valid JSON that is exactly
 * its number of values; text that is not JSON is left for JSON.parse to describe.
 */
export function checkShape(text: string) {
  let depth = 0;
  let values = 1;
  let opened = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    if (opened) {
      opened = false;
      if (code !== CLOSE_ARRAY && code !== CLOSE_OBJECT) values++;
    }
    if (code === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth++;
      opened = true;
      if (depth > MAX_JSON_DEPTH) throw refuse(`JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted.`);
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    } else if (code === COMMA) {
      values++;
    }
    if (values > MAX_JSON_VALUES) {
      throw refuse(`A JSON body of more than ${MAX_JSON_VALUES} values is not accepted.`);
    }
  }
}

/** Where the string opened at `open` ends, or -1 when it never does. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}
