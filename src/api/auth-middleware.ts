/**
 * The two halves of authentication, as openapi-fetch middleware. `bearer` adds the stored access
 * token to every call the contract protects. `retryAfterRefresh` answers a 401 by refreshing once
 * and retrying the request once; parallel 401s share one refresh (`refreshOnce` is single-flight),
 * and a request whose token was already replaced retries with the new one without refreshing.
 * Neither redirects: a refused refresh clears the tokens, and the session hears it from the store;
 * the refused request then fails with a 401 reading 'Authentication required'.
 */
import { ANONYMOUS_PATHS } from '@openapi/schema.facts';
import type { Middleware } from 'openapi-fetch';
import { SESSION_ENDED_MESSAGE } from './api-error';

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
      if (response.status !== 401 || !copy) return undefined;
      const sent = copy.headers.get('Authorization');
      const current = deps.accessToken();
      const token = current && `Bearer ${current}` !== sent ? current : await deps.refreshOnce();
      // The session is over: the caller reads behaviour §8's words, not the server's token jargon.
      if (!token) return Response.json({ detail: SESSION_ENDED_MESSAGE }, { status: 401, statusText: 'Unauthorized' });
      copy.headers.set('Authorization', `Bearer ${token}`);
      return (deps.fetch ?? fetch)(copy);
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
