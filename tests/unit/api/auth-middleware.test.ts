// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, NETWORK_MESSAGE, SESSION_ENDED_MESSAGE, UNAVAILABLE_MESSAGE } from '@/api/api-error';
import { createApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import { createSessionLogic } from '@/core/session/session.implementations';
import { noticeQueue } from '@/ui/notify';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake back end: accepts only `valid` as access token; refresh answers as told. */
function fakeServer(options: { refresh: 'ok' | 'refused' | 'offline' | 'unavailable'; valid?: string }) {
  const valid = options.valid ?? 'fresh-access';
  const calls = { refresh: 0, profile: 0, retriedWith: [] as string[] };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/token/refresh') {
      calls.refresh += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (options.refresh === 'offline') throw new TypeError('Failed to fetch');
      if (options.refresh === 'refused') return json(401, { detail: 'Token is invalid or expired' });
      if (options.refresh === 'unavailable') {
        const away = json(503, { detail: 'The database does not answer.', code: 'service_unavailable' });
        away.headers.set('Retry-After', '2');
        return away;
      }
      return json(200, { access: valid });
    }
    calls.profile += 1;
    const auth = request.headers.get('Authorization');
    if (auth !== `Bearer ${valid}`) return json(401, { detail: 'Given token not valid for any token type' });
    calls.retriedWith.push(auth);
    return json(200, { id: 1, email: 'client@example.com' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

afterEach(() => localStorage.clear());

describe('auth middleware', () => {
  it('sends the stored access token as a bearer token', async () => {
    tokenStore.save({ access: 'fresh-access', refresh: 'r1' });
    const server = fakeServer({ refresh: 'ok' });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const profile = await unwrap(api.GET('/api/v1/profile'));
    expect(profile).toMatchObject({ email: 'client@example.com' });
    expect(server.calls.refresh).toBe(0);
  });

  it('shares one refresh between 20 parallel 401s and retries each request once', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'r1' });
    const server = fakeServer({ refresh: 'ok' });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const results = await Promise.all(Array.from({ length: 20 }, () => unwrap(api.GET('/api/v1/profile'))));
    expect(results).toHaveLength(20);
    expect(server.calls.refresh).toBe(1);
    expect(server.calls.profile).toBe(40);
    expect(tokenStore.accessToken()).toBe('fresh-access');
  });

  it("shares that one refresh with the session machine's own refresh when both happen at once", async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'r1' });
    const server = fakeServer({ refresh: 'ok' });
    const clients = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    // The session loads its profile without a retry, gets 401 and refreshes itself, while 20
    // feature calls get 401 and refresh through the middleware.
    const session = createActor(createSessionLogic(clients)).start();
    const results = await Promise.all(Array.from({ length: 20 }, () => unwrap(clients.api.GET('/api/v1/profile'))));
    await waitFor(session, (s) => s.matches('signedIn'));
    session.stop();
    expect(results).toHaveLength(20);
    expect(server.calls.refresh).toBe(1);
  });

  it('retries with a token another tab or request already refreshed, without refreshing again', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'r1' });
    const seen: (string | null)[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = (async (input: RequestInfo | URL) => {
      const request = input as Request;
      if (new URL(request.url).pathname === '/api/v1/token/refresh') throw new Error('no refresh expected');
      seen.push(request.headers.get('Authorization'));
      if (seen.length === 1) await gate;
      return request.headers.get('Authorization') === 'Bearer fresh-access'
        ? json(200, { id: 1 })
        : json(401, { detail: 'expired' });
    }) as typeof globalThis.fetch;
    const { api } = createApiClients({ baseUrl: 'http://test', fetch });
    const pending = unwrap(api.GET('/api/v1/profile'));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    tokenStore.saveRefreshed({ access: 'fresh-access' });
    release();
    await expect(pending).resolves.toEqual({ id: 1 });
    expect(seen).toEqual(['Bearer expired-access', 'Bearer fresh-access']);
  });

  it('removes both tokens, which the store reports as the end of the session, when the refresh is refused', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'revoked' });
    const server = fakeServer({ refresh: 'refused' });
    const onSignedOut = vi.fn();
    const stop = tokenStore.onSessionChange((hasSession) => hasSession || onSignedOut());
    onTestFinished(stop);
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(onSignedOut).toHaveBeenCalledOnce();
    expect(tokenStore.accessToken()).toBeNull();
    expect(tokenStore.refreshToken()).toBeNull();
  });

  it("fails the refused call with behaviour §8's words and tells the session the server ended it", async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'revoked' });
    const server = fakeServer({ refresh: 'refused' });
    const ends: boolean[] = [];
    const stop = tokenStore.onSessionChange((hasSession, expired) => hasSession || ends.push(expired));
    onTestFinished(stop);
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e);
    expect((failure as ApiError).detail).toBe(SESSION_ENDED_MESSAGE);
    expect(ends).toEqual([true]);
    // A sign-out is the user's doing, not an expiry.
    tokenStore.save({ access: 'a', refresh: 'r' });
    tokenStore.clear();
    expect(ends).toEqual([true, false]);
  });

  it('shows "Authentication required" when the session ends because the server refused the refresh', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'revoked' });
    const server = fakeServer({ refresh: 'refused' });
    const clients = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const session = createActor(createSessionLogic(clients)).start();
    onTestFinished(() => {
      session.stop();
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(noticeQueue.visibleToasts.map((toast) => toast.content)).toEqual([
      { type: 'error', message: SESSION_ENDED_MESSAGE },
    ]);
  });

  it('keeps the tokens when the refresh fails because the network is down', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'r1' });
    const server = fakeServer({ refresh: 'offline' });
    const onSignedOut = vi.fn();
    const stop = tokenStore.onSessionChange((hasSession) => hasSession || onSignedOut());
    onTestFinished(stop);
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e);
    expect((failure as ApiError).message).toBe(NETWORK_MESSAGE);
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(tokenStore.refreshToken()).toBe('r1');
  });

  it('keeps the tokens when the refresh answers 503, and the call reads behaviour §8’s words for it', async () => {
    tokenStore.save({ access: 'expired-access', refresh: 'r1' });
    const server = fakeServer({ refresh: 'unavailable' });
    const { api } = createApiClients({ baseUrl: 'http://test', fetch: server.fetch });
    const failure = (await unwrap(api.GET('/api/v1/profile')).catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(503);
    expect(failure.message).toBe(UNAVAILABLE_MESSAGE);
    expect(failure.retryAfterSeconds).toBe(2);
    expect(tokenStore.refreshToken()).toBe('r1');
  });

  it('never sends a bearer token to the sign-in call', async () => {
    tokenStore.save({ access: 'fresh-access', refresh: 'r1' });
    const seen: (string | null)[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      seen.push((input as Request).headers.get('Authorization'));
      return json(200, { access: 'a', refresh: 'r' });
    }) as typeof globalThis.fetch;
    const { api } = createApiClients({ baseUrl: 'http://test', fetch });
    await unwrap(api.POST('/api/v1/token', { body: { email: 'a@b.c', password: 'x' } }));
    expect(seen).toEqual([null]);
  });
});
