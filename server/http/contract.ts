/**
 * Request validation straight from `openapi/schema.yaml`: the server accepts exactly what the
 * contract describes, and answers anything else with a DRF-shaped 400 naming the field.
 *
 * A body costs time in proportion to its size, whatever it holds (behaviour §8): it is checked
 * first by a validator that stops at the first problem, and only a body found invalid is checked
 * again for every problem. Both work on the body schemas with every `$ref` written out in place,
 * because Ajv collecting all errors across a `$ref` copies the errors gathered so far at each
 * call, which made `{"offers": [{}, {}, …]}` quadratic in its length.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { maximumMessage, maxLengthMessage } from '../../openapi/rules/bounds';
import type { operations } from '../../openapi/schema';
import { MAX_JSON_VALUES } from './body';
import { badRequest, type FieldErrors, type HttpError, MAX_ERROR_MESSAGES } from './errors';

export const CONTRACT_PATH = fileURLToPath(new URL('../../openapi/schema.yaml', import.meta.url));
const CONTRACT_ID = 'urn:marketplace:contract';

export type OperationId = keyof operations;
export type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
type HeadersOf<Op extends OperationId> = operations[Op]['parameters'] extends { header?: infer H }
  ? NonNullable<H>
  : never;
export type BodyOf<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type ParameterObject = { name: string; in: string; required?: boolean; $ref?: string };
type OperationObject = {
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, unknown> };
};

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export interface Contract {
  /** The parsed document, as served by `GET /api/v1/schema/`. */
  readonly document: Record<string, unknown>;
  readonly yaml: string;
  query<Op extends OperationId>(operationId: Op, raw: Record<string, string>): QueryOf<Op>;
  /** The operation's header parameters from `raw` (Hono's lowercased `c.req.header()`), by their contract names. */
  headers<Op extends OperationId>(operationId: Op, raw: Record<string, string>): HeadersOf<Op>;
  body<Op extends OperationId>(operationId: Op, raw: unknown): BodyOf<Op>;
}

export function loadContract(path = CONTRACT_PATH): Contract {
  const yaml = readFileSync(path, 'utf8');
  const document = parse(yaml) as Record<string, unknown>;
  // verbose: a message may come from the failing schema (`x-pattern-message`).
  const firstAjv = new Ajv2020({ strict: false, allErrors: false, verbose: true });
  const everyAjv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
  const queryAjv = new Ajv2020({ strict: false, allErrors: true, verbose: true, coerceTypes: true });
  for (const ajv of [firstAjv, everyAjv, queryAjv]) {
    const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
    addFormats(ajv);
    ajv.addFormat('binary', true);
  }
  queryAjv.addSchema({ ...document, $id: CONTRACT_ID });

  const queryValidators = new Map<string, ValidateFunction>();
  const queryNames = new Map<string, string[]>();
  const headerValidators = new Map<string, ValidateFunction>();
  const headerNames = new Map<string, string[]>();
  const bodyValidators = new Map<string, { first: ValidateFunction; every: ValidateFunction }>();
  const paths = document.paths as Record<string, Record<string, OperationObject>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const pointer = `${CONTRACT_ID}#/paths/${escapePointer(path)}/${method}`;
      for (const [where, validators, names] of [
        ['query', queryValidators, queryNames],
        ['header', headerValidators, headerNames],
      ] as const) {
        const properties: Record<string, unknown> = {};
        const required: string[] = [];
        (operation.parameters ?? []).forEach((parameter, index) => {
          const resolved = parameter.$ref ? resolveRef(document, parameter.$ref) : parameter;
          if (resolved.in !== where) return;
          properties[resolved.name] = parameter.$ref
            ? { $ref: `${CONTRACT_ID}${parameter.$ref}/schema` }
            : { $ref: `${pointer}/parameters/${index}/schema` };
          if (resolved.required) required.push(resolved.name);
        });
        names.set(operation.operationId, Object.keys(properties));
        validators.set(
          operation.operationId,
          queryAjv.compile({ type: 'object', properties, required, additionalProperties: true }),
        );
      }
      const json = operation.requestBody?.content['application/json'] as { schema?: unknown } | undefined;
      if (json?.schema) {
        const schema = inlineRefs(document, json.schema, []) as Record<string, unknown>;
        bodyValidators.set(operation.operationId, { first: firstAjv.compile(schema), every: everyAjv.compile(schema) });
      }
    }
  }

  return {
    document,
    yaml,
    query(operationId, raw) {
      const validate = queryValidators.get(operationId);
      if (!validate) throw new Error(`No operation ${operationId} in the contract`);
      const data: Record<string, unknown> = { ...raw };
      const valid = validate(data);
      const fields: FieldErrors = {};
      for (const name of queryNames.get(operationId) ?? []) textProblems(raw[name], name, fields);
      if (!valid || Object.keys(fields).length > 0) throw refusal(valid ? [] : (validate.errors ?? []), fields);
      return data as never;
    },
    headers(operationId, raw) {
      const validate = headerValidators.get(operationId);
      if (!validate) throw new Error(`No operation ${operationId} in the contract`);
      const data: Record<string, unknown> = {};
      for (const name of headerNames.get(operationId) ?? []) {
        const value = raw[name.toLowerCase()];
        if (value !== undefined) data[name] = value;
      }
      const valid = validate(data);
      const fields: FieldErrors = {};
      for (const [name, value] of Object.entries(data)) textProblems(value, name, fields);
      if (!valid || Object.keys(fields).length > 0) throw refusal(valid ? [] : (validate.errors ?? []), fields);
      return data as never;
    },
    body(operationId, raw) {
      const validators = bodyValidators.get(operationId);
      if (!validators) throw new Error(`Operation ${operationId} has no JSON body in the contract`);
      const data = raw === undefined ? {} : raw;
      const valid = validators.first(data);
      const fields: FieldErrors = {};
      const values = textProblems(data, '', fields);
      if (valid && Object.keys(fields).length === 0) return data as never;
      if (valid) throw refusal([], fields);
      // Every problem, as DRF reports them; a body past the JSON bounds (one not read by readJson)
      // keeps the first problem alone, so that no caller can make this pass costly.
      const every = values <= MAX_JSON_VALUES && !validators.every(data);
      throw refusal((every ? validators.every.errors : validators.first.errors) ?? [], fields);
    },
  };
}

