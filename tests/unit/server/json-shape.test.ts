import { describe, expect, it } from 'vitest';
import { checkShape, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../server/http/body';
import { badRequest, MAX_ERROR_MESSAGES } from '../../../server/http/errors';

const refusal = (text: string) => {
  try {
    checkShape(text);
    return null;
  } catch (error) {
    return (error as { body: Record<string, string[]> }).body.non_field_errors?.[0] ?? 'no message';
  }
};

describe('checkShape (behaviour §8, §9)', () => {
  it('accepts nesting down to the bound and refuses one level more, of arrays or objects', () => {
    const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    expect(refusal(arrays(MAX_JSON_DEPTH))).toBeNull();
    expect(refusal(objects(MAX_JSON_DEPTH))).toBeNull();
    const deep = `JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted.`;
    expect(refusal(arrays(MAX_JSON_DEPTH + 1))).toBe(deep);
    expect(refusal(objects(MAX_JSON_DEPTH + 1))).toBe(deep);
  });

  it('counts the body and every item and member, empty containers adding none', () => {
    const items = (n: number) => `[${Array(n).fill('{}').join(',')}]`;
    expect(refusal(items(MAX_JSON_VALUES - 1))).toBeNull();
    expect(refusal(items(MAX_JSON_VALUES))).toBe(`A JSON body of more than ${MAX_JSON_VALUES} values is not accepted.`);
    const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":[]`).join(',')}}`;
    expect(refusal(members(MAX_JSON_VALUES - 1))).toBeNull();
    expect(refusal(members(MAX_JSON_VALUES))).not.toBeNull();
  });

  it('ignores brackets, commas and escaped quotes inside strings', () => {
    const tricky = JSON.stringify({ a: `${'[{,'.repeat(5000)}\\"]}\\\\`, b: ['"', '\\', '\\"[[['] });
    expect(refusal(tricky)).toBeNull();
    expect(refusal(`[${'"[,\\"",'.repeat(MAX_JSON_VALUES)}1]`)).not.toBeNull();
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(refusal('"never closed [[[[')).toBeNull();
    expect(refusal('nonsense')).toBeNull();
  });
});

describe('badRequest (behaviour §8)', () => {
  it('keeps the first 50 messages in order and counts the rest in non_field_errors', () => {
    const fields = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`offers.${i}.id`, ['This field is required.']]),
    );
    const body = badRequest(fields).body as Record<string, string[]>;
    expect(Object.keys(body).slice(0, 3)).toEqual(['offers.0.id', 'offers.1.id', 'offers.2.id']);
    expect(Object.values(body).flat()).toHaveLength(MAX_ERROR_MESSAGES + 1);
    expect(body.non_field_errors).toEqual(['70 more errors are not shown.']);
  });

  it('adds up the counts when an answer already bounded is bounded again', () => {
    const once = badRequest(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, ['Unknown field.']])));
    const twice = badRequest({ ...(once.body as Record<string, string[]>), extra: ['Another.'] }).body;
    expect(twice.non_field_errors).toEqual(['2 more errors are not shown.']);
  });

  it('cuts long field names and messages', () => {
    const body = badRequest({ ['x'.repeat(5000)]: ['y'.repeat(5000)] }).body as Record<string, string[]>;
    expect(JSON.stringify(body).length).toBeLessThan(500);
  });
});
