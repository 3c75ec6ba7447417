/** Errors that handlers throw; `app.onError` turns them into DRF-shaped JSON bodies. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly body: Record<string, unknown>,
    /** Response headers that belong to this error (`Retry-After`, `Connection`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (fields: FieldErrors) => new HttpError(400, fields);
export const invalid = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = (detail = 'Authentication credentials were not provided.', code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
