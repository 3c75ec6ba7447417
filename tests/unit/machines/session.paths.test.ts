import { sessionMachine } from '@machines/session/session.machine';
import type { SessionProfile } from '@machines/session/session.types';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { actorDone, actorFailed, pathName, simplePaths } from '../../support/xstate';

const profile: SessionProfile = {
  id: 2,
  email: 'seller@example.com',
  first_name: 'Sam',
  last_name: 'Seller',
  phone: '',
  company: '',
  permissions: ['add_offer'],
  is_superuser: false,
  is_verified: true,
  date_joined: '2026-01-01T00:00:00Z',
};
const unauthorized = { status: 401, detail: 'expired' };
const offline = new Error('offline');

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

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: unknown };
  if ('output' in e && e.output !== undefined)
    return `${e.type.replace('xstate.done.actor.', '')}:${JSON.stringify(e.output).slice(0, 30)}`;
  if ('error' in e) return `${e.type.replace('xstate.error.actor.', '')}!${e.error === offline ? 'offline' : '401'}`;
  return e.type;
};

const stateName = (value: unknown) => JSON.stringify(value);

describe.each([
  ['both tokens stored', { hasAccessToken: true, hasRefreshToken: true }],
  ['only an access token stored', { hasAccessToken: true, hasRefreshToken: false }],
  ['no tokens stored', { hasAccessToken: false, hasRefreshToken: false }],
])('session paths starting with %s', (_, input) => {
  const paths = simplePaths(sessionMachine, {
    input,
    events,
    // Token flags and the profile are part of the state: sign-in and sign-out change them.
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.hasAccessToken, s.context.hasRefreshToken, s.context.profile?.first_name]),
  });

  it.each(paths.map((path) => [pathName(path, label), path] as const))('%s keeps the session invariants', (_, path) => {
    for (const { state } of path.steps) {
      // The profile is set exactly while signed in (or signing out of it).
      const signedIn = state.matches('signedIn') || state.matches('signingOut');
      expect(state.context.profile !== null).toBe(signedIn);
      // Signed out means both tokens are gone (SPEC: a refused refresh removes both).
      if (state.matches({ signedOut: 'idle' }) || state.matches({ signedOut: 'signingIn' })) {
        expect(state.context.hasAccessToken || state.context.hasRefreshToken).toBe(false);
      }
      // Busy states accept no sign-in: no double submit.
      if (state.hasTag('busy'))
        expect(state.can({ type: 'session.signIn', credentials: { email: '', password: '' } })).toBe(false);
      // A failure to reach the server never drops the tokens.
      if (state.matches('failed')) expect(state.context.hasAccessToken || state.context.hasRefreshToken).toBe(true);
    }
  });

  it('has paths to check', () => {
    expect(paths.length).toBeGreaterThan(0);
  });
});

it('reaches every state of the machine from some start', () => {
  const reached = new Set<string>();
  for (const input of [
    { hasAccessToken: true, hasRefreshToken: true },
    { hasAccessToken: false, hasRefreshToken: false },
  ]) {
    for (const path of simplePaths(sessionMachine, { input, events })) {
      for (const step of path.steps) reached.add(stateName(step.state.value));
    }
  }
  expect(reached).toEqual(
    new Set(
      [
        'loadingProfile',
        'refreshing',
        'reloadingProfile',
        'failed',
        'signedIn',
        'signingOut',
        { signedOut: 'idle' },
        { signedOut: 'signingIn' },
        { signedOut: 'loadingNewProfile' },
      ].map(stateName),
    ),
  );
});
