import type { components } from '@openapi/schema';
import type { FieldErrors } from '../shared/message-of';

export type Profile = components['schemas']['Profile'];
export type Credentials = components['schemas']['LoginRequest'];

/** What the sign-in call answered; either token may be missing from a misbehaving server. */
export type SignInAnswer = Partial<components['schemas']['TokenPair']>;

export type RefreshOutcome = 'refreshed' | 'refused';

/** What the token store reports, in this tab or another. */
export type TokenEvent =
  /** The tokens are gone (signed out elsewhere, or a refresh was refused). */
  | { type: 'session.expired' }
  /** A new session's tokens appeared (signed in elsewhere, perhaps as someone else). */
  | { type: 'session.resumed' };

export type SessionEvent =
  | TokenEvent
  | { type: 'session.signIn'; credentials: Credentials }
  | { type: 'session.signOut' }
  | { type: 'session.retry' }
  | { type: 'profile.changed'; profile: Profile };

export type SessionEmitted =
  | { type: 'session.signedIn' }
  | { type: 'session.signInFailed'; message: string; fieldErrors: FieldErrors<Credentials> }
  | { type: 'session.signedOut' };
