/**
 * The contract as test data: every operation with its path template, and a validator for each
 * documented response. Responses are checked against the document itself (ajv 2020), so a server
 * answer that the contract does not describe fails the test that provoked it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const CONTRACT_FILE = fileURLToPath(new URL('../../../openapi/schema.yaml', import.meta.url));
const CONTRACT_ID = 'urn:contract-tests:schema';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = Uppercase<(typeof METHODS)[number]>;

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, ResponseObject>;
}

export interface Operation {
  operationId: string;
  method: Method;
  /** As written in the contract, e.g. `/api/v1/orders/{orderId}/approve/`. */
  template: string;
  /** True when the operation needs a bearer token (its `security` is not empty). */
  secured: boolean;
  /** Names of the path parameters, in order. */
  pathParams: string[];
  hasJsonBody: boolean;
  hasFormBody: boolean;
  /** Documented statuses, as numbers. */
  statuses: number[];
  pattern: RegExp;
  object: OperationObject;
}

export const document = parse(readFileSync(CONTRACT_FILE, 'utf8')) as {
  security?: unknown[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { responses: Record<string, ResponseObject> };
};

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const operations: Operation[] = [];
for (const [template, item] of Object.entries(document.paths)) {
  for (const method of METHODS) {
    const object = item[method];
    if (!object) continue;
    const security = object.security ?? document.security ?? [];
    const pathParams = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    const pattern = new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('([^/]+)')}$`,
    );
    operations.push({
      operationId: object.operationId,
      method: method.toUpperCase() as Method,
      template,
      secured: security.length > 0,
      pathParams,
      hasJsonBody: Boolean(object.requestBody?.content['application/json']),
      hasFormBody: Boolean(object.requestBody?.content['multipart/form-data']),
      statuses: Object.keys(object.responses).map(Number),
      pattern,
      object,
    });
  }
}
// Literal paths win over templated ones (`/orders/request-special-price/` is not an order id).
const byPreference = [...operations].sort((a, b) => a.pathParams.length - b.pathParams.length);

export const operationIds = operations.map((op) => op.operationId);

export function operationById(operationId: string): Operation {
  const op = operations.find((candidate) => candidate.operationId === operationId);
  if (!op) throw new Error(`No operation ${operationId} in the contract`);
  return op;
}

/** The operation a concrete request path (no query string) belongs to, if any. */
export function matchOperation(method: string, path: string): Operation | undefined {
  return byPreference.find((op) => op.method === method.toUpperCase() && op.pattern.test(path));
}

/** Fills a template's parameters, e.g. `fillPath(op, 7)` gives `/api/v1/orders/7/approve/`. */
export function fillPath(op: Operation, value: string | number): string {
  return op.template.replace(/\{\w+\}/g, String(value));
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ ...document, $id: CONTRACT_ID });

const validators = new Map<string, ValidateFunction>();

/** Pointer to the response object, following a `$ref` into components/responses. */
function responsePointer(op: Operation, status: string): { pointer: string; response: ResponseObject } {
  const response = op.object.responses[status] as ResponseObject;
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    const resolved = document.components.responses[name];
    if (!resolved) throw new Error(`Unresolvable response ${response.$ref}`);
    return { pointer: `#/components/responses/${escapePointer(name)}`, response: resolved };
  }
  return {
    pointer: `#/paths/${escapePointer(op.template)}/${op.method.toLowerCase()}/responses/${status}`,
    response,
  };
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
    .join('; ');
}

/**
 * Problems with one response, empty when it matches the contract: the status must be documented
 * for the operation, the content type must be one it documents for that status, and a JSON body
 * must match that status's schema.
 */
export function responseProblems(op: Operation, status: number, contentType: string, text: string): string[] {
  const key = String(status);
  if (!op.object.responses[key]) {
    return [`status ${status} is not documented for ${op.operationId} (documented: ${op.statuses.join(', ')})`];
  }
  const { pointer, response } = responsePointer(op, key);
  const content = response.content ?? {};
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (Object.keys(content).length === 0) {
    return text === '' ? [] : [`status ${status} of ${op.operationId} documents no body, got ${text.slice(0, 200)}`];
  }
  if (!content[mediaType]) {
    return [
      `content type "${contentType}" is not documented for ${op.operationId} ${status} (${Object.keys(content).join(', ')})`,
    ];
  }
  let body: unknown = text;
  if (mediaType === 'application/json') {
    try {
      body = JSON.parse(text);
    } catch {
      return [`${op.operationId} ${status} says application/json but the body is not JSON: ${text.slice(0, 200)}`];
    }
  }
  const ref = `${CONTRACT_ID}${pointer}/content/${escapePointer(mediaType)}/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(body)) return [];
  return [`${op.operationId} ${status} body does not match the contract: ${describeErrors(validate.errors)}`];
}
