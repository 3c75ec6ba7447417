/**
 * Authentication as openapi-fetch middleware. `bearer` adds the stored access token to every call
 * the contract protects. `tokenRefusals` makes DRF's answer to an expired or invalid access token
 * (`code` `token_not_valid`) a 401 whatever its status: a back end that lists
 * SessionAuthentication before JWTAuthentication answers it 403. `retryAfterRefresh` answers a 401
 * by refreshing once and retrying the request once; parallel 401s share one refresh
 * (`refreshOnce` is single-flight), and a request whose token was already replaced retries with
 * the new one without refreshing. `authAddresses` names a back end whose auth paths differ from
 * the contract's. None redirects: a refused refresh clears the tokens, and the session hears it
 * from the store; the refused request then fails with a 401 reading 'Authentication required'.
 */
import { ANONYMOUS_PATHS } from '@openapi/schema.facts';
import type { Middleware } from 'openapi-fetch';
import { ApiError, addressMismatchMessage, SESSION_ENDED_MESSAGE } from './api-error';

export function bearer(accessToken: () => string | null): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (ANONYMOUS_PATHS.has(schemaPath)) return undefined;
      const token = accessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Whether an answer says the access token is expired or invalid: any 401, or `token_not_valid` at any status. */
export function isTokenRefusal(status: number, body: unknown): boolean {
  if (status === 401) return true;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'token_not_valid';
}

/** `response` as a 401 when it refuses the access token with another status; undefined otherwise. */
async function asUnauthorized(response: Response): Promise<Response | undefined> {
  if (response.ok || response.status === 401) return undefined;
  if (!response.headers.get('Content-Type')?.includes('json')) return undefined;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    // An unreadable body refuses nothing; unwrap reports it as such.
    return undefined;
  }
  if (!isTokenRefusal(response.status, body)) return undefined;
  return Response.json(body, { status: 401, statusText: 'Unauthorized' });
}

export function tokenRefusals(): Middleware {
  return { onResponse: ({ response }) => asUnauthorized(response) };
}

export interface RetryDeps {
  accessToken: () => string | null;
  /** Resolves the new access token, or null when the server refused the refresh. */
  refreshOnce: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export function retryAfterRefresh(deps: RetryDeps): Middleware {
  const pending = new Map<string, Request>();
  return {
    onRequest({ request, schemaPath, id }) {
      if (ANONYMOUS_PATHS.has(schemaPath)) return undefined;
      // A request body can be read only once: keep a copy for the retry.
      pending.set(id, request.clone());
      return undefined;
    },
    async onResponse({ response, id }) {
      const copy = pending.get(id);
      pending.delete(id);
      // `tokenRefusals` (registered after this, so it sees the answer first) made a 403 `token_not_valid` a 401.
      if (response.status !== 401 || !copy) return undefined;
      const sent = copy.headers.get('Authorization');
      const current = deps.accessToken();
      const token = current && `Bearer ${current}` !== sent ? current : await deps.refreshOnce();
      // The session is over: the caller reads behaviour §8's words, not the server's token jargon.
      if (!token) return Response.json({ detail: SESSION_ENDED_MESSAGE }, { status: 401, statusText: 'Unauthorized' });
      copy.headers.set('Authorization', `Bearer ${token}`);
      const retried = await (deps.fetch ?? fetch)(copy);
      return (await asUnauthorized(retried)) ?? retried;
    },
    onError({ id }) {
      pending.delete(id);
    },
  };
}

/** The calls a back end must answer at exactly the contract's path, and what the user calls them. */
const AUTH_CALLS: Readonly<Record<string, string>> = {
  '/api/v1/token': 'signing in',
  '/api/v1/token/refresh': 'renewing the session',
  '/api/v1/token/blacklist': 'signing out',
  '/api/v1/profile': 'your profile',
};
/**
 * How a path mismatch answers: a redirect to the path with a slash (Django's APPEND_SLASH, 301, or
 * 308), the GET that fetch makes of a redirected POST (405 `Method "GET" not allowed.`), or no
 * such path at all (404).
 */
const MISMATCH_STATUSES = new Set([301, 308, 404, 405]);

/**
 * A back end whose auth paths differ from the contract's (SimpleJWT's documentation and DRF's
 * routers add a trailing slash) fails these calls with the words that say so, not as a wrong
 * password or an expired session. A redirected POST that arrives as a success did not do its work.
 */
export function authAddresses(): Middleware {
  return {
    onResponse({ request, response, schemaPath }) {
      const call = AUTH_CALLS[schemaPath];
      if (!call) return undefined;
      const redirectedChange = response.redirected && request.method !== 'GET';
      if (!MISMATCH_STATUSES.has(response.status) && !redirectedChange) return undefined;
      throw new ApiError(response.status, undefined, [], {}, addressMismatchMessage(call, request.method, schemaPath));
    },
  };
}

/** Shares one in-flight promise between all callers until it settles. */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
