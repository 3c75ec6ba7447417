/**
 * Stored texts for the saved-state test, one arbitrary per persisted key. Each text comes with its
 * verdict: valid by construction (reading it must give exactly `value`), broken by construction
 * (reading gives the key's default and the text is removed), or hostile text whose verdict only the
 * key's invariants decide. The invariants are written here by hand, apart from the app's schemas,
 * so the test does not grade the schemas with themselves.
 */
import fc from 'fast-check';
import { MAX_POSITIONS, MAX_PRICE, MAX_QUANTITY } from '@/core/domain/basket.logic';
import { pageSizes, themePreferences } from '@/lib/preferences';

export type Verdict = { kind: 'value'; value: unknown } | { kind: 'default' } | { kind: 'any' };
export interface Stored {
  raw: string | null;
  verdict: Verdict;
}

/** Number text JSON.stringify cannot write (1e999 reads as Infinity, -0 stays -0). */
class RawNumber {
  constructor(readonly text: string) {}
}
const rawNumber = (text: string) => new RawNumber(text);

/** JSON text of `value`, with RawNumber written as is and, sometimes, stray whitespace around it. */
export function encode(value: unknown, pad = ''): string {
  const text = JSON.stringify(value, (_, v) => (v instanceof RawNumber ? `@@raw:${v.text}@@` : v));
  return `${pad}${text.replace(/"@@raw:([^"@]*)@@"/g, '$1')}${pad}`;
}

/** A copy of `value` with own enumerable keys such as `__proto__` (as JSON.parse makes them). */
function withKeys(value: object, extra: [string, unknown][]): object {
  const copy: Record<string, unknown> = { ...value };
  for (const [key, v] of extra) Object.defineProperty(copy, key, { value: v, enumerable: true, writable: true });
  return copy;
}

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'polluted');
const pollution = fc.constantFrom<unknown>({ polluted: 'yes' }, { prototype: { polluted: 'yes' } }, 'yes', null);
const extraKeys = fc.array(fc.tuple(hostileKey, pollution), { maxLength: 3 });

const pad = fc.constantFrom('', '', '', ' ', '\n\t ');
const text = (maxLength = 30) =>
  fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'binary', maxLength }), fc.constantFrom('', 'a\u0000b', '🛒ü'));

const valid = (value: unknown, raw = encode(value)): Stored => ({ raw, verdict: { kind: 'value', value } });
const broken = (raw: string): Stored => ({ raw, verdict: { kind: 'default' } });

