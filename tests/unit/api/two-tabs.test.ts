// @vitest-environment jsdom
/**
 * Two tabs whose access token expired at once, against a back end that rotates refresh tokens and
 * refuses a rotated-out one (SimpleJWT's ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION).
 * Each tab is the app's API layer loaded on its own (its own modules, as a second tab has), both on
 * one localStorage and one lock manager, as the tabs of one browser are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TabLocks } from '@/api/refresh-lock';
import { blacklisted, expiredWithSessionFirst, TOKENS } from '../../support/drf-answers';

const json = ({ status, body }: { status: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A SimpleJWT back end with rotation: each refresh token works once; only the newest access token works. */
function rotatingServer() {
  let generation = 1;
  let validAccess = TOKENS.access;
  const live = new Set([TOKENS.refresh]);
  const seen = { refreshes: 0, refused: 0, profiles: 0 };
  const fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/token/refresh') {
      seen.refreshes += 1;
      const { refresh } = (await request.json()) as { refresh: string };
      const accepted = live.delete(refresh);
      if (accepted) {
        generation += 1;
        validAccess = `${TOKENS.access}.g${generation}`;
        live.add(`${TOKENS.refresh}.g${generation}`);
      }
      // Every answer takes a moment, so the tabs' calls overlap; a refusal comes after the answer
      // that rotated the token has been read.
      await new Promise((resolve) => setTimeout(resolve, accepted ? 20 : 60));
      if (!accepted) {
        seen.refused += 1;
        return json(blacklisted);
      }
      return json({
        status: 200,
        body: { access: `${TOKENS.access}.g${generation}`, refresh: `${TOKENS.refresh}.g${generation}` },
      });
    }
    seen.profiles += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (request.headers.get('Authorization') !== `Bearer ${validAccess}`) return json(expiredWithSessionFirst);
    return json({ status: 200, body: { id: 7, email: 'seller@example.com' } });
  }) as typeof globalThis.fetch;
  return { fetch, seen, liveRefresh: () => [...live] };
}

/** One browser's Web Locks: one holder per name, the others wait in turn. */
function sharedLocks(): TabLocks {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name, _options, callback) {
      const before = queues.get(name) ?? Promise.resolve();
      const run = before.then(callback, callback);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A tab: the API layer's modules loaded afresh (a tab has its own), on the shared storage. */
async function openTab(fetch: typeof globalThis.fetch, locks: TabLocks | null) {
  vi.resetModules();
  const { createApiClients } = await import('@/api/client');
  const { tokenStore } = await import('@/api/token-store');
  const { unwrap } = await import('@/api/unwrap');
  const clients = createApiClients({ baseUrl: 'http://test', fetch, locks });
  const ends: boolean[] = [];
  const stop = tokenStore.onSessionChange((hasSession) => hasSession || ends.push(true));
  return {
    tokenStore,
    ends,
    stop,
    /** `count` calls at once, as the lists of a page reading after the token expired. */
    load: (count: number) =>
      Promise.all(Array.from({ length: count }, () => unwrap(clients.api.GET('/api/v1/profile')))),
  };
}

async function twoTabsExpiredTogether(locks: () => TabLocks | null) {
  localStorage.setItem('marketplace:access-token', JSON.stringify(TOKENS.expiredAccess));
  localStorage.setItem('marketplace:refresh-token', JSON.stringify(TOKENS.refresh));
  const server = rotatingServer();
  const shared = locks();
  const first = await openTab(server.fetch, shared);
  const second = await openTab(server.fetch, shared);
  const answers = await Promise.all([first.load(5), second.load(5)]);
  first.stop();
  second.stop();
  return { server, first, second, answers };
}

afterEach(() => localStorage.clear());

describe('two tabs refreshing at the same moment', () => {
  it.each([
    ['the browser’s Web Locks', sharedLocks],
    ['the storage lease (a page without Web Locks)', () => null],
  ])('never sign the user out, with %s: one refresh, and the other tab adopts the new pair', async (_, locks) => {
    const { server, first, second, answers } = await twoTabsExpiredTogether(locks);
    expect(answers.flat()).toHaveLength(10);
    expect(server.seen.refreshes).toBe(1);
    expect(server.seen.refused).toBe(0);
    // Both tabs keep the session, and storage holds the one refresh token the server still takes.
    expect([...first.ends, ...second.ends]).toEqual([]);
    expect(server.liveRefresh()).toEqual([JSON.parse(localStorage.getItem('marketplace:refresh-token') ?? 'null')]);
    expect(first.tokenStore.accessToken()).toBe(second.tokenStore.accessToken());
  });

  it('adopts the pair another tab stored when the lock could not hold that tab off and its refresh was refused', async () => {
    // Each tab takes the "lock" at once: both send the same refresh token, the server rotates it for
    // the first and refuses the second, which finds the first one's pair already stored.
    const noExclusion: TabLocks = { request: (_name, _options, callback) => callback() };
    const { server, first, second, answers } = await twoTabsExpiredTogether(() => noExclusion);
    expect(server.seen.refreshes).toBe(2);
    expect(server.seen.refused).toBe(1);
    expect(answers.flat()).toHaveLength(10);
    expect([...first.ends, ...second.ends]).toEqual([]);
    expect(server.liveRefresh()).toEqual([JSON.parse(localStorage.getItem('marketplace:refresh-token') ?? 'null')]);
  });

  it('keeps refreshing with the newest token: the second expiry refreshes again without a sign-out', async () => {
    const { server, first, second } = await twoTabsExpiredTogether(sharedLocks);
    // The access token expires again: the server now takes only the rotated refresh token.
    const stored = JSON.parse(localStorage.getItem('marketplace:refresh-token') ?? 'null');
    localStorage.setItem('marketplace:access-token', JSON.stringify(TOKENS.expiredAccess));
    const again = await openTab(server.fetch, sharedLocks());
    await expect(again.load(3)).resolves.toHaveLength(3);
    again.stop();
    expect(server.seen.refreshes).toBe(2);
    expect(server.seen.refused).toBe(0);
    expect(JSON.parse(localStorage.getItem('marketplace:refresh-token') ?? 'null')).not.toBe(stored);
    expect([...first.ends, ...second.ends, ...again.ends]).toEqual([]);
  });
});
