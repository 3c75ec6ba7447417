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
    const nonField = Array.isArray(record.non_field_errors)
      ? record.non_field_errors.filter((m): m is string => typeof m === 'string')
      : [];
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(record)) {
      if (field === 'detail' || field === 'non_field_errors' || field === 'code') continue;
      const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
      if (typeof first === 'string') fields[field] = first;
    }
    return new ApiError(status, detail, nonField, fields);
  }
}

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
