/**
 * Hostile input, generated from the contract: a catalogue of values that break naive servers, the
 * request fields of each operation (query, path and JSON body, nested ones included) as the
 * contract describes them, and the DRF error shape every refusal must have.
 */
import { document, type Operation } from './contract';

export interface Hostile {
  label: string;
  value: unknown;
  /** JSON text for values JSON.stringify cannot write (1e400, integers past 2^53 written exactly). */
  raw?: string;
}

const MB = 'x'.repeat(1_000_000);

export const HOSTILE: Hostile[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'control characters', value: '\u0001\u0002\u001b[31m\u007f' },
  { label: 'line breaks and tab', value: 'a\r\nb\tc' },
  { label: 'lone high surrogate', value: 'a\ud800b' },
  { label: 'lone low surrogate', value: '\udfff' },
  { label: '1 MB string', value: MB },
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: 'SQL', value: "' OR 1=1 --" },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'emoji', value: '😀🎮' },
  { label: 'int32 max', value: 2147483647 },
  { label: 'int32 max + 1', value: 2147483648 },
  { label: 'int32 min - 1', value: -2147483649 },
  { label: 'int64 max + 1', value: Number('9223372036854775808'), raw: '9223372036854775808' },
  { label: 'uint64 max + 1', value: Number('18446744073709551616'), raw: '18446744073709551616' },
  { label: '1e308', value: 1e308 },
  { label: '1e400', value: Number.POSITIVE_INFINITY, raw: '1e400' },
  { label: '-1e400', value: Number.NEGATIVE_INFINITY, raw: '-1e400' },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1.5', value: 1.5 },
  { label: '5e-324', value: 5e-324 },
  { label: 'unknown id', value: 987654 },
  { label: 'numeric string', value: '2147483648' },
  { label: 'date 0000-01-01', value: '0000-01-01' },
  { label: 'date 1899-12-31', value: '1899-12-31' },
  { label: 'date 9999-12-31', value: '9999-12-31' },
  { label: 'date 2026-02-30', value: '2026-02-30' },
  { label: 'date 2026-13-01', value: '2026-13-01' },
  { label: 'date 10000-01-01', value: '10000-01-01' },
  { label: 'date -000001-01-01', value: '-000001-01-01' },
  { label: 'date-time year 0', value: '0000-01-01T00:00:00Z' },
  { label: 'date-time 9999-12-31 end', value: '9999-12-31T23:59:59Z' },
  { label: 'date-time past 9999 by zone', value: '9999-12-31T23:59:59-23:59' },
  { label: 'date-time leap second', value: '2026-06-30T23:59:60Z' },
  { label: 'date-time 24:00', value: '2026-01-01T24:00:00Z' },
  { label: 'not a date', value: 'not-a-date' },
  { label: 'empty array', value: [] },
  { label: 'array', value: [1, 'a'] },
  { label: 'empty object', value: {} },
  { label: 'object', value: { a: 1 } },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'null', value: null },
];

type Schema = Record<string, unknown>;
type Key = string | number;

export interface RequestField {
  in: 'query' | 'path' | 'body';
  /** Where the value goes: parameter name, or the path inside the JSON body (`offers`, 0, `id`). */
  path: Key[];
  /** Dotted name as DRF reports it (`offers.0.id`). */
  name: string;
}

const components = (document as unknown as { components: Record<string, Record<string, Schema>> }).components;

function resolve<T extends Schema>(node: T): T {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [, , kind, name] = ref.split('/');
  const target = components[kind ?? '']?.[name ?? ''];
  if (!target) throw new Error(`Unresolvable ${ref}`);
  return resolve(target as T);
}

function bodyFields(schema: Schema, prefix: Key[], out: RequestField[]) {
  const node = resolve(schema);
  const properties = node.properties as Record<string, Schema> | undefined;
  if (properties) {
    for (const [name, child] of Object.entries(properties)) {
      const path = [...prefix, name];
      out.push({ in: 'body', path, name: path.join('.') });
      bodyFields(child, path, out);
    }
  }
  const items = node.items as Schema | undefined;
  if (items) {
    const path = [...prefix, 0];
    out.push({ in: 'body', path, name: path.join('.') });
    bodyFields(items, path, out);
  }
}

/** Every request field of an operation the contract describes: parameters, then JSON body fields. */
export function requestFields(op: Operation): RequestField[] {
  const fields: RequestField[] = [];
  for (const parameter of op.object.parameters ?? []) {
    const resolved = resolve(parameter as Schema) as { name: string; in: string };
    if (resolved.in === 'query' || resolved.in === 'path') {
      fields.push({ in: resolved.in, path: [resolved.name], name: resolved.name });
    }
  }
  const body = (op.object.requestBody?.content['application/json'] as { schema?: Schema } | undefined)?.schema;
  if (body) bodyFields(body, [], fields);
  return fields;
}

/** A copy of `base` with `value` at `path`, creating objects and arrays on the way. */
export function withValue(base: unknown, path: Key[], value: unknown): unknown {
  const root = structuredClone(base ?? {}) as Record<Key, unknown>;
  let node = root;
  for (const [index, key] of path.slice(0, -1).entries()) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<Key, unknown>;
  }
  node[path[path.length - 1] as Key] = value;
  return root;
}

const RAW_MARK = '"\u{10FFFF}hostile-raw\u{10FFFF}"';

/** The JSON text of `base` with the hostile value at `path`, written exactly (1e400 stays 1e400). */
export function hostileJson(base: unknown, path: Key[], hostile: Hostile): string {
  if (hostile.raw === undefined) return JSON.stringify(withValue(base, path, hostile.value));
  return JSON.stringify(withValue(base, path, JSON.parse(RAW_MARK))).replace(RAW_MARK, hostile.raw);
}

