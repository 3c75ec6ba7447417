/**
 * behaviour §8, message choice: the error's own message, else the server's `detail`, else the
 * first `non_field_errors` entry, else the fallback. Duck-typed so machines stay free of `src/`:
 * it reads the fields `ApiError` carries and plain `Error`s alike.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (typeof error === 'string') return error || fallback;
  if (typeof error !== 'object' || error === null) return fallback;
  const { message, detail, nonFieldErrors, non_field_errors } = error as Record<string, unknown>;
  if (typeof message === 'string' && message) return message;
  if (typeof detail === 'string' && detail) return detail;
  for (const list of [nonFieldErrors, non_field_errors]) {
    if (Array.isArray(list) && typeof list[0] === 'string' && list[0]) return list[0];
  }
  return fallback;
}

/** A failed call's HTTP status (0: no answer came), or undefined for an error that carries none. */
export function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The seconds a failed call's server asked to wait before asking again (`Retry-After`), if it said. */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds =
    typeof error === 'object' && error !== null
      ? (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
      : undefined;
  return typeof seconds === 'number' && seconds >= 0 ? seconds : undefined;
}

/**
 * behaviour §8, permission helper: the text for a refused action, by HTTP status; any other
 * refusal reads as the server's `detail` (or, without one, the message choice above).
 */
export function permissionMessageOf(error: unknown, action: string): string {
  const status = statusOf(error);
  if (status === 403) return `You do not have permission to ${action}`;
  if (status === 401) return 'Authentication required';
  if (status === 404) return 'Resource not found';
  const detail = typeof error === 'object' && error !== null ? (error as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail ? detail : messageOf(error, `Could not ${action}`);
}

/** The server's first message per field, for the fields of a request body `TBody`. */
export type FieldErrors<TBody> = Partial<Record<Extract<keyof TBody, string>, string>>;

/**
 * Server 400 field errors onto form fields: first message per field (behaviour §5). The contract
 * (`ValidationErrors`) keys them by the request body's field names, so they are typed by the body.
 */
export function fieldErrorsOf<TBody>(error: unknown): FieldErrors<TBody> {
  if (typeof error !== 'object' || error === null) return {};
  const fields = (error as { fieldErrors?: unknown }).fieldErrors;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ) as FieldErrors<TBody>;
}
