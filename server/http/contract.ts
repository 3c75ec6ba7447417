/**
 * Request validation straight from `openapi/schema.yaml`: the server accepts exactly what the
 * contract describes, and answers anything else with a DRF-shaped 400 naming the field.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { operations } from '../../openapi/schema';
import { badRequest, type FieldErrors } from './errors';

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
  const strictAjv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
  const queryAjv = new Ajv2020({ strict: false, allErrors: true, verbose: true, coerceTypes: true });
  for (const ajv of [strictAjv, queryAjv]) {
    const addFormats = addFormatsModule as unknown as (a: Ajv2020) => void;
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ ...document, $id: CONTRACT_ID });
  }

  const queryValidators = new Map<string, ValidateFunction>();
  const queryNames = new Map<string, string[]>();
  const headerValidators = new Map<string, ValidateFunction>();
  const headerNames = new Map<string, string[]>();
  const bodyValidators = new Map<string, ValidateFunction>();
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
      if (operation.requestBody?.content['application/json']) {
        bodyValidators.set(
          operation.operationId,
          strictAjv.compile({ $ref: `${pointer}/requestBody/content/application~1json/schema` }),
        );
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
      const fields = valid ? {} : toFieldErrors(validate.errors ?? []);
      for (const name of queryNames.get(operationId) ?? []) textProblems(raw[name], name, fields);
      if (!valid || Object.keys(fields).length > 0) throw badRequest(fields);
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
      const fields = valid ? {} : toFieldErrors(validate.errors ?? []);
      for (const [name, value] of Object.entries(data)) textProblems(value, name, fields);
      if (!valid || Object.keys(fields).length > 0) throw badRequest(fields);
      return data as never;
    },
    body(operationId, raw) {
      const validate = bodyValidators.get(operationId);
      if (!validate) throw new Error(`Operation ${operationId} has no JSON body in the contract`);
      const data = raw === undefined ? {} : raw;
      const valid = validate(data);
      const fields = valid ? {} : toFieldErrors(validate.errors ?? []);
      textProblems(data, '', fields);
      if (!valid || Object.keys(fields).length > 0) throw badRequest(fields);
      return data as never;
    },
  };
}

function resolveRef(document: Record<string, unknown>, ref: string): ParameterObject {
  let node: unknown = document;
  for (const segment of ref.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node as ParameterObject;
}

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
 * `textProblem` refuses, under its dotted field name, unless the field already has one.
 */
function textProblems(value: unknown, field: string, fields: FieldErrors) {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    const key = field || 'non_field_errors';
    if (problem && !fields[key]) fields[key] = [problem];
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) textProblems(item, join(field, String(index)), fields);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) textProblems(item, join(field, name), fields);
  }
}

/** Ajv errors to `{field: [message]}`, first message per field, fields as dotted paths. */
export function toFieldErrors(errors: ErrorObject[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    if (['oneOf', 'anyOf', 'allOf', 'if', '$ref'].includes(error.keyword)) continue;
    const base = error.instancePath.split('/').filter(Boolean).join('.');
    const params = error.params as Record<string, unknown>;
    let field = base;
    if (error.keyword === 'required') field = join(base, String(params.missingProperty));
    if (error.keyword === 'additionalProperties') field = join(base, String(params.additionalProperty));
    const key = field || 'non_field_errors';
    if (fields[key]) continue;
    fields[key] = [messageFor(error)];
  }
  if (Object.keys(fields).length === 0) fields.non_field_errors = ['Invalid request.'];
  return fields;
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
      return `Ensure this value is less than or equal to ${params.limit}.`;
    case 'formatMinimum':
      return `Ensure this value is on or after ${params.limit}.`;
    case 'formatMaximum':
      return `Ensure this value is on or before ${params.limit}.`;
    case 'minLength':
      return params.limit === 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${params.limit} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${params.limit} characters.`;
    case 'minItems':
      return `Ensure this field has at least ${params.limit} elements.`;
    case 'maxItems':
      return `Ensure this field has no more than ${params.limit} elements.`;
    case 'enum':
      return `Select a valid choice. Allowed: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      return formatMessage(String(params.format));
    case 'pattern':
      // The contract may say what a failed pattern means (`x-pattern-message`); the app shows the same text.
      if (typeof error.parentSchema?.['x-pattern-message'] === 'string') return error.parentSchema['x-pattern-message'];
      if (error.schemaPath.includes('Money')) return 'Enter an amount with two decimals, like 12.50.';
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
