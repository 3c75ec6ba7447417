/**
 * Everything the app derives from `openapi/schema.yaml`: the types (`schema.d.ts`, by
 * openapi-typescript) and the facts the app needs at run time (`schema.facts.ts`): the anonymous
 * paths, the client-side field rules with their server messages, the size bounds of request
 * fields (how many ids a call takes, how long a name may be), so that the app never keeps its own
 * copy of a number the server checks, and the names of the fields that carry money. `--check` fails when either
 * file is not what the contract makes (part of `npm test`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const CONTRACT = 'openapi/schema.yaml';
const TYPES = 'openapi/schema.d.ts';
const FACTS = 'openapi/schema.facts.ts';

type Parameter = Ref & { name?: string; in?: string; schema?: Partial<Record<Bound, number>> };
type Operation = { security?: unknown[]; operationId?: string; parameters?: Parameter[] };
const BOUNDS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum'] as const;
type Bound = (typeof BOUNDS)[number];
type Ref = { $ref?: string };
/** `x-maximum`: the largest amount a `Money` field takes, as the contract writes money ("1000000.00"). */
type Property = { pattern?: string; 'x-pattern-message'?: string; 'x-maximum'?: string } & Partial<
  Record<Bound, number>
> &
  Ref & { oneOf?: Ref[]; allOf?: Ref[]; anyOf?: Ref[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, Property>; enum?: (string | number)[] }>;
    parameters?: Record<string, Parameter>;
  };
};

const MONEY = '#/components/schemas/Money';

/**
 * The names of the properties that hold `Money` (alone, or with `null`). The app reads money by
 * field name wherever a response carries it, so a name must mean money in every schema.
 */
function moneyFieldsOf(document: Document): string[] {
  const isMoney = (p: Property) =>
    [p, ...(p.oneOf ?? []), ...(p.allOf ?? []), ...(p.anyOf ?? [])].some((r) => r.$ref === MONEY);
  const money = new Set<string>();
  const other = new Set<string>();
  for (const { properties = {} } of Object.values(document.components.schemas)) {
    for (const [field, property] of Object.entries(properties)) (isMoney(property) ? money : other).add(field);
  }
  const both = [...money].filter((field) => other.has(field));
  if (both.length > 0) throw new Error(`Fields named ${both.join(', ')} hold money in one schema and not in another`);
  return [...money].sort();
}

const boundsOf = (holder: Partial<Record<Bound, number>>) =>
  Object.fromEntries(BOUNDS.flatMap((bound) => (bound in holder ? [[bound, holder[bound]]] : [])));

/**
 * The bounds of each operation's own query parameters, by operation id and parameter name; those
 * it takes from `components.parameters` are in `PARAMETER_LIMITS` once.
 */
function queryLimitsOf(document: Document) {
  const limits: Record<string, Record<string, Partial<Record<Bound, number>>>> = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.$ref || !operation.operationId || parameter.in !== 'query' || !parameter.name) continue;
        const bounds = boundsOf(parameter.schema ?? {});
        if (Object.keys(bounds).length === 0) continue;
        limits[operation.operationId] = { ...limits[operation.operationId], [parameter.name]: bounds };
      }
    }
  }
  return limits;
}

function sharedParameterLimitsOf(document: Document) {
  return Object.fromEntries(
    Object.entries(document.components.parameters ?? {}).flatMap(([name, parameter]) => {
      const bounds = boundsOf(parameter.schema ?? {});
      return Object.keys(bounds).length === 0 ? [] : [[name, bounds]];
    }),
  );
}

/** The values of each schema that is an enumeration (`OfferOrdering`, `InvoiceStatus`, …), in the contract's order. */
function schemaEnumsOf(document: Document) {
  return Object.fromEntries(
    Object.entries(document.components.schemas).flatMap(([name, schema]) => (schema.enum ? [[name, schema.enum]] : [])),
  );
}

