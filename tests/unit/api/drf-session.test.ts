// @vitest-environment jsdom
/**
 * SimpleJWT's answers under the settings the README supports, replayed through the API layer and
 * the session: refresh rotation with blacklisting, an expired token refused with 403 when
 * SessionAuthentication is listed first, and auth paths that differ from the contract's.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { type ApiError, SESSION_ENDED_MESSAGE } from '@/api/api-error';
import { createApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import { createSessionLogic } from '@/core/session/session.implementations';
import { noticeQueue } from '@/ui/notify';
import {
  blacklisted,
  expiredWithJwtFirst,
  expiredWithSessionFirst,
  getNotAllowed,
  movedPermanently,
  permanentRedirect,
  rotatedPair,
  TOKENS,
} from '../../support/drf-answers';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
const json = ({ status, body, headers = {} }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const profile = { id: 7, email: 'seller@example.com', first_name: 'Sam', last_name: '', permissions: [] };

/**
 * A back end answering each `METHOD /path` by the function given; records what each call sent.
 * Unless told otherwise, the profile takes only `accepted` access tokens and refuses others as given.
 */
function backEnd(routes: Record<string, (request: Request, body: unknown) => Answer | Response>) {
  const sent: { call: string; body: unknown; auth: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const call = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.clone().text();
    const body = text ? JSON.parse(text) : undefined;
    sent.push({ call, body, auth: request.headers.get('Authorization') });
    const route = routes[call];
    if (!route) throw new Error(`No route for ${call}`);
    const answer = route(request, body);
    return answer instanceof Response ? answer : json(answer);
  }) as typeof globalThis.fetch;
  return { fetch, sent, calls: (call: string) => sent.filter((s) => s.call === call) };
}

const profileFor =
  (refused: Answer, accepted: string[] = [TOKENS.rotatedAccess]) =>
  (request: Request): Answer =>
    accepted.some((token) => request.headers.get('Authorization') === `Bearer ${token}`)
      ? { status: 200, body: profile }
      : refused;

/** SimpleJWT with ROTATE_REFRESH_TOKENS and BLACKLIST_AFTER_ROTATION: each refresh token works once. */
function rotatingRefresh() {
  const live = new Set([TOKENS.refresh]);
  let generation = 2;
  return (_: Request, body: unknown): Answer => {
    const { refresh } = body as { refresh: string };
    if (!live.delete(refresh)) return blacklisted;
    const pair =
      generation === 2 ? rotatedPair : { access: TOKENS.rotatedAccess, refresh: `${TOKENS.refresh}.g${generation}` };
    generation += 1;
    live.add(pair.refresh);
    return { status: 200, body: pair };
  };
}

const storeExpired = () => tokenStore.save({ access: TOKENS.expiredAccess, refresh: TOKENS.refresh });

afterEach(() => {
  localStorage.clear();
  noticeQueue.clear();
});