function resolvePointer(document: Record<string, unknown>, ref: string): unknown {
  let node: unknown = document;
  for (const segment of ref.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (node === undefined) throw new Error(`The contract's ${ref} points at nothing`);
  return node;
}

const resolveRef = (document: Record<string, unknown>, ref: string) => resolvePointer(document, ref) as ParameterObject;

/**
 * Characters no string of the contract may hold (its description says so): control characters
 * but tab, line feed and carriage return (PostgreSQL cannot store U+0000 at all), and unpaired
 * UTF-16 surrogates, which have no UTF-8 form and would be stored as something else.
 */
const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be accepted as a string value, or null. Also used for CSV cells. */
export function textProblem(text: string): string | null {
  const found = FORBIDDEN_TEXT.exec(text)?.[0];
  if (found === undefined) return null;
  if (found === '\u0000') return 'Null characters are not allowed.';
  if (found.length === 1 && found.charCodeAt(0) >= 0xd800) return 'Unpaired surrogate characters are not allowed.';
  return 'Control characters are not allowed.';
}

/**
 * Adds a message for every string in `value` (walked through arrays and objects) that
 * `textProblem` refuses, under its dotted field name, unless the field already has one. Walks
 * with a stack of its own, in document order, so that no nesting can overflow the call stack, and
 * names a field only when it has a problem; answers how many values it visited.
 */
function textProblems(value: unknown, field: string, fields: FieldErrors): number {
  const pending: [value: unknown, parent: string, key: string | null][] = [[value, field, null]];
  let visited = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, parent, key] = next;
    visited++;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (!problem) continue;
      const name = (key === null ? parent : join(parent, key)) || 'non_field_errors';
      if (!fields[name]) fields[name] = [problem];
    } else if (typeof item === 'object' && item !== null) {
      const name = key === null ? parent : join(parent, key);
      // Keys, not entries: an object of 10,000 members would otherwise be 10,000 pairs more.
      const keys = Array.isArray(item) ? null : Object.keys(item);
      const count = keys ? keys.length : (item as unknown[]).length;
      for (let i = count - 1; i >= 0; i--) {
        const childKey = keys ? (keys[i] as string) : i;
        const child = (item as Record<string | number, unknown>)[childKey];
        if (typeof child === 'string' || (typeof child === 'object' && child !== null)) {
          pending.push([child, name, String(childKey)]);
        } else {
          visited++;
        }
      }
    }
  }
  return visited;
}

