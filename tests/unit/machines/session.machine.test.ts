import { NO_TOKENS_MESSAGE, SIGN_IN_FALLBACK, sessionMachine } from '@machines/session/session.machine';
import type { Profile, RefreshOutcome, SignInAnswer } from '@machines/session/session.types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { aProfile } from '../../support/fixtures';

const profile = aProfile({ id: 1, email: 'client@example.com' });
const unauthorized = Object.assign(new Error(''), { status: 401, detail: 'Token expired' });
const offline = new Error('Cannot reach the server. Check your connection and try again.');

function startSession(options: {
  tokens?: { access: boolean; refresh: boolean };
  loadProfile?: () => Promise<Profile>;
  refreshAccess?: () => Promise<RefreshOutcome>;
  signIn?: () => Promise<SignInAnswer>;
}) {
  // A fake token store: what the guards ask and the actions change.
  const stored = { ...(options.tokens ?? { access: true, refresh: true }) };
  const effects = {
    storeTokens: vi.fn((_tokens: unknown) => Object.assign(stored, { access: true, refresh: true })),
    clearTokens: vi.fn(() => Object.assign(stored, { access: false, refresh: false })),
    expireTokens: vi.fn(() => Object.assign(stored, { access: false, refresh: false })),
    signOut: vi.fn(async () => {}),
  };
  const loadProfile = vi.fn(options.loadProfile ?? (async () => profile));
  const refreshAccess = vi.fn(options.refreshAccess ?? (async () => 'refreshed' as const));
  const machine = sessionMachine.provide({
    actors: {
      watchTokens: fromCallback(() => {}),
      loadProfile: fromPromise(loadProfile),
      refreshAccess: fromPromise(refreshAccess),
      signIn: fromPromise(options.signIn ?? (async () => ({ access: 'a', refresh: 'r' }))),
      signOut: fromPromise(effects.signOut),
    },
    actions: {
      saveTokens: (_, tokens) => effects.storeTokens(tokens),
      forgetTokens: effects.clearTokens,
      expireTokens: effects.expireTokens,
    },
    guards: { hasStoredTokens: () => stored.access || stored.refresh, hasRefreshToken: () => stored.refresh },
  });
  const actor = createActor(machine);
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, effects, loadProfile, refreshAccess, emitted, stored };
}

