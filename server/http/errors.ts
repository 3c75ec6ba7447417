/** Errors that handlers throw; `app.onError` turns them into DRF-shaped JSON bodies. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    readonly body: Record<string, unknown>,
    /** Response headers that belong to this error (`Retry-After`, `Connection`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

/** behaviour §8: a 400 lists at most this many messages, and one more line says how many it left out. */
export const MAX_ERROR_MESSAGES = 50;
/** Field names and messages can echo what was sent (an unknown field's name): each is cut to a bound. */
const MAX_FIELD_NAME = 100;
const MAX_MESSAGE = 300;
const moreLine = (hidden: number) => `${hidden} more ${hidden === 1 ? 'error is' : 'errors are'} not shown.`;
const MORE_LINE = /^(\d+) more errors? (?:is|are) not shown\.$/;
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * `fields` with at most MAX_ERROR_MESSAGES messages, in their order, plus a `non_field_errors` line
 * counting the rest and the `hidden` ones the caller already left out. Bounding an already bounded
 * answer (a route adding to the contract's 400) adds the counts up instead of stacking lines.
 */
function bounded(fields: FieldErrors, alreadyHidden: number): FieldErrors {
  const kept: FieldErrors = {};
  let shown = 0;
  let hidden = alreadyHidden;
  for (const [field, messages] of Object.entries(fields)) {
    for (const message of messages) {
      const more = field === 'non_field_errors' ? MORE_LINE.exec(message) : null;
      if (more) hidden += Number(more[1]);
      else if (shown >= MAX_ERROR_MESSAGES) hidden++;
      else {
        shown++;
        const name = clip(field, MAX_FIELD_NAME);
        kept[name] = [...(kept[name] ?? []), clip(message, MAX_MESSAGE)];
      }
    }
  }
  if (hidden > 0) kept.non_field_errors = [...(kept.non_field_errors ?? []), moreLine(hidden)];
  return kept;
}

/** A DRF-shaped 400; `hidden` counts messages the caller left out of `fields` (behaviour §8). */
export const badRequest = (fields: FieldErrors, hidden = 0) => new HttpError(400, bounded(fields, hidden));
export const invalid = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = (detail = 'Authentication credentials were not provided.', code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });

/** Seconds a client waits before asking again while the database is away (behaviour §7). */
export const RETRY_AFTER_SECONDS = 2;

/** behaviour §7, when the database is away: what its 503 says, by whether a change may have been made. */
export const DATABASE_AWAY =
  'The service is briefly unavailable: the database does not answer. Please try again in a moment.';
export const OUTCOME_UNKNOWN =
  'The service is briefly unavailable: the database did not answer, so this change may or may not have been saved. Check before sending it again.';

/** DRF's shape for a service that is briefly away: `{detail, code}` with `Retry-After`. */
export const serviceUnavailable = (detail: string) =>
  new HttpError(503, { detail, code: 'service_unavailable' }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
