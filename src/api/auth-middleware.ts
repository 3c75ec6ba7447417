/**
 * Adds the bearer token to every call the contract protects. On a 401 it refreshes once and
 * retries the request once; parallel 401s share one refresh (`refreshOnce` is single-flight),
 * and a request whose token was already replaced retries with the new one without refreshing.
 * A refresh refused by the server reports the sign-out; the middleware never redirects.
 */
import type { Middleware } from 'openapi-fetch';

export const ANONYMOUS_PATHS = new Set([
  '/api/v1/token',
  '/api/v1/token/refresh',
  '/api/v1/token/blacklist',
  '/api/v1/register/',
  '/api/v1/verify-email/',
  '/api/v1/schema/',
]);

export interface AuthMiddlewareDeps {
  accessToken: () => string | null;
  /** Resolves the new access token, or null when the server refused the refresh (signed out). */
  refreshOnce: () => Promise<string | null>;
  onSignedOut: () => void;
  fetch?: typeof fetch;
}

export function authMiddleware(deps: AuthMiddlewareDeps): Middleware {
  const pending = new Map<string, { copy: Request; token: string | null }>();
  return {
    onRequest({ request, schemaPath, id }) {
      if (ANONYMOUS_PATHS.has(schemaPath)) return undefined;
      const token = deps.accessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // A request body can be read only once: keep a copy for the retry.
      pending.set(id, { copy: request.clone(), token });
      return request;
    },
    async onResponse({ response, id }) {
      const entry = pending.get(id);
      pending.delete(id);
      if (response.status !== 401 || !entry) return undefined;
      const current = deps.accessToken();
      const token = current && current !== entry.token ? current : await deps.refreshOnce();
      if (!token) {
        deps.onSignedOut();
        return undefined;
      }
      entry.copy.headers.set('Authorization', `Bearer ${token}`);
      return (deps.fetch ?? fetch)(entry.copy);
    },
    onError({ id }) {
      pending.delete(id);
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