function factsOf(document: Document): string {
  // A path is anonymous when every operation on it says `security: []` (as the server decides).
  const anonymous = Object.entries(document.paths)
    .filter(([, item]) => Object.values(item).every((op) => Array.isArray(op.security) && op.security.length === 0))
    .map(([path]) => path);
  const patterns: Record<string, Record<string, { pattern: string; message: string }>> = {};
  for (const [schema, { properties = {} }] of Object.entries(document.components.schemas)) {
    for (const [field, property] of Object.entries(properties)) {
      const message = property['x-pattern-message'];
      if (!property.pattern || !message) continue;
      patterns[schema] = { ...patterns[schema], [field]: { pattern: property.pattern, message } };
    }
  }
  const limits: Record<string, Record<string, Partial<Record<Bound | 'maximumCents', number>>>> = {};
  for (const [schema, { properties = {} }] of Object.entries(document.components.schemas)) {
    for (const [field, property] of Object.entries(properties)) {
      const bounds: Partial<Record<Bound | 'maximumCents', number>> = boundsOf(property);
      const money = property['x-maximum'];
      if (money !== undefined) {
        if (!/^\d+\.\d{2}$/.test(money)) throw new Error(`${schema}.${field}: x-maximum "${money}" is not an amount`);
        bounds.maximumCents = Number(money.replace('.', ''));
      }
      if (Object.keys(bounds).length === 0) continue;
      limits[schema] = { ...limits[schema], [field]: bounds };
    }
  }
  return [
    `// Generated from ${CONTRACT} by \`npm run api:types\`; do not edit.`,
    '',
    '/** Paths whose operations all say `security: []`: no bearer token, no refresh. */',
    `export const ANONYMOUS_PATHS: ReadonlySet<string> = new Set(${JSON.stringify(anonymous, null, 2)});`,
    '',
    '/** Field patterns with the message the server answers when one fails (`x-pattern-message`). */',
    `export const FIELD_PATTERNS = ${JSON.stringify(patterns, null, 2)} as const;`,
    '',
    '/**',
    ' * Bounds of schema fields written on the field itself (`maxItems`, `maxLength`, `maximum`, …); for',
    ' * an amount, `maximumCents` is its `x-maximum` in cents.',
    ' */',
    `export const FIELD_LIMITS = ${JSON.stringify(limits, null, 2)} as const;`,
    '',
    '/** Bounds of query parameters written on the operation itself, by operation id. */',
    `export const QUERY_LIMITS = ${JSON.stringify(queryLimitsOf(document), null, 2)} as const;`,
    '',
    '/** Bounds of the parameters several operations share (`components.parameters`: `Limit`, `Search`, …). */',
    `export const PARAMETER_LIMITS = ${JSON.stringify(sharedParameterLimitsOf(document), null, 2)} as const;`,
    '',
    '/** The values of each enumeration schema, for lists and forms that offer or accept them. */',
    `export const SCHEMA_ENUMS = ${JSON.stringify(schemaEnumsOf(document), null, 2)} as const;`,
    '',
    '/** Names of the fields that hold `Money` in any schema (and nothing else in any other). */',
    `export const MONEY_FIELDS = ${JSON.stringify(moneyFieldsOf(document))} as const;`,
    '',
    '/**',
    ' * An answer as the app holds it once its amounts are read (src/api/read-money.ts): every money',
    ' * field in integer cents, NaN where the amount could not be read; `null` stays `null`.',
    ' */',
    'export type Read<T> = T extends readonly (infer Item)[]',
    '  ? Read<Item>[]',
    '  : T extends object',
    '    ? { [K in keyof T]: K extends (typeof MONEY_FIELDS)[number] ? Exclude<T[K], string> | number : Read<T[K]> }',
    '    : T;',
    '',
  ].join('\n');
}

function generate(typesPath: string, factsPath: string) {
  execFileSync(
    process.execPath,
    ['node_modules/openapi-typescript/bin/cli.js', CONTRACT, '-o', typesPath, '--silent'],
    {
      stdio: 'inherit',
    },
  );
  writeFileSync(factsPath, factsOf(parse(readFileSync(CONTRACT, 'utf8')) as Document));
}

if (process.argv.includes('--check')) {
  const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
  try {
    const fresh = { types: join(dir, 'schema.d.ts'), facts: join(dir, 'schema.facts.ts') };
    generate(fresh.types, fresh.facts);
    const pairs: [made: string, kept: string][] = [
      [fresh.types, TYPES],
      [fresh.facts, FACTS],
    ];
    const stale = pairs.filter(([made, kept]) => readFileSync(made, 'utf8') !== readFileSync(kept, 'utf8'));
    if (stale.length > 0) {
      process.stderr.write(
        `${stale.map(([, kept]) => kept).join(', ')} stale: run \`npm run api:types\` and commit.\n`,
      );
      process.exit(1);
    }
    process.stdout.write('API types and facts match openapi/schema.yaml.\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  generate(TYPES, FACTS);
}
