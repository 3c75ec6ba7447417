/**
 * The openapi-fetch clients, typed by the contract. `api` is for every feature: bearer token, and
 * a 401 answered by one shared refresh and one retry. `session` carries the bearer token but never
 * retries: the session machine refreshes explicitly when its profile load fails (behaviour §4).
 * Anonymous operations (`security: []`) go out without a token on either.
 */
import type { paths } from '@openapi/schema';
import createClient from 'openapi-fetch';
import { ApiError } from './api-error';
import { bearer, retryAfterRefresh, singleFlight } from './auth-middleware';
import { tokenStore } from './token-store';

export type ApiClient = ReturnType<typeof createClient<paths>>;

export interface ApiClients {
  api: ApiClient;
  session: ApiClient;
  /**
   * The only token refresh: single flight, shared by the middleware and the session machine.
   * Resolves the new access token; null when there is no refresh token or the server refused it
   * (both tokens are then removed);
   * rejects when the server could not be reached, which is not a sign-out.
   */
  refreshOnce: () => Promise<string | null>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function createApiClients(options: ApiClientOptions = {}): ApiClients {
  const baseUrl = options.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const clientOptions = { baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const session = createClient<paths>(clientOptions);
  const api = createClient<paths>(clientOptions);

  const refreshOnce = singleFlight(async () => {
    const refresh = tokenStore.refreshToken();
    if (!refresh) {
      tokenStore.clear();
      return null;
    }
    const { data, response } = await session.POST('/api/v1/token/refresh', { body: { refresh } });
    if (data) {
      tokenStore.saveAccess(data.access);
      return data.access;
    }
    if (response.status === 401) {
      tokenStore.expire();
      return null;
    }
    if (response.status === 503) throw ApiError.unavailable(response);
    throw ApiError.fromBody(response.status, undefined);
  });

  session.use(bearer(tokenStore.accessToken));
  api.use(
    bearer(tokenStore.accessToken),
    retryAfterRefresh({
      accessToken: tokenStore.accessToken,
      refreshOnce,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  return { api, session, refreshOnce };
}
