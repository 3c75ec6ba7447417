/**
 * The two openapi-fetch clients: `bare` for sign-in, registration and refresh (no bearer, no
 * retry), and `api` for everything else, with the auth middleware. Types come from the contract.
 */

import type { paths } from '@openapi/schema';
import createClient from 'openapi-fetch';
import { ApiError } from './api-error';
import { authMiddleware, singleFlight } from './auth-middleware';
import { accessToken, clearTokens, refreshToken, storeTokens } from './token-store';

export type ApiClient = ReturnType<typeof createClient<paths>>;

export interface ApiClients {
  bare: ApiClient;
  api: ApiClient;
  /** Single-flight token refresh shared by the middleware and the session machine. */
  refreshOnce: () => Promise<string | null>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Told when a refresh was refused: both tokens are already removed. */
  onSignedOut?: () => void;
}

export function createApiClients(options: ApiClientOptions = {}): ApiClients {
  const baseUrl = options.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const clientOptions = { baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const bare = createClient<paths>(clientOptions);
  const api = createClient<paths>(clientOptions);

  const refreshOnce = singleFlight(async () => {
    const refresh = refreshToken.read();
    if (!refresh) return null;
    // Network failures reject here: being offline is not a sign-out.
    const { data, response } = await bare.POST('/api/v1/token/refresh', { body: { refresh } });
    if (data) {
      storeTokens({ access: data.access });
      return data.access;
    }
    if (response.status === 401) {
      clearTokens();
      return null;
    }
    throw ApiError.fromBody(response.status, undefined);
  });

  api.use(
    authMiddleware({
      accessToken: () => accessToken.read(),
      refreshOnce,
      onSignedOut: () => options.onSignedOut?.(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  return { bare, api, refreshOnce };
}
