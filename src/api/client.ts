/**
 * The openapi-fetch clients, typed by the contract. `api` is for every feature: bearer token, and
 * a 401 answered by one shared refresh and one retry. `session` carries the bearer token but never
 * retries: the session machine refreshes explicitly when its profile load fails (behaviour §4).
 * Anonymous operations (`security: []`) go out without a token on either. Both hand over answers
 * with their amounts read into cents (./read-money.ts) and say when an auth call's address does not
 * match the back end's.
 */
import type { paths } from '@openapi/schema';
import createClient, { type Client } from 'openapi-fetch';
import { ApiError } from './api-error';
import { authAddresses, bearer, retryAfterRefresh, singleFlight, tokenRefusals } from './auth-middleware';
import { type ReadPaths, readingMoney } from './read-money';
import { acrossTabs, browserLocks, type TabLocks } from './refresh-lock';
import { tokenStore } from './token-store';

export type ApiClient = Client<ReadPaths>;

export interface ApiClients {
  api: ApiClient;
  session: ApiClient;
  /**
   * The only token refresh: single flight in this tab and one at a time across tabs, shared by the
   * middleware and the session machine. Resolves the new access token (or the one another tab
   * stored meanwhile); null when there is no refresh token or the server refused it (both tokens
   * are then removed); rejects when the server could not be reached, which is not a sign-out.
   */
  refreshOnce: () => Promise<string | null>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** What keeps two tabs from refreshing at once: the browser's Web Locks unless given; null, a storage lease. */
  locks?: TabLocks | null;
}

export function createApiClients(options: ApiClientOptions = {}): ApiClients {
  const baseUrl = options.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const clientOptions = { baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const sessionWire = createClient<paths>(clientOptions);
  const apiWire = createClient<paths>(clientOptions);
  const session = readingMoney(sessionWire);
  const locks = options.locks === undefined ? browserLocks() : options.locks;

  /** The exchange itself, run while this tab holds the refresh lock. */
  async function refresh(refused: string | null): Promise<string | null> {
    const refreshToken = tokenStore.refreshToken();
    if (!refreshToken) {
      tokenStore.clear();
      return null;
    }
    // Another tab refreshed while this one waited for the lock: the pair it stored stands.
    const current = tokenStore.accessToken();
    if (current !== null && current !== refused) return current;
    const { data, error, response } = await session.POST('/api/v1/token/refresh', { body: { refresh: refreshToken } });
    if (data) {
      // A back end that rotates refresh tokens sends a new one, and the one just sent is spent.
      tokenStore.saveRefreshed(data);
      return data.access;
    }
    if (response.status === 401) {
      // Refused because a tab that could not hold the lock rotated the token meanwhile: its pair stands.
      if (tokenStore.refreshToken() !== refreshToken) return tokenStore.accessToken();
      tokenStore.expire();
      return null;
    }
    if (response.status === 503) throw ApiError.unavailable(response);
    throw ApiError.fromBody(response.status, error);
  }

  const refreshOnce = singleFlight(() => {
    // The access token the callers found wanting; any other one found later is a newer one.
    const refused = tokenStore.accessToken();
    return acrossTabs(locks, () => refresh(refused));
  });

  // openapi-fetch runs `onResponse` last-registered first: `tokenRefusals` sees each answer first,
  // so the retry hears a 403 `token_not_valid` as the 401 it is.
  sessionWire.use(authAddresses(), bearer(tokenStore.accessToken), tokenRefusals());
  apiWire.use(
    authAddresses(),
    bearer(tokenStore.accessToken),
    retryAfterRefresh({
      accessToken: tokenStore.accessToken,
      refreshOnce,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    tokenRefusals(),
  );
  return { api: readingMoney(apiWire), session, refreshOnce };
}