/** Raw texts any key may meet: not JSON, JSON of the wrong shape, numbers JSON has no words for. */
const oddTexts = fc.constantFrom(
  ...['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '-0', 'undefined', '', ' ', 'null', 'true', '0', '{}', '[]'],
  ...['"', '\u0000', '[1,]', "{'a':1}", '0x10', '1_000', '"\\ud800"', '\ufeff"dark"', '{"__proto__":{"polluted":1}}'],
  ...['{"constructor":{"prototype":{"polluted":1}}}', '[{"__proto__":{"polluted":1}}]', '"__proto__"', '9'.repeat(400)],
);
const deepArray = fc.integer({ min: 1, max: 3000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = fc
  .integer({ min: 1, max: 2000 })
  .map((depth) => `${'{"__proto__":'.repeat(depth)}{"polluted":1}${'}'.repeat(depth)}`);
const protoObject = fc
  .array(fc.tuple(hostileKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

/** Text whose verdict is left to the key's invariants. */
export const hostile: fc.Arbitrary<Stored> = fc
  .oneof(
    oddTexts,
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.json({ maxDepth: 3 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    deepArray,
    deepObject,
    protoObject,
  )
  .map((raw) => ({ raw, verdict: { kind: 'any' } }));

const absent: fc.Arbitrary<Stored> = fc.constant({ raw: null, verdict: { kind: 'default' } });

/** A stored key: missing, valid, broken or hostile. */
function storedOf(good: fc.Arbitrary<Stored>, bad: fc.Arbitrary<Stored>): fc.Arbitrary<Stored> {
  return fc.oneof(
    { weight: 1, arbitrary: absent },
    { weight: 3, arbitrary: good },
    { weight: 3, arbitrary: bad },
    { weight: 3, arbitrary: hostile },
  );
}

const wrongTypes = fc.constantFrom<unknown>(null, 0, 1, -1, '', 'true', [], {}, [true], { value: true });

// --- preferences ---------------------------------------------------------------------------------

const choice = <T>(values: readonly T[], wrong: unknown[]) =>
  storedOf(
    fc.tuple(fc.constantFrom(...values), pad).map(([v, p]) => valid(v, encode(v, p))),
    fc.oneof(wrongTypes, fc.constantFrom(...wrong)).map((v) => broken(encode(v))),
  );

export const theme = choice(themePreferences, ['Dark', 'light ', 'auto', ['dark'], { theme: 'dark' }]);
export const flag = choice([true, false], ['false', 'yes', 2, rawNumber('1e999')]);
export const pageSize = fc.oneof(
  choice(pageSizes, [0, -10, 11, 10.5, 1e308, 2 ** 53, '10', rawNumber('1e999'), rawNumber('-1e999')]),
  // The same numbers spelled otherwise are the same value.
  fc
    .constantFrom<[string, number]>(['1e1', 10], ['25.0', 25], ['1E2', 100], ['5e1', 50])
    .map(([raw, v]) => valid(v, raw)),
);

// --- tokens --------------------------------------------------------------------------------------

const b64 = fc.string({ unit: fc.constantFrom(...'ABCxyz0189-_'), minLength: 1, maxLength: 60 });
const jwt = fc.tuple(b64, b64, b64).map((parts) => parts.join('.'));
const tokenText = fc.oneof(jwt, fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,40}=*$/));

export const token = storedOf(
  fc.oneof(tokenText, fc.constant(null)).map((v) => valid(v)),
  fc
    .oneof(
      wrongTypes.filter((v) => typeof v !== 'string' || !/^[A-Za-z0-9._~+/-]+=*$/.test(v)).filter((v) => v !== null),
      fc.constantFrom('a b', 'a\nb', 'tok\u0000en', 'tök', 'Bearer x', '"quoted"', 'x'.repeat(5000)),
      fc.tuple(tokenText, fc.constantFrom(' ', '\r\n', '\u0000', 'é', ',')).map(([t, bad]) => `${t}${bad}${t}`),
    )
    .map((v) => broken(encode(v))),
);

// --- basket --------------------------------------------------------------------------------------

const lineId = fc.oneof(
  fc.constantFrom('1', '2', '3', '17', '__proto__', 'constructor', 'toString', '🛒', 'a\u0000b', ' '),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const price = fc.oneof(
  fc.integer({ min: 0, max: MAX_PRICE * 100 }).map((cents) => cents / 100),
  fc.double({ min: 0, max: MAX_PRICE, noNaN: true }),
  fc.constantFrom(0, MAX_PRICE),
);
const quantity = fc.oneof(fc.integer({ min: 1, max: MAX_QUANTITY }), fc.constantFrom(1, MAX_QUANTITY));

export type Line = Record<string, unknown> & { id: string; quantity: number };
export const goodLine: fc.Arbitrary<Line> = fc.record(
  {
    id: lineId,
    offer_id: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constantFrom(Number.MAX_SAFE_INTEGER)),
    name: text(),
    price,
    quantity,
    image: text(),
    hot: fc.boolean(),
    publisher: text(),
    seller: text(),
    region: text(),
  },
  { requiredKeys: ['id', 'offer_id', 'name', 'price', 'quantity', 'hot', 'publisher', 'seller', 'region'] },
);

const lineBreaks: Record<string, unknown[]> = {
  id: ['', 0, 1, null, true, [], {}],
  offer_id: [0, -1, 1.5, '3', null, 2 ** 53, 1e21, rawNumber('1e999'), rawNumber('-1e999')],
  price: [-0.01, -1, MAX_PRICE + 0.01, 1e308, '10', null, {}, rawNumber('1e999'), rawNumber('-1e999')],
  quantity: [0, -1, -100, 1.5, 0.999, MAX_QUANTITY + 1, 1e21, '2', null, rawNumber('1e999'), rawNumber('-0')],
  name: [5, null, [], { first: 'x' }],
  hot: ['true', 1, 0, null],
  publisher: [null, 7],
  image: [null, 5, false, ['a.png']],
};
const badLine = fc
  .tuple(goodLine, fc.constantFrom(...Object.keys(lineBreaks), 'missing'), fc.nat())
  .map(([line, field, pick]): unknown => {
    if (field === 'missing') {
      const required = ['id', 'offer_id', 'name', 'price', 'quantity', 'hot', 'publisher', 'seller', 'region'];
      const { [required[pick % required.length] as string]: _, ...rest } = line;
      return rest;
    }
    const values = lineBreaks[field] as unknown[];
    return { ...line, [field]: values[pick % values.length] };
  });
const notALine = fc.oneof(
  fc.constantFrom<unknown>(null, 0, 'line', [], true, [{ id: '1' }]),
  fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
);

type Entry = { good: Line | null; json: unknown };
const entry: fc.Arbitrary<Entry> = fc.oneof(
  { weight: 4, arbitrary: goodLine.map((line) => ({ good: line, json: line })) },
  {
    weight: 2,
    arbitrary: fc.tuple(goodLine, extraKeys).map(([line, extra]) => ({ good: line, json: withKeys(line, extra) })),
  },
  { weight: 3, arbitrary: badLine.map((json) => ({ good: null, json })) },
  { weight: 1, arbitrary: notALine.map((json) => ({ good: null, json })) },
);

/** The lines a basket must read as: the good ones in order, one per id, quantities summed up to the cap. */
export function expectedLines(good: readonly Line[]): Line[] {
  const byId = new Map<string, Line>();
  for (const line of good) {
    const seen = byId.get(line.id);
    byId.set(line.id, seen ? { ...seen, quantity: Math.min(MAX_QUANTITY, seen.quantity + line.quantity) } : line);
  }
  return [...byId.values()].slice(0, MAX_POSITIONS);
}

/** A basket of good and bad lines in any order (duplicate ids included): exactly the good ones stay. */
export const halfValidBasket: fc.Arbitrary<Stored> = fc
  .tuple(fc.array(entry, { maxLength: 12 }), pad)
  .map(([entries, p]) =>
    valid(
      expectedLines(entries.flatMap((e) => (e.good ? [e.good] : []))),
      encode(
        entries.map((e) => e.json),
        p,
      ),
    ),
  );

export const basket = storedOf(
  halfValidBasket,
  fc
    .oneof(
      wrongTypes.filter((v) => !Array.isArray(v)),
      goodLine,
      goodLine.map((line) => ({ 0: line, length: 1 })),
    )
    .map((v) => broken(encode(v))),
);

// --- the kept offer draft ------------------------------------------------------------------------

const id = fc.integer({ min: 1, max: 2 ** 31 });
const field = fc.oneof(text(), fc.constantFrom('19.99', '2026-01-01T10:00'));
const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const offer = fc.record({
  id,
  version: id,
  product: field,
  publisher_id: id,
  publisher: field,
  seller_id: id,
  seller: field,
  region_id: id,
  region: field,
  region_code: field,
  type: fc.constantFrom('regular', 'promo'),
  is_hot: fc.boolean(),
  // Cents; null for a price the app could not read.
  unit_price: fc.oneof(fc.integer(), fc.constant(null)),
  start: field,
  end: field,
  is_published: fc.boolean(),
  uploaded_at: field,
  published_at: fc.option(field),
  image: fc.option(field),
});
const draft = fc.record({
  product: field,
  unit_price: field,
  publisher_id: fc.option(id),
  seller_id: fc.option(id),
  region_id: fc.option(id),
  start: field,
  end: field,
});
const keptDraftValue = fc.record({ userId: id, original: offer, draft, keptAt: isoDate });

const draftBreaks: [string[], unknown[]][] = [
  [['userId'], [0, -1, 1.5, '1', null]],
  [['keptAt'], ['yesterday', '2026-01-01', '2026-02-30T00:00:00Z', '2026-01-01T00:00:00+02:00', 1_700_000_000_000]],
  [
    ['original', 'version'],
    [0, 1.5, null, rawNumber('1e999')],
  ],
  [
    ['original', 'type'],
    ['sale', null],
  ],
  [
    ['original', 'is_hot'],
    ['false', 0],
  ],
  [
    ['original', 'product'],
    ['x'.repeat(10_001), 5],
  ],
  [
    ['draft', 'publisher_id'],
    ['3', 0, -2],
  ],
  [
    ['draft', 'unit_price'],
    [19.99, null],
  ],
  [
    ['original', 'unit_price'],
    ['19.99', 19.5, rawNumber('1e999')],
  ],
  [['draft'], [null, 'draft', []]],
];
const brokenDraft = fc.tuple(keptDraftValue, fc.nat(), fc.nat()).map(([value, which, pick]) => {
  const [path, values] = draftBreaks[which % draftBreaks.length] as [string[], unknown[]];
  const copy: Record<string, unknown> = structuredClone(value);
  const [head, tail] = path as [string, string | undefined];
  const bad = values[pick % values.length];
  if (tail === undefined) copy[head] = bad;
  else (copy[head] as Record<string, unknown>)[tail] = bad;
  return broken(encode(copy));
});

export const keptDraft = storedOf(
  fc.oneof(
    fc.constant(valid(null)),
    fc.tuple(keptDraftValue, extraKeys).map(([value, extra]) => valid(value, encode(withKeys(value, extra)))),
  ),
  fc.oneof(
    brokenDraft,
    wrongTypes.filter((v) => v !== null).map((v) => broken(encode(v))),
  ),
);

// --- the pending order submission ----------------------------------------------------------------

const submissionLine = fc.record({
  id: fc.string({ minLength: 1, maxLength: 12 }),
  offer_id: id,
  name: text(),
  quantity,
});
const pendingValue = fc.record({
  key: fc.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
  lines: fc.array(submissionLine, { minLength: 1, maxLength: 4 }),
});
const pendingBreaks: [string, unknown[]][] = [
  ['key', ['short', 'has space in it', 'ключ-ключ-ключ', 'x'.repeat(101), 12345678, null]],
  ['lines', [[], null, {}, 'lines']],
  ['quantity', [0, -1, 1.5, MAX_QUANTITY + 1, '2', rawNumber('1e999')]],
  ['offer_id', [0, -5, 1.5, '3', 2 ** 53]],
  ['id', ['', 5, null]],
  ['name', [5, null]],
];
const brokenPending = fc.tuple(pendingValue, fc.nat(), fc.nat()).map(([value, which, pick]) => {
  const [name, values] = pendingBreaks[which % pendingBreaks.length] as [string, unknown[]];
  const bad = values[pick % values.length];
  if (name === 'key' || name === 'lines') return broken(encode({ ...value, [name]: bad }));
  const lines = value.lines.map((line, i) => (i === pick % value.lines.length ? { ...line, [name]: bad } : line));
  return broken(encode({ ...value, lines }));
});

export const pending = storedOf(
  fc.oneof(
    fc.constant(valid(null)),
    pendingValue.map((v) => valid(v)),
  ),
  fc.oneof(
    brokenPending,
    wrongTypes.filter((v) => v !== null).map((v) => broken(encode(v))),
  ),
);

// --- huge values ---------------------------------------------------------------------------------

const MB = 1_000_000;
/** Texts of megabytes (within jsdom's 5 MB storage quota): long strings, deep nesting, a 20,000-line basket (of which 500 are kept). */
export const huge = {
  longString: () => encode('x'.repeat(2 * MB)),
  longGarbage: () => '{'.repeat(MB) + '\u0000'.repeat(MB),
  deepArray: () => `${'['.repeat(MB / 4)}${']'.repeat(MB / 4)}`,
  deepObject: () => `${'{"a":'.repeat(300_000)}1${'}'.repeat(300_000)}`,
  longToken: () => encode('A'.repeat(3 * MB)),
  /** A 2 MB line name is a valid line: it is kept, and the bad lines around it are not. */
  basketWithLongName: (line: Line) => {
    const long = { ...line, name: 'n'.repeat(2 * MB) };
    return valid(expectedLines([long]), encode([{ ...line, quantity: -1 }, long, null]));
  },
  manyLines: ({ image: _, ...line }: Line) => {
    const short = { ...line, name: 'n', publisher: 'p', seller: 's', region: 'r' };
    const entries: unknown[] = [];
    for (let i = 0; i < 20_000; i++) {
      entries.push(i % 3 === 2 ? { ...short, id: `bad-${i}`, price: -1 } : { ...short, id: `line-${i}` });
    }
    const good = entries.filter((_, i) => i % 3 !== 2) as Line[];
    // A basket holds one checkout of lines: the first of the good ones.
    return valid(expectedLines(good), encode(entries));
  },
};

// --- the invariants each read value must keep ----------------------------------------------------

const isText = (v: unknown, max = Number.POSITIVE_INFINITY) => typeof v === 'string' && v.length <= max;
const isId = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1;
const keysWithin = (v: object, allowed: string[]) => Object.keys(v).every((k) => allowed.includes(k));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const LINE_KEYS = ['id', 'offer_id', 'name', 'price', 'quantity', 'image', 'hot', 'publisher', 'seller', 'region'];
const isQuantity = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= MAX_QUANTITY;
export function isBasket(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  const ids = new Set(v.map((line) => (isRecord(line) ? line.id : undefined)));
  return (
    ids.size === v.length &&
    v.length <= MAX_POSITIONS &&
    v.every(
      (l) =>
        isRecord(l) &&
        keysWithin(l, LINE_KEYS) &&
        isText(l.id) &&
        (l.id as string).length > 0 &&
        isId(l.offer_id) &&
        typeof l.price === 'number' &&
        l.price >= 0 &&
        l.price <= MAX_PRICE &&
        isQuantity(l.quantity) &&
        (l.image === undefined || isText(l.image)) &&
        typeof l.hot === 'boolean' &&
        [l.name, l.publisher, l.seller, l.region].every((s) => isText(s)),
    )
  );
}

/** A token the app can send: RFC 6750's b64token, short enough for any server's header limit. */
export function isToken(v: unknown): boolean {
  if (v === null) return true;
  if (!isText(v, 4096) || !/^[A-Za-z0-9._~+/-]+=*$/.test(v as string)) return false;
  new Headers().set('Authorization', `Bearer ${v}`);
  return true;
}

const OFFER_TEXT = ['product', 'publisher', 'seller', 'region', 'region_code', 'start', 'end'];
export function isKeptDraft(v: unknown): boolean {
  if (v === null) return true;
  if (!isRecord(v) || !keysWithin(v, ['userId', 'original', 'draft', 'keptAt'])) return false;
  const { original: o, draft: d } = v;
  if (!isId(v.userId) || !isText(v.keptAt) || Number.isNaN(Date.parse(v.keptAt as string))) return false;
  if (!isRecord(o) || !isRecord(d)) return false;
  const short = (s: unknown) => isText(s, 10_000);
  return (
    ['id', 'version', 'publisher_id', 'seller_id', 'region_id'].every((k) => isId(o[k])) &&
    [...OFFER_TEXT, 'uploaded_at'].every((k) => short(o[k])) &&
    // Cents as stored, or NaN once read: a price the app could not read is stored as null.
    (o.unit_price === null || Number.isNaN(o.unit_price) || Number.isSafeInteger(o.unit_price)) &&
    ['published_at', 'image'].every((k) => o[k] === null || short(o[k])) &&
    (o.type === 'regular' || o.type === 'promo') &&
    typeof o.is_hot === 'boolean' &&
    typeof o.is_published === 'boolean' &&
    ['product', 'unit_price', 'start', 'end'].every((k) => short(d[k])) &&
    ['publisher_id', 'seller_id', 'region_id'].every((k) => d[k] === null || isId(d[k]))
  );
}

export function isPending(v: unknown): boolean {
  if (v === null) return true;
  if (!isRecord(v) || !isText(v.key) || !/^[A-Za-z0-9_-]{8,100}$/.test(v.key as string)) return false;
  const { lines } = v;
  return (
    Array.isArray(lines) &&
    lines.length >= 1 &&
    lines.every(
      (l) =>
        isRecord(l) &&
        keysWithin(l, ['id', 'offer_id', 'name', 'quantity']) &&
        isText(l.id) &&
        (l.id as string).length > 0 &&
        isId(l.offer_id) &&
        isText(l.name) &&
        isQuantity(l.quantity),
    )
  );
}

// --- the token refresh lease (where the browser has no Web Locks) --------------------------------

const leaseValue = fc.record({
  owner: fc.string({ maxLength: 64 }),
  until: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
});
export const lease = storedOf(
  fc.oneof(
    fc.constant(valid(null)),
    fc.tuple(leaseValue, extraKeys).map(([value, extra]) => valid(value, encode(withKeys(value, extra)))),
  ),
  fc
    .oneof(
      fc.constantFrom<unknown>(
        { owner: 'x'.repeat(65), until: 1 },
        { owner: 5, until: 1 },
        { owner: 'a', until: '1' },
        { owner: 'a', until: rawNumber('1e999') },
        { owner: 'a' },
        { until: 1 },
      ),
      wrongTypes.filter((v) => v !== null),
    )
    .map((v) => broken(encode(v))),
);

export function isLease(v: unknown): boolean {
  if (v === null) return true;
  if (!isRecord(v) || !keysWithin(v, ['owner', 'until'])) return false;
  return isText(v.owner, 64) && typeof v.until === 'number' && Number.isFinite(v.until);
}
