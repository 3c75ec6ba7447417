/** The profile as the contract defines it; machines keep their own copy of the shape. */
export interface SessionProfile {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  permissions: string[];
  is_superuser: boolean;
  is_verified: boolean;
  date_joined: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** What the sign-in call answered; either token may be missing from a misbehaving server. */
export interface SignInAnswer {
  access?: string | undefined;
  refresh?: string | undefined;
}

export type RefreshOutcome = 'refreshed' | 'refused';

export type SessionEvent =
  | { type: 'session.signIn'; credentials: Credentials }
  | { type: 'session.signOut' }
  /** Tokens vanished elsewhere (another tab signed out, or a refresh was refused). */
  | { type: 'session.expired' }
  /** Tokens appeared elsewhere (another tab signed in). */
  | { type: 'session.resumed' }
  | { type: 'session.retry' }
  | { type: 'profile.changed'; profile: SessionProfile };

export type SessionEmitted =
  | { type: 'session.signedIn'; profile: SessionProfile }
  | { type: 'session.signInFailed'; message: string; fieldErrors: Record<string, string> }
  | { type: 'session.signedOut' };