describe('session machine', () => {
  it('starts signed out without stored tokens, loading nothing', () => {
    const { actor, loadProfile } = startSession({ tokens: { access: false, refresh: false } });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(loadProfile).not.toHaveBeenCalled();
    actor.stop();
  });

  it('shows the loading state while the profile loads, then signs in with it', async () => {
    const { actor } = startSession({});
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signedIn.context.profile).toEqual(profile);
    actor.stop();
  });

  it('refreshes the access token and reloads the profile when the load fails with a refresh token stored', async () => {
    const loads = [Promise.reject(unauthorized), Promise.resolve(profile)];
    const { actor, refreshAccess, loadProfile } = startSession({
      loadProfile: () => loads.shift() ?? Promise.reject(offline),
    });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(refreshAccess).toHaveBeenCalledOnce();
    expect(loadProfile).toHaveBeenCalledTimes(2);
    expect(snapshot.context.profile?.email).toBe('client@example.com');
    actor.stop();
  });

  it('signs out when the refresh is refused with 401 (the refresh removes both tokens)', async () => {
    const { actor, refreshAccess } = startSession({
      loadProfile: () => Promise.reject(unauthorized),
      refreshAccess: async () => 'refused',
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(refreshAccess).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.profile).toBeNull();
    actor.stop();
  });

  it('refreshes once per load: a second 401 after a refresh ends the session as refused by the server', async () => {
    const { actor, refreshAccess, effects, stored } = startSession({ loadProfile: () => Promise.reject(unauthorized) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(refreshAccess).toHaveBeenCalledOnce();
    expect(effects.expireTokens).toHaveBeenCalledOnce();
    expect(effects.clearTokens).not.toHaveBeenCalled();
    expect(stored).toEqual({ access: false, refresh: false });
    actor.stop();
  });

  it('signs out without a refresh when the profile is refused and no refresh token is stored', async () => {
    const { actor, refreshAccess, effects } = startSession({
      tokens: { access: true, refresh: false },
      loadProfile: () => Promise.reject(unauthorized),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(refreshAccess).not.toHaveBeenCalled();
    expect(effects.expireTokens).toHaveBeenCalledOnce();
    actor.stop();
  });

  it('treats a network failure as a problem to retry, not a sign-out', async () => {
    const loads = [Promise.reject(offline), Promise.resolve(profile)];
    const { actor, effects } = startSession({ loadProfile: () => loads.shift() ?? Promise.reject(offline) });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.problem).toBe(offline.message);
    expect(effects.clearTokens).not.toHaveBeenCalled();
    actor.send({ type: 'session.retry' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.stop();
  });

  it('lets the user sign in again while the profile cannot be loaded: the stored session goes', async () => {
    const { actor, effects, emitted } = startSession({ loadProfile: () => Promise.reject(offline) });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(effects.clearTokens).toHaveBeenCalledOnce();
    // Signing out of a session that never loaded revokes nothing and announces nothing.
    expect(effects.signOut).not.toHaveBeenCalled();
    expect(emitted).not.toContain('session.signedOut');
    actor.stop();
  });

  it('signs in from the sign-in page while the stored session cannot be loaded', async () => {
    const loads = [Promise.reject(offline), Promise.resolve(profile)];
    const { actor, effects, emitted } = startSession({ loadProfile: () => loads.shift() ?? Promise.reject(offline) });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'session.signIn', credentials: { email: 'client@example.com', password: 'pw' } });
    expect(actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true);
    expect(effects.clearTokens).toHaveBeenCalledOnce();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(emitted).toContain('session.signedIn');
    actor.stop();
  });

  it('stores both tokens from a sign-in, announces the sign-in and loads the profile', async () => {
    const { actor, effects, emitted, loadProfile } = startSession({ tokens: { access: false, refresh: false } });
    actor.send({ type: 'session.signIn', credentials: { email: 'client@example.com', password: 'pw' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(loadProfile).toHaveBeenCalledOnce();
    expect(effects.storeTokens).toHaveBeenCalledWith({ access: 'a', refresh: 'r' });
    expect(emitted).toContain('session.signedIn');
    actor.stop();
  });

  it("says 'Something wrong' when the sign-in answer lacks a token", async () => {
    const { actor, effects } = startSession({
      tokens: { access: false, refresh: false },
      signIn: async () => ({ access: 'a' }),
    });
    const failure = new Promise((resolve) => actor.on('session.signInFailed', resolve));
    actor.send({ type: 'session.signIn', credentials: { email: 'a@b.c', password: 'pw' } });
    expect(await failure).toMatchObject({ message: NO_TOKENS_MESSAGE });
    expect(effects.storeTokens).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    actor.stop();
  });

  it('reports a refused sign-in with the server detail, or the fallback, and the field errors', async () => {
    const refused = Object.assign(new Error(''), {
      status: 400,
      fieldErrors: { email: 'Enter a valid email address.' },
    });
    const { actor } = startSession({
      tokens: { access: false, refresh: false },
      signIn: () => Promise.reject(refused),
    });
    const failure = new Promise((resolve) => actor.on('session.signInFailed', resolve));
    actor.send({ type: 'session.signIn', credentials: { email: 'nope', password: 'pw' } });
    expect(await failure).toEqual({
      type: 'session.signInFailed',
      message: SIGN_IN_FALLBACK,
      fieldErrors: { email: 'Enter a valid email address.' },
    });
    actor.stop();
  });

  it('signs out: revokes, clears the tokens, announces it', async () => {
    const { actor, effects, emitted } = startSession({});
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(effects.signOut).toHaveBeenCalledOnce();
    expect(effects.clearTokens).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(emitted).toContain('session.signedOut');
    actor.stop();
  });

  it('reloads the profile when another tab signs in while this one is signed in', async () => {
    const other = { ...profile, id: 9, email: 'client2@example.com' };
    const loads = [Promise.resolve(profile), Promise.resolve(other)];
    const { actor } = startSession({ loadProfile: () => loads.shift() ?? Promise.reject(offline) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.resumed' });
    const after = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(after.context.profile?.email).toBe('client2@example.com');
    actor.stop();
  });

  it('follows another tab: signed out there means signed out here, signed in there loads the profile here', async () => {
    const { actor } = startSession({});
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    actor.send({ type: 'session.resumed' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.stop();
  });
});
