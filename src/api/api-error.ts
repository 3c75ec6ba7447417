/**
 * One error type for every failed call. `message` is set only for failures on our side of the
 * wire (network down, unreadable response); server errors carry `detail`, `nonFieldErrors` and
 * `fieldErrors` as DRF sends them, so the message choice (own message, detail,
 * non_field_errors, fallback) reads them in that order.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    readonly detail: string | undefined,
    readonly nonFieldErrors: string[],
    /** First message per field, keyed as the API names the field. */
    readonly fieldErrors: Record<string, string>,
    ownMessage = '',
    /** Seconds the server asked to wait before asking again (`Retry-After`), when it said so. */
    readonly retryAfterSeconds?: number,
  ) {
    super(ownMessage);
  }

  /**
   * behaviour §8, a 503: the service is briefly away (its database restarting, say). The words are
   * the app's own, whatever the server's `detail`, and the wait it asked for travels along.
   */
  static unavailable(response: Response): ApiError {
    return new ApiError(503, undefined, [], {}, UNAVAILABLE_MESSAGE, retryAfterOf(response));
  }

  static fromBody(status: number, body: unknown): ApiError {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return new ApiError(status, undefined, [], {});
    }
    const record = body as Record<string, unknown>;
    const detail = typeof record.detail === 'string' ? record.detail : undefined;
    const { non_field_errors: nonField = [], ...messages } = fieldMessagesOf(body);
    const fields: Record<string, string> = {};
    for (const [field, [first]] of Object.entries(messages)) if (first !== undefined) fields[field] = first;
    return new ApiError(status, detail, nonField, fields);
  }
}

/** Nested errors deeper than this are not a form's (the contract bounds a body at 32 levels). */
const MAX_FIELD_DEPTH = 8;

/**
 * One message of a DRF 400 body and the field it belongs to, as a path: the top-level key as sent
 * (a dotted key stays one string), then each member name (a string) or list position (a number)
 * of DRF's nested shape.
 */
export interface FieldProblem {
  path: readonly (string | number)[];
  message: string;
}

/**
 * Every field message of a DRF 400 body (behaviour §5), in the order sent, whichever way the
 * server wrote a nested field: as a dotted key (`{"offers.1.unit_price": [...]}`) or in DRF's
 * nested shape, as list serializers answer (`{"offers": [{}, {"unit_price": [...]}]}`), nested
 * serializers (`{"address": {"city": [...]}}`) and list fields (`{"offer_ids": {"0": [...]}}`).
 * `detail` and `code` name no field. A bare string at the top level is that field's one message.
 */
export function fieldProblemsOf(body: unknown): FieldProblem[] {
  const found: FieldProblem[] = [];
  // DRF's messages are lists of strings at every depth: in a list, a string is a message of the
  // field and anything else an item; in an object, each member is a field (a bare string there is
  // data, such as the offers a 409 carries, not a message).
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value !== 'object' || value === null || path.length > MAX_FIELD_DEPTH) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') found.push({ path, message: item });
        else visit(item, [...path, index]);
      });
      return;
    }
    for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return found;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' || field === 'code') continue;
    if (typeof value === 'string') found.push({ path: [field], message: value });
    else visit(value, [field]);
  }
  return found;
}

/**
 * The messages per field, keyed as the contract's dotted keys name them (`offers.1.unit_price`,
 * `lines.0.non_field_errors`); the top level's `non_field_errors` keeps its name.
 */
export function fieldMessagesOf(body: unknown): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const { path, message } of fieldProblemsOf(body)) {
    const field = path.join('.');
    messages[field] = [...(messages[field] ?? []), message];
  }
  return messages;
}

/**
 * An auth call the back end answers at another address (behaviour §7 and the README's
 * "Using your Django REST Framework back end").
 */
export const addressMismatchMessage = (call: string, method: string, path: string) =>
  `The server's address for ${call} does not match the app's (${method} ${path}). ` +
  'See "Using your Django REST Framework back end" in the README.';

/**
 * `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110); undefined when absent
 * or unreadable.
 */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
/** behaviour §8, not signed in (401): the server refused the session, so the user signs in again. */
export const SESSION_ENDED_MESSAGE = 'Authentication required';
export const MALFORMED_MESSAGE = 'The server sent a response the app cannot read. Please try again.';
/** behaviour §8, the service briefly unavailable (503). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
