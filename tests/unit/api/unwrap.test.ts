import { describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_MESSAGE, NETWORK_MESSAGE, UNAVAILABLE_MESSAGE } from '@/api/api-error';
import { unwrap } from '@/api/unwrap';

const response = (status: number) => new Response(null, { status });
const failureOf = (call: Promise<unknown>) =>
  unwrap(call as Promise<{ response: Response }>).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('unwrap', () => {
  it('returns the data of a successful call', async () => {
    await expect(unwrap(Promise.resolve({ data: { ok: 1 }, response: response(200) }))).resolves.toEqual({ ok: 1 });
  });

  it('turns a DRF error body into an ApiError with its parts', async () => {
    const error = await failureOf(
      Promise.resolve({ error: { email: ['Taken'], non_field_errors: ['No'] }, response: response(400) }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: 'Taken' });
    expect(error.nonFieldErrors).toEqual(['No']);
    expect(error.message).toBe('');
  });

  it('names a network failure', async () => {
    const error = await failureOf(Promise.reject(new TypeError('Failed to fetch')));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_MESSAGE);
  });

  it('names an unreadable response', async () => {
    const error = await failureOf(Promise.reject(new SyntaxError('Unexpected token <')));
    expect(error.message).toBe(MALFORMED_MESSAGE);
  });

  it('gives a server failure without detail a message of its own', async () => {
    const error = await failureOf(Promise.resolve({ error: 'Bad Gateway', response: response(502) }));
    expect(error.message).toMatch(/server had a problem \(502\)/);
  });

  it('names a 503 in behaviour §8’s words, whatever its detail, with the wait the server asked for', async () => {
    const unavailable = (headers: Record<string, string>) =>
      failureOf(
        Promise.resolve({
          error: { detail: 'The database does not answer.', code: 'service_unavailable' },
          response: new Response(null, { status: 503, headers }),
        }),
      );
    const error = await unavailable({ 'Retry-After': '2' });
    expect(error.status).toBe(503);
    expect(error.message).toBe(UNAVAILABLE_MESSAGE);
    expect(error.retryAfterSeconds).toBe(2);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect((await unavailable({ 'Retry-After': inAMinute })).retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await unavailable({})).retryAfterSeconds).toBeUndefined();
  });

  it('keeps an ApiError a middleware threw (a refresh answered 503)', async () => {
    const thrown = new ApiError(503, undefined, [], {}, UNAVAILABLE_MESSAGE, 2);
    expect(await failureOf(Promise.reject(thrown))).toBe(thrown);
  });

  it('rejects an aborted call with its AbortError, not as a network failure', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(await failureOf(Promise.reject(abort))).toBe(abort);
  });
});
