/**
 * The session (behaviour §4 "Session"). It loads the profile when tokens are stored; when that
 * load fails with 401 it refreshes the access token once and loads again; a refused refresh ends
 * the session. It signs in and out, and follows the token store, which reports sessions that
 * begin or end in other tabs. Emits `session.signedIn` once a sign-in stored both tokens (the app
 * goes to `/`), `session.signInFailed` with the message to show, and `session.signedOut`.
 * Invariants: `profile` is set exactly in `signedIn` and `signingOut`; the tokens themselves live
 * in the token store, never here; a network failure is never a sign-out; no state keeps the user
 * from signing in (a profile that cannot be loaded still lets them sign in again).
 */
import { and, assign, emit, setup, stateIn } from 'xstate';
import { fieldErrorsOf, messageOf } from '../shared/message-of';
import { notProvided, notProvidedSubscription } from '../shared/not-provided';
import type {
  Credentials,
  Profile,
  RefreshOutcome,
  SessionEmitted,
  SessionEvent,
  SignInAnswer,
  TokenEvent,
} from './session.types';

export const SIGN_IN_FALLBACK = 'Invalid email or password';
export const NO_TOKENS_MESSAGE = 'Something wrong';
const LOAD_FALLBACK = 'The profile could not be loaded.';

type Failure = { error: unknown };
const isUnauthorized = ({ error }: Failure) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

export const sessionMachine = setup({
  types: {
    context: {} as {
      /** The signed-in user; null unless signed in. */
      profile: Profile | null;
      /** Why the last profile load failed (network, server); shown with a retry button. */
      problem: string | null;
    },
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /** busy: a call is in flight (loading view, pending sign-in button). */
    tags: {} as 'busy',
  },
  actors: {
    watchTokens: notProvidedSubscription<TokenEvent>('watchTokens'),
    loadProfile: notProvided<Profile>('loadProfile'),
    refreshAccess: notProvided<RefreshOutcome>('refreshAccess'),
    signIn: notProvided<SignInAnswer, Credentials>('signIn'),
    signOut: notProvided<void>('signOut'),
  },
  actions: {
    /** Effects on the token store, provided by the app. */
    saveTokens: (_, _tokens: { access: string; refresh: string }) => {},
    forgetTokens: () => {},
    /** The server refused the session: the tokens go, and the user is told so (behaviour §8). */
    expireTokens: () => {},
    keepProfile: assign((_, profile: Profile) => ({ profile, problem: null })),
    dropProfile: assign({ profile: null }),
    noteProblem: assign((_, params: Failure) => ({ problem: messageOf(params.error, LOAD_FALLBACK) })),
    announceSignedIn: emit({ type: 'session.signedIn' as const }),
    announceSignedOut: emit({ type: 'session.signedOut' as const }),
    announceSignInFailed: emit((_, params: Failure) => ({
      type: 'session.signInFailed' as const,
      message: messageOf(params.error, SIGN_IN_FALLBACK),
      fieldErrors: fieldErrorsOf<Credentials>(params.error),
    })),
    announceNoTokens: emit({ type: 'session.signInFailed' as const, message: NO_TOKENS_MESSAGE, fieldErrors: {} }),
  },
  guards: {
    /** Asks the token store, provided by the app. */
    hasStoredTokens: () => false,
    hasRefreshToken: () => false,
    isUnauthorized: (_, params: Failure) => isUnauthorized(params),
    isRefreshed: (_, outcome: RefreshOutcome) => outcome === 'refreshed',
    hasBothTokens: (_, answer: SignInAnswer) => Boolean(answer.access && answer.refresh),
  },
}).createMachine({
  id: 'session',
  context: { profile: null, problem: null },
  invoke: { id: 'watchTokens', src: 'watchTokens' },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasStoredTokens', target: 'loading' }, { target: 'signedOut' }],
    },
    loading: {
      tags: 'busy',
      entry: 'dropProfile',
      type: 'parallel',
      states: {
        /** One refresh per load: a second 401 after it ends the session instead of looping. */
        refresh: { initial: 'unused', states: { unused: {}, used: {} } },
        call: {
          initial: 'profile',
          states: {
            profile: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: {
                  target: '#session.signedIn',
                  actions: { type: 'keepProfile', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'unauthorized',
                  },
                  { target: '#session.failed', actions: { type: 'noteProblem', params: ({ event }) => event } },
                ],
              },
            },
            unauthorized: {
              always: [
                // behaviour §4: a failed load while a refresh token is stored refreshes, then loads again.
                {
                  guard: and(['hasRefreshToken', stateIn('#session.loading.refresh.unused')]),
                  target: ['refreshing', '#session.loading.refresh.used'],
                },
                { target: '#session.signedOut', actions: 'expireTokens' },
              ],
            },
            refreshing: {
              invoke: {
                id: 'refreshAccess',
                src: 'refreshAccess',
                onDone: [
                  { guard: { type: 'isRefreshed', params: ({ event }) => event.output }, target: 'profile' },
                  // The refresh removed both tokens when the server refused it.
                  { target: '#session.signedOut' },
                ],
                onError: {
                  target: '#session.failed',
                  actions: { type: 'noteProblem', params: ({ event }) => event },
                },
              },
            },
          },
        },
      },
    },
    failed: {
      on: {
        'session.retry': 'loading',
        'session.expired': 'signedOut',
        'session.resumed': 'loading',
        // Signing in again, from the problem screen or the sign-in page, replaces the stored session.
        'session.signOut': { target: 'signedOut', actions: 'forgetTokens' },
        'session.signIn': { target: '#session.signedOut.signingIn', actions: 'forgetTokens' },
      },
    },
    signedOut: {
      entry: 'dropProfile',
      initial: 'idle',
      states: {
        idle: {
          on: { 'session.signIn': 'signingIn', 'session.resumed': '#session.loading' },
        },
        signingIn: {
          tags: 'busy',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => (event.type === 'session.signIn' ? event.credentials : { email: '', password: '' }),
            onDone: [
              {
                guard: { type: 'hasBothTokens', params: ({ event }) => event.output },
                target: '#session.loading',
                actions: [
                  {
                    type: 'saveTokens',
                    params: ({ event }) => ({ access: event.output.access ?? '', refresh: event.output.refresh ?? '' }),
                  },
                  'announceSignedIn',
                ],
              },
              { target: 'idle', actions: 'announceNoTokens' },
            ],
            onError: { target: 'idle', actions: { type: 'announceSignInFailed', params: ({ event }) => event } },
          },
        },
      },
    },
    signedIn: {
      on: {
        'session.signOut': 'signingOut',
        'session.expired': { target: 'signedOut', actions: 'announceSignedOut' },
        'session.resumed': 'loading',
        'profile.changed': { actions: { type: 'keepProfile', params: ({ event }) => event.profile } },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Revoking the refresh token is best effort: the tokens go either way.
        onDone: { target: 'signedOut', actions: ['forgetTokens', 'announceSignedOut'] },
        onError: { target: 'signedOut', actions: ['forgetTokens', 'announceSignedOut'] },
      },
    },
  },
});