describe('ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION', () => {
  it('keeps the rotated refresh token and sends it on the next refresh, never the spent one', async () => {
    storeExpired();
    const server = backEnd({
      'POST /api/v1/token/refresh': rotatingRefresh(),
      'GET /api/v1/profile': profileFor(expiredWithJwtFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    await expect(unwrap(api.GET('/api/v1/profile'))).resolves.toMatchObject({ id: 7 });
    expect(tokenStore.refreshToken()).toBe(TOKENS.rotatedRefresh);

    // The access token expires again: the refresh sends the rotated token, and the session goes on.
    localStorage.setItem('marketplace:access-token', JSON.stringify(TOKENS.expiredAccess));
    await expect(unwrap(api.GET('/api/v1/profile'))).resolves.toMatchObject({ id: 7 });
    expect(server.calls('POST /api/v1/token/refresh').map((call) => call.body)).toEqual([
      { refresh: TOKENS.refresh },
      { refresh: TOKENS.rotatedRefresh },
    ]);
    expect(tokenStore.refreshToken()).toBe(`${TOKENS.refresh}.g3`);
  });

  it('tells no one of a new session when the refresh token rotates', async () => {
    storeExpired();
    const changes = vi.fn();
    onTestFinished(tokenStore.onSessionChange(changes));
    const server = backEnd({
      'POST /api/v1/token/refresh': rotatingRefresh(),
      'GET /api/v1/profile': profileFor(expiredWithJwtFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    await unwrap(api.GET('/api/v1/profile'));
    expect(changes).not.toHaveBeenCalled();
  });

  it('keeps the refresh token when the back end does not rotate (the answer has no refresh)', async () => {
    storeExpired();
    const server = backEnd({
      'POST /api/v1/token/refresh': () => ({ status: 200, body: { access: TOKENS.rotatedAccess } }),
      'GET /api/v1/profile': profileFor(expiredWithJwtFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    await unwrap(api.GET('/api/v1/profile'));
    expect(tokenStore.refreshToken()).toBe(TOKENS.refresh);
    expect(tokenStore.accessToken()).toBe(TOKENS.rotatedAccess);
  });
});

describe('SessionAuthentication listed before JWTAuthentication (an expired token answers 403)', () => {
  it('refreshes once for any number of parallel 403 token_not_valid answers and retries each call once', async () => {
    storeExpired();
    const server = backEnd({
      'POST /api/v1/token/refresh': rotatingRefresh(),
      'GET /api/v1/profile': profileFor(expiredWithSessionFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const answers = await Promise.all(Array.from({ length: 10 }, () => unwrap(api.GET('/api/v1/profile'))));
    expect(answers).toHaveLength(10);
    expect(server.calls('POST /api/v1/token/refresh')).toHaveLength(1);
    expect(server.calls('GET /api/v1/profile')).toHaveLength(20);
  });

  it('signs out with "Authentication required" when the refresh is refused', async () => {
    storeExpired();
    const ends: boolean[] = [];
    onTestFinished(tokenStore.onSessionChange((hasSession, expired) => hasSession || ends.push(expired)));
    const server = backEnd({
      'POST /api/v1/token/refresh': () => blacklisted,
      'GET /api/v1/profile': profileFor(expiredWithSessionFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(401);
    expect(failure.detail).toBe(SESSION_ENDED_MESSAGE);
    expect(ends).toEqual([true]);
    expect(tokenStore.hasTokens()).toBe(false);
  });

  it('leaves a 403 that refuses the action, not the token, as it is: no refresh', async () => {
    tokenStore.save({ access: TOKENS.access, refresh: TOKENS.refresh });
    const refused = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    const server = backEnd({ 'GET /api/v1/profile': () => refused });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(403);
    expect(server.calls('POST /api/v1/token/refresh')).toHaveLength(0);
  });

  it.each([
    ['is refreshed and signs in', rotatingRefresh, 'signedIn', []],
    ['is refused and signs out, saying why', () => () => blacklisted, 'signedOut', [SESSION_ENDED_MESSAGE]],
  ] as const)('loads the session after a reload: a 403 on the profile %s', async (_, refresh, state, notices) => {
    storeExpired();
    const server = backEnd({
      'POST /api/v1/token/refresh': refresh(),
      'GET /api/v1/profile': profileFor(expiredWithSessionFirst),
    });
    const session = createActor(createSessionLogic(createApiClients({ baseUrl: 'http://test', fetch: server.fetch })));
    onTestFinished(() => {
      session.stop();
    });
    session.start();
    await waitFor(session, (s) => s.matches(state));
    expect(noticeQueue.visibleToasts.map((toast) => toast.content.message)).toEqual(notices);
  });
});

describe('auth paths that differ from the contract (a trailing slash)', () => {
  const ADDRESS =
    /^The server's address for .+ does not match the app's \(.+\)\. See "Using your Django REST Framework back end" in the README\.$/;

  it.each([
    ['405 after the redirect was followed as a GET', getNotAllowed],
    ['301', movedPermanently],
    ['308', permanentRedirect],
  ])('names the address of sign-in when it answers %s', async (_, answer) => {
    const server = backEnd({ 'POST /api/v1/token': () => answer });
    const { session } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(session.POST('/api/v1/token', { body: { email: 'a@b.c', password: 'pw' } })).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(failure.message).toMatch(ADDRESS);
    expect(failure.message).toContain("address for signing in does not match the app's (POST /api/v1/token)");
  });

  it('names the refresh address, and keeps the tokens: a misplaced path is no sign-out', async () => {
    storeExpired();
    const server = backEnd({
      'POST /api/v1/token/refresh': () => getNotAllowed,
      'GET /api/v1/profile': profileFor(expiredWithJwtFirst),
    });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e)) as ApiError;
    expect(failure.message).toContain(
      "address for renewing the session does not match the app's (POST /api/v1/token/refresh)",
    );
    expect(tokenStore.refreshToken()).toBe(TOKENS.refresh);
  });

  it('refuses a profile update that a redirect turned into a read of the profile', async () => {
    tokenStore.save({ access: TOKENS.access, refresh: TOKENS.refresh });
    const redirected = () => {
      const read = json({ status: 200, body: profile });
      Object.defineProperty(read, 'redirected', { value: true });
      return read;
    };
    const server = backEnd({ 'POST /api/v1/profile': redirected });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(api.POST('/api/v1/profile', { body: { first_name: 'Sam' } })).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(failure.message).toContain("address for your profile does not match the app's (POST /api/v1/profile)");
  });

  it('shows the address problem on the session when the profile path answers 404', async () => {
    tokenStore.save({ access: TOKENS.access, refresh: TOKENS.refresh });
    const server = backEnd({ 'GET /api/v1/profile': () => ({ status: 404, body: { detail: 'Not found.' } }) });
    const session = createActor(createSessionLogic(createApiClients({ baseUrl: 'http://test', fetch: server.fetch })));
    onTestFinished(() => {
      session.stop();
    });
    session.start();
    const failed = await waitFor(session, (s) => s.matches('failed'));
    expect(failed.context.problem).toContain("address for your profile does not match the app's (GET /api/v1/profile)");
  });
});
