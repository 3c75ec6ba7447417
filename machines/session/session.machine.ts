/**
 * The session (SPEC section 4 "Session"). The app starts it with whether tokens are stored; it
 * loads the profile, refreshes the access token once when that fails while a refresh token is
 * stored, signs in and out. Emits `session.signedIn` after a sign-in (the app goes to `/`),
 * `session.signInFailed` with the message to show, `session.signedOut`.
 * Invariant: `profile` is set exactly in `signedIn`; a network failure is never a sign-out.
 */
import { assign, emit, setup } from 'xstate';
import { fieldErrorsOf, messageOf } from '../shared/message-of';
import { notProvided } from '../shared/not-provided';
import type {
  Credentials,
  RefreshOutcome,
  SessionEmitted,
  SessionEvent,
  SessionProfile,
  SignInAnswer,
} from './session.types';

export const SIGN_IN_FALLBACK = 'Invalid email or password';
export const NO_TOKENS_MESSAGE = 'Something wrong';

const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;

export const sessionMachine = setup({
  types: {
    input: {} as { hasAccessToken: boolean; hasRefreshToken: boolean },
    context: {} as {
      /** The signed-in user; null unless in `signedIn`. */
      profile: SessionProfile | null;
      /** Why the last profile load failed (network, server); shown with a retry button. */
      problem: string | null;
      /** Whether the token store holds each token; the app keeps these in step with storage. */
      hasAccessToken: boolean;
      hasRefreshToken: boolean;
    },
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /** busy: a call is in flight (loading view, pending sign-in button). */
    tags: {} as 'busy',
  },
  actors: {
    loadProfile: notProvided<SessionProfile>('loadProfile'),
    refreshAccess: notProvided<RefreshOutcome>('refreshAccess'),
    signIn: notProvided<SignInAnswer, Credentials>('signIn'),
    signOut: notProvided<void>('signOut'),
  },
  actions: {
    storeTokens: (_, _tokens: { access: string; refresh: string }) => {},
    clearTokens: () => {},
    noteTokensStored: assign({ hasAccessToken: true, hasRefreshToken: true }),
    noteTokensGone: assign({ hasAccessToken: false, hasRefreshToken: false }),
    keepProfile: assign((_, profile: SessionProfile) => ({ profile, problem: null })),
    dropProfile: assign({ profile: null }),
    noteProblem: assign((_, params: { error: unknown }) => ({
      problem: messageOf(params.error, 'The profile could not be loaded.'),
    })),
    announceSignedIn: emit((_, profile: SessionProfile) => ({ type: 'session.signedIn' as const, profile })),
    announceSignedOut: emit({ type: 'session.signedOut' as const }),
    announceSignInFailed: emit((_, params: { error: unknown }) => ({
      type: 'session.signInFailed' as const,
      message: messageOf(params.error, SIGN_IN_FALLBACK),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    announceNoTokens: emit({
      type: 'session.signInFailed' as const,
      message: NO_TOKENS_MESSAGE,
      fieldErrors: {},
    }),
  },
  guards: {
    hasTokens: ({ context }) => context.hasAccessToken || context.hasRefreshToken,
    canRefresh: ({ context }, params: { error: unknown }) => isUnauthorized(params.error) && context.hasRefreshToken,
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isRefreshed: (_, outcome: RefreshOutcome) => outcome === 'refreshed',
    hasBothTokens: (_, answer: SignInAnswer) => Boolean(answer.access && answer.refresh),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ profile: null, problem: null, ...input }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasTokens', target: 'loadingProfile' }, { target: 'signedOut' }],
    },
    loadingProfile: {
      tags: 'busy',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'signedIn', actions: { type: 'keepProfile', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'canRefresh', params: ({ event }) => ({ error: event.error }) },
            target: 'refreshing',
          },
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['clearTokens', 'noteTokensGone'],
          },
          { target: 'failed', actions: { type: 'noteProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    refreshing: {
      tags: 'busy',
      invoke: {
        id: 'refreshAccess',
        src: 'refreshAccess',
        onDone: [
          { guard: { type: 'isRefreshed', params: ({ event }) => event.output }, target: 'reloadingProfile' },
          { target: 'signedOut', actions: ['clearTokens', 'noteTokensGone'] },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'noteProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    reloadingProfile: {
      tags: 'busy',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'signedIn', actions: { type: 'keepProfile', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: ['clearTokens', 'noteTokensGone'],
          },
          { target: 'failed', actions: { type: 'noteProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: { 'session.retry': 'loadingProfile', 'session.expired': { target: 'signedOut', actions: 'noteTokensGone' } },
    },
    signedOut: {
      entry: 'dropProfile',
      initial: 'idle',
      on: { 'session.resumed': { target: '#session.loadingProfile', actions: 'noteTokensStored' } },
      states: {
        idle: {
          on: { 'session.signIn': 'signingIn' },
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
                target: 'loadingNewProfile',
                actions: [
                  {
                    type: 'storeTokens',
                    params: ({ event }) => ({ access: event.output.access ?? '', refresh: event.output.refresh ?? '' }),
                  },
                  'noteTokensStored',
                ],
              },
              { target: 'idle', actions: 'announceNoTokens' },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'announceSignInFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingNewProfile: {
          tags: 'busy',
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'keepProfile', params: ({ event }) => event.output },
                { type: 'announceSignedIn', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'clearTokens',
                'noteTokensGone',
                { type: 'announceSignInFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    signedIn: {
      on: {
        'session.signOut': 'signingOut',
        'session.expired': { target: 'signedOut', actions: ['noteTokensGone', 'announceSignedOut'] },
        // Another tab signed in (perhaps as someone else): the stored tokens are theirs now.
        'session.resumed': { target: 'loadingProfile', actions: ['dropProfile', 'noteTokensStored'] },
        'profile.changed': { actions: { type: 'keepProfile', params: ({ event }) => event.profile } },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Revoking the refresh token is best effort: the tokens go either way.
        onDone: { target: 'signedOut', actions: ['clearTokens', 'noteTokensGone', 'announceSignedOut'] },
        onError: { target: 'signedOut', actions: ['clearTokens', 'noteTokensGone', 'announceSignedOut'] },
      },
    },
  },
});
