// @vitest-environment jsdom
/**
 * Every simple path of the session machine, replayed on the real effects: the app's session logic
 * (src/core/session/session.implementations.ts), the real API clients and the real token store, with the
 * server scripted by the path. After each step the invariants are checked against the store
 * itself, so "signed out" means the tokens are gone from storage, not that a flag says so.
 */
import { sessionMachine } from '@machines/session/session.machine';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type EventObject, waitFor } from 'xstate';
import { createApiClients } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { createSessionLogic } from '@/core/session/session.implementations';
import { aProfile } from '../../support/fixtures';
import { statesReached, stateValues } from '../../support/machine-paths';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

const profile = aProfile({ id: 2, email: 'seller@example.com', first_name: 'Sam', permissions: ['add_offer'] });
const unauthorized = { status: 401 };
const offline = { offline: true };

const events = [
  { type: 'session.signIn', credentials: { email: 'seller@example.com', password: 'pw' } },
  { type: 'session.signOut' },
  { type: 'session.expired' },
  { type: 'session.resumed' },
  { type: 'session.retry' },
  { type: 'profile.changed', profile: { ...profile, first_name: 'Samira' } },
  actorDone('loadProfile', profile),
  actorFailed('loadProfile', unauthorized),
  actorFailed('loadProfile', offline),
  actorDone('refreshAccess', 'refreshed'),
  actorDone('refreshAccess', 'refused'),
  actorFailed('refreshAccess', offline),
  actorDone('signIn', { access: 'a', refresh: 'r' }),
  actorDone('signIn', { access: 'a' }),
  actorFailed('signIn', unauthorized),
  actorDone('signOut', undefined),
  actorFailed('signOut', offline),
] as const;

/** The request each invoked actor makes. */
const ENDPOINTS: Record<string, string> = {
  loadProfile: 'GET /api/v1/profile',
  refreshAccess: 'POST /api/v1/token/refresh',
  signIn: 'POST /api/v1/token',
  signOut: 'POST /api/v1/token/blacklist',
};

/** The server's answer that makes the actor finish as the path says. */
function answerFor(event: EventObject & { output?: unknown; error?: unknown }): Response | 'offline' {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (event.type.startsWith('xstate.error.actor.')) return event.error === offline ? 'offline' : json(401, {});
  if (event.output === 'refreshed') return json(200, { access: 'fresh-access' });
  if (event.output === 'refused') return json(401, { detail: 'Token is invalid or expired' });
  return json(200, event.output ?? {});
}

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: unknown };
  if ('output' in e && e.output !== undefined)
    return `${e.type.replace('xstate.done.actor.', '')}:${JSON.stringify(e.output).slice(0, 30)}`;
  if ('error' in e) return `${e.type.replace('xstate.error.actor.', '')}!${e.error === offline ? 'offline' : '401'}`;
  return e.type;
};

/** What another tab does to the shared storage; the `storage` event reaches this tab. */
function otherTab(change: 'signIn' | 'signOut') {
  const key = 'marketplace:refresh-token';
  if (change === 'signIn') {
    localStorage.setItem('marketplace:access-token', JSON.stringify('other-access'));
    localStorage.setItem(key, JSON.stringify('other-refresh'));
  } else {
    localStorage.removeItem('marketplace:access-token');
    localStorage.removeItem(key);
  }
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
}

type SessionState = ReturnType<ReturnType<typeof createActor<typeof sessionMachine>>['getSnapshot']>;

/** Replays `path`, calling `check` after each step while the store is as that step left it. */
async function replay(
  path: { steps: { state: { value: unknown }; event: EventObject }[] },
  check: (state: SessionState) => void,
) {
  const pending = new Map<string, (answer: Response | 'offline') => void>();
  const fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const endpoint = `${request.method} ${new URL(request.url).pathname}`;
    const answer = await new Promise<Response | 'offline'>((resolve) => pending.set(endpoint, resolve));
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return answer;
  }) as typeof globalThis.fetch;
  const actor = createActor(createSessionLogic(createApiClients({ baseUrl: 'http://test', fetch }))).start();
  try {
    for (const { state, event } of path.steps) {
      if (event.type === 'xstate.init') {
        // nothing to do: the actor started above
      } else if (event.type === 'session.expired') otherTab('signOut');
      else if (event.type === 'session.resumed') otherTab('signIn');
      else if (event.type.startsWith('xstate.')) {
        const endpoint = ENDPOINTS[event.type.split('.').at(-1) ?? ''] ?? '';
        await vi.waitFor(() => expect(pending.has(endpoint), `${endpoint} was called`).toBe(true));
        const answer = pending.get(endpoint);
        pending.delete(endpoint);
        answer?.(answerFor(event));
      } else actor.send(event as Parameters<typeof actor.send>[0]);
      const expected = JSON.stringify(state.value);
      check(await waitFor(actor, (s) => JSON.stringify(s.value) === expected, { timeout: 1000 }));
    }
  } finally {
    actor.stop();
  }
}

afterEach(() => localStorage.clear());

describe.each([
  ['both tokens stored', true],
  ['no tokens stored', false],
])('session paths starting with %s', (_, stored) => {
  // The traversal's guards: stored tokens as given; whenever a load fails, a refresh token is
  // stored (true for these starts: only a sign-in or another tab's sign-in leads back to a load).
  const model = sessionMachine.provide({ guards: { hasStoredTokens: () => stored, hasRefreshToken: () => true } });
  const paths = simplePaths(model, {
    input: undefined,
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.profile?.first_name]),
  });

  it.each(paths.map((path) => [pathName(path, label), path] as const))(
    '%s keeps the session invariants',
    async (_, path) => {
      if (stored) tokenStore.save({ access: 'access', refresh: 'refresh' });
      await replay(path, (state) => {
        // The profile is set exactly while signed in (or signing out of it).
        const signedIn = state.matches('signedIn') || state.matches('signingOut');
        expect(state.context.profile !== null).toBe(signedIn);
        if (signedIn) expect(tokenStore.hasTokens()).toBe(true);
        // Signed out means both tokens are gone from storage (behaviour: a refused refresh removes both).
        if (state.matches({ signedOut: 'idle' }) || state.matches({ signedOut: 'signingIn' })) {
          expect(tokenStore.accessToken()).toBeNull();
          expect(tokenStore.refreshToken()).toBeNull();
        }
        // Busy states accept no sign-in: no double submit.
        if (state.hasTag('busy'))
          expect(state.can({ type: 'session.signIn', credentials: { email: '', password: '' } })).toBe(false);
        // A failure to reach the server never drops the tokens.
        if (state.matches('failed')) expect(tokenStore.refreshToken()).not.toBeNull();
      });
    },
  );

  it('has paths to check', () => {
    expect(paths.length).toBeGreaterThan(0);
  });
});

it('reaches every state of the machine from some start', () => {
  const paths = [true, false].flatMap((stored) => {
    const model = sessionMachine.provide({ guards: { hasStoredTokens: () => stored, hasRefreshToken: () => true } });
    return simplePaths(model, { input: undefined, events });
  });
  expect(statesReached(paths)).toEqual(
    stateValues([
      { loading: { refresh: 'unused', call: 'profile' } },
      { loading: { refresh: 'used', call: 'refreshing' } },
      { loading: { refresh: 'used', call: 'profile' } },
      'failed',
      'signedIn',
      'signingOut',
      { signedOut: 'idle' },
      { signedOut: 'signingIn' },
    ]),
  );
});