/** The value as it travels in a query string or path segment; arrays repeat the parameter. */
export function asText(hostile: Hostile): string[] {
  const { value, raw } = hostile;
  if (raw !== undefined) return [raw];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/**
 * Why a response is not an acceptable answer to hostile input, or null: never a 5xx, and a 4xx
 * body is DRF's `{detail}` or `{field: [messages]}`.
 */
export function refusalProblem(status: number, text: string): string | null {
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `status ${status}: not an object`;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return null;
  const entries = Object.entries(record);
  if (entries.length === 0) return `status ${status}: empty error body`;
  for (const [key, messages] of entries) {
    if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== 'string')) {
      return `status ${status}: ${key} is not a list of messages`;
    }
  }
  return null;
}

/** The first body field the contract types as an array (`offers`, `cart_item_ids`), if any, with its `maxItems`. */
export function firstArrayField(op: Operation): { path: Key[]; maxItems: number } | null {
  const body = (op.object.requestBody?.content['application/json'] as { schema?: Schema } | undefined)?.schema;
  const pending: [Schema, Key[]][] = body ? [[body, []]] : [];
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const node = resolve(next[0]);
    if (node.type === 'array') return { path: next[1], maxItems: Number(node.maxItems) };
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    for (const [name, child] of Object.entries(properties)) pending.push([child, [...next[1], name]]);
  }
  return null;
}

export interface Shape {
  label: string;
  /** The JSON text sent. */
  body: string;
  /** A message the answer's `non_field_errors` must hold. */
  refusal?: string;
  /** True when the shape is valid JSON the contract accepts (the padded valid request). */
  valid?: boolean;
}

/** `count` copies of `unit` joined by commas, the most that keep `prefix + … + suffix` within `bytes`. */
function filled(prefix: string, unit: string, suffix: string, bytes: number): string {
  const count = Math.floor((bytes - prefix.length - suffix.length + 1) / (unit.length + 1));
  return `${prefix}${`${unit},`.repeat(count - 1)}${unit}${suffix}`;
}

/** `base` as JSON text with `raw` (JSON text) in place of the value at `path`, or at the root when path is empty. */
const withRaw = (base: unknown, path: Key[], raw: string) =>
  path.length === 0 ? raw : hostileJson(base, path, { label: 'raw', value: null, raw });

/**
 * Bodies shaped to be costly rather than wrong in one field, for an operation whose valid request
 * body is `base`: nesting past the bound and far past it, arrays of hundreds of thousands of empty
 * objects or wrong values, tens of thousands of unknown fields, and the valid body padded to the
 * size limit. Each is at most `limit` bytes; `depth` and `values` are the server's JSON bounds.
 */
export function hostileShapes(
  op: Operation,
  base: unknown,
  bounds: { limit: number; depth: number; values: number },
): Shape[] {
  const tooDeep = `JSON nesting deeper than ${bounds.depth} levels is not accepted.`;
  const tooMany = `A JSON body of more than ${bounds.values} values is not accepted.`;
  const array = firstArrayField(op);
  const arrayPath = array?.path ?? [];
  const overMaxItems = (array?.maxItems ?? 500) + 1;
  const baseText = JSON.stringify(base ?? {});
  const room = bounds.limit - baseText.length - 16;
  const nested = (levels: number, open: string, close: string, inner = '') =>
    `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
  const unknownKeys = (count: number) =>
    `${baseText.slice(0, -1)}${baseText === '{}' ? '' : ','}${Array.from({ length: count }, (_, i) => `"unknown_${i}":0`).join(',')}}`;
  const manyKeys = Math.floor(room / '"unknown_99999":0,'.length);
  const levelsIn = (bytes: number, unit: number) => Math.floor(bytes / unit);
  return [
    { label: `arrays nested ${bounds.depth} deep`, body: nested(bounds.depth, '[', ']') },
    { label: `arrays nested ${bounds.depth + 1} deep`, body: nested(bounds.depth + 1, '[', ']'), refusal: tooDeep },
    {
      label: `objects nested ${bounds.depth + 1} deep`,
      body: nested(bounds.depth + 1, '{"a":', '}', '1'),
      refusal: tooDeep,
    },
    {
      label: 'arrays nested 7,700 deep inside the valid body',
      body: withRaw(base, arrayPath.length > 0 ? arrayPath : ['nested'], nested(7700, '[', ']')),
      refusal: tooDeep,
    },
    {
      label: 'arrays nested to the size limit',
      body: nested(levelsIn(bounds.limit - 1, 2), '[', ']'),
      refusal: tooDeep,
    },
    {
      label: 'objects nested to the size limit',
      body: nested(levelsIn(bounds.limit - 2, 6), '{"a":', '}', '1'),
      refusal: tooDeep,
    },
    {
      label: 'empty objects to the size limit',
      body: withRaw(base, arrayPath, filled('[', '{}', ']', room)),
      refusal: tooMany,
    },
    {
      label: 'wrong values to the size limit',
      body: withRaw(base, arrayPath, filled('[', '"x"', ']', room)),
      refusal: tooMany,
    },
    {
      label: `${overMaxItems} empty objects`,
      body: withRaw(base, arrayPath, `[${Array(overMaxItems).fill('{}').join(',')}]`),
    },
    {
      label: `${bounds.values - 100} unknown fields`,
      body: unknownKeys(bounds.values - 100),
    },
    { label: 'unknown fields to the size limit', body: unknownKeys(manyKeys), refusal: tooMany },
    { label: 'the valid body padded to the size limit', body: baseText.padEnd(bounds.limit - 1, ' '), valid: true },
  ];
}
