/**
 * The SimpleJWT pair (behaviour §4), kept in localStorage so every tab shares one session. This
 * module is the only code that reads or writes the tokens; `refreshOnce` in ./client.ts is the
 * only code that refreshes them.
 */
import { z } from 'zod/mini';
import { persisted } from '@/lib/persisted';
import type { RefreshedTokens, TokenPair } from './models';

/**
 * A token goes into the Authorization header as is, so a stored one must be RFC 6750's b64token:
 * a space, line break or non-ASCII character would make every request throw before it is sent.
 */
const tokenSchema = z.nullable(z.string().check(z.maxLength(4096), z.regex(/^[A-Za-z0-9._~+/-]+=*$/)));
const access = persisted('access-token', tokenSchema, null);
const refresh = persisted('refresh-token', tokenSchema, null);
/** Whether the server, not the user, ended this tab's last session (see `expire`). */
let endedByServer = false;

type SessionListener = (hasSession: boolean, expired: boolean) => void;
/** Listeners to sessions that begin or end in this tab (other tabs are heard through storage). */
const sameTab = new Set<SessionListener>();
const tell = (hasSession: boolean, expired: boolean) => {
  for (const listener of sameTab) listener(hasSession, expired);
};

export const tokenStore = {
  accessToken: (): string | null => access.read(),
  refreshToken: (): string | null => refresh.read(),
  hasTokens: (): boolean => access.read() !== null || refresh.read() !== null,
  /** A sign-in stores both tokens (behaviour §4): a session begins. */
  save(pair: TokenPair) {
    endedByServer = false;
    access.write(pair.access);
    refresh.write(pair.refresh);
    tell(true, false);
  },
  /**
   * A refresh's answer: the new access token, and the new refresh token when the server rotates
   * them (SimpleJWT's ROTATE_REFRESH_TOKENS). The session goes on: no one is told of a change.
   */
  saveRefreshed(tokens: RefreshedTokens) {
    access.write(tokens.access);
    if (tokens.refresh !== undefined) refresh.write(tokens.refresh);
  },
  clear() {
    endedByServer = false;
    access.remove();
    refresh.remove();
    tell(false, false);
  },
  /** The server refused the refresh token: the session is over without the user ending it. */
  expire() {
    endedByServer = true;
    access.remove();
    refresh.remove();
    tell(false, true);
  },
  /**
   * Tells when a session begins or ends, in this tab or another: a sign-in (true), a sign-out or a
   * refused refresh (false). A refresh is neither, rotated refresh token included; in another tab
   * it shows as one refresh token replacing another. `expired` tells an end the server decided in
   * this tab (a refused refresh) from a sign-out.
   */
  onSessionChange(listener: SessionListener): () => void {
    sameTab.add(listener);
    const stopOtherTabs = refresh.onOtherTab((token, previous) => {
      if (token !== null && previous !== undefined && previous !== null) return;
      listener(token !== null, token === null && endedByServer);
    });
    return () => {
      sameTab.delete(listener);
      stopOtherTabs();
    };
  },
};