/**
 * `schema` with every local `$ref` replaced by what it points to (a `$ref` with other keywords
 * beside it becomes an `allOf` of the two), so that Ajv compiles one function without calls.
 * Request bodies are finite trees; a `$ref` that leads back to itself is refused here.
 */
function inlineRefs(document: Record<string, unknown>, schema: unknown, trail: string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(document, item, trail));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, inlineRefs(document, child, trail)]));
  if (typeof $ref !== 'string') return own;
  if (trail.includes($ref)) throw new Error(`The contract's ${$ref} refers to itself: a body schema must be finite`);
  const target = inlineRefs(document, resolvePointer(document, $ref), [...trail, $ref]);
  return Object.keys(own).length === 0 ? target : { allOf: [target], ...own };
}

const NOT_REPORTED = new Set(['oneOf', 'anyOf', 'allOf', 'if', '$ref']);

/**
 * The 400 for Ajv's `errors` and the `text` problems found beside them: the first message of each
 * field, fields as dotted paths, Ajv's first. Thousands of errors are possible (each of 500 items
 * wrong), so a message is made only for a field the answer shows (behaviour §8: 50 at most).
 */
function refusal(errors: ErrorObject[], text: FieldErrors): HttpError {
  const first = new Map<string, ErrorObject | string[]>();
  for (const error of errors) {
    if (NOT_REPORTED.has(error.keyword)) continue;
    const base = error.instancePath.slice(1).replaceAll('/', '.');
    const params = error.params as Record<string, unknown>;
    let field = base;
    if (error.keyword === 'required') field = join(base, String(params.missingProperty));
    if (error.keyword === 'additionalProperties') field = join(base, String(params.additionalProperty));
    const key = field || 'non_field_errors';
    if (!first.has(key)) first.set(key, error);
  }
  for (const [field, messages] of Object.entries(text)) if (!first.has(field)) first.set(field, messages);
  if (first.size === 0) first.set('non_field_errors', ['Invalid request.']);
  const shown: FieldErrors = {};
  let count = 0;
  for (const [field, found] of first) {
    if (count++ === MAX_ERROR_MESSAGES) break;
    shown[field] = Array.isArray(found) ? found : [messageFor(found)];
  }
  return badRequest(shown, Math.max(0, first.size - MAX_ERROR_MESSAGES));
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

function messageFor(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field.';
    case 'type':
      return typeMessage(String(params.type));
    case 'minimum':
      return `Ensure this value is greater than or equal to ${params.limit}.`;
    case 'maximum':
      return maximumMessage(String(params.limit));
    case 'formatMinimum':
      return `Ensure this value is on or after ${params.limit}.`;
    case 'formatMaximum':
      return `Ensure this value is on or before ${params.limit}.`;
    case 'minLength':
      return params.limit === 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${params.limit} characters.`;
    case 'maxLength':
      return maxLengthMessage(Number(params.limit));
    case 'minItems':
      return `Ensure this field has at least ${params.limit} elements.`;
    case 'maxItems':
      return `Ensure this field has no more than ${params.limit} elements.`;
    case 'enum':
      return `Select a valid choice. Allowed: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      return formatMessage(String(params.format));
    case 'pattern':
      // The contract says what a failed pattern means (`x-pattern-message`); the app shows the same text.
      if (typeof error.parentSchema?.['x-pattern-message'] === 'string') return error.parentSchema['x-pattern-message'];
      return 'This value does not have the expected format.';
    default:
      return error.message ?? 'Invalid value.';
  }
}

function typeMessage(type: string): string {
  if (type.startsWith('integer')) return 'A valid integer is required.';
  if (type.startsWith('number')) return 'A valid number is required.';
  if (type.startsWith('boolean')) return 'Must be a valid boolean.';
  if (type.startsWith('array')) return 'Expected a list of items.';
  if (type.startsWith('object')) return 'Invalid data. Expected a dictionary.';
  return 'Not a valid string.';
}

function formatMessage(format: string): string {
  if (format === 'email') return 'Enter a valid email address.';
  if (format === 'date') return 'Date has wrong format. Use YYYY-MM-DD.';
  if (format === 'date-time') return 'Datetime has wrong format. Use ISO 8601, e.g. 2026-05-01T10:00:00Z.';
  return 'Invalid value.';
}
