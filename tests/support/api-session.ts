/**
 * The API as the suites call it beside the app (browser journeys, the bench, the PostgreSQL tests,
 * the screenshot script): sign in as a demo account, then an openapi-fetch client typed from
 * openapi/schema that sends the bearer token, and the few calls the suites repeat.
 */
import type { components, paths } from '@openapi/schema';
import createClient, { type Client } from 'openapi-fetch';

/** The demo accounts' password (DESIGN.md, "Demo data and accounts"). */
export const PASSWORD = 'Demo-pass-2026';
export const ACCOUNTS = {
  client: 'client@example.com',
  client2: 'client2@example.com',
  seller: 'seller@example.com',
  seller2: 'seller2@example.com',
} as const;
export type Role = keyof typeof ACCOUNTS;

export type ApiClient = Client<paths>;
export type Tokens = components['schemas']['TokenPair'];
export type Options = components['schemas']['Options'];

/** Where the API answers; `fetch` replaces the global one (a test's own transport). */
export interface ApiTarget {
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
}

/** A client that sends no token: sign-in, refresh and the other operations open to anyone. */
export const anonymousApi = ({ baseUrl, fetch }: ApiTarget): ApiClient =>
  createClient<paths>({ baseUrl, ...(fetch ? { fetch } : {}) });

/** A client that sends `access` as the bearer token on every call. */
export const apiWithToken = ({ baseUrl, fetch }: ApiTarget, access: string): ApiClient =>
  createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${access}` }, ...(fetch ? { fetch } : {}) });

const emailOf = (who: Role | string): string => (who in ACCOUNTS ? ACCOUNTS[who as Role] : who);

/**
 * What a call answered when it succeeded; any other answer throws, naming the call, its status and
 * the server's body. An answer without a body (204) gives undefined.
 */
export async function dataOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  what = 'the call',
): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(error ?? null)}`);
  return data as T;
}

/** A fresh token pair for a role (or any account's email); any answer but 200 throws. */
export async function tokensFor(target: ApiTarget, who: Role | string, password = PASSWORD): Promise<Tokens> {
  const email = emailOf(who);
  const { data, error, response } = await anonymousApi(target).POST('/api/v1/token', { body: { email, password } });
  if (response.status !== 200 || !data) {
    throw new Error(`signing in as ${email} answered ${response.status}: ${JSON.stringify(error ?? null)}`);
  }
  return data;
}

export interface ApiSession {
  tokens: Tokens;
  api: ApiClient;
}

/** Signs in as a role (or any account's email): its tokens and a client that sends them. */
export async function signInAs(target: ApiTarget, who: Role | string): Promise<ApiSession> {
  const tokens = await tokensFor(target, who);
  return { tokens, api: apiWithToken(target, tokens.access) };
}

/** The options of the filters and selects, `is_own` marking the caller's storefronts. */
export const optionsOf = (api: ApiClient): Promise<Options> =>
  dataOf(api.GET('/api/v1/options/'), 'GET /api/v1/options/');

/** The caller's own storefronts (a seller's; none for a client). */
export async function ownStorefronts(api: ApiClient) {
  const { sellers } = await optionsOf(api);
  return sellers.filter((seller) => seller.is_own);
}
