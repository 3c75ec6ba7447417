import { ApiError, MALFORMED_MESSAGE, NETWORK_MESSAGE } from './api-error';

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * openapi-fetch resolves 4xx/5xx as `{ error }` and rejects on network failure or unreadable
 * JSON; this turns every failure into an `ApiError` and returns the data otherwise. A 503 reads
 * behaviour §8's words for a service briefly away, with the wait the server asked for. An aborted
 * call rejects with its AbortError: its actor was stopped and no longer listens.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    // An abort, or a failure a middleware already named (a token refresh answered 503), stays as it is.
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    if (error instanceof SyntaxError) throw new ApiError(0, undefined, [], {}, MALFORMED_MESSAGE);
    throw new ApiError(0, undefined, [], {}, NETWORK_MESSAGE);
  }
  if (result.error !== undefined || !result.response.ok) {
    if (result.response.status === 503) throw ApiError.unavailable(result.response);
    const error = ApiError.fromBody(result.response.status, result.error);
    if (result.response.status >= 500 && !error.detail) {
      throw new ApiError(
        result.response.status,
        undefined,
        [],
        {},
        `The server had a problem (${result.response.status}). Please try again.`,
      );
    }
    throw error;
  }
  return result.data as T;
}
