/**
 * The SimpleJWT pair (behaviour §4), kept in localStorage so every tab shares one session. This
 * module is the only code that reads or writes the tokens; `refreshOnce` in ./client.ts is the
 * only code that refreshes them.
 */
import { z } from 'zod/mini';
import { persisted } from '@/lib/persisted';
import type { TokenPair } from './models';

/**
 * A token goes into the Authorization header as is, so a stored one must be RFC 6750's b64token:
 * a space, line break or non-ASCII character would make every request throw before it is sent.
 */
const tokenSchema = z.nullable(z.string().check(z.maxLength(4096), z.regex(/^[A-Za-z0-9._~+/-]+=*$/)));
const access = persisted('access-token', tokenSchema, null);
const refresh = persisted('refresh-token', tokenSchema, null);
/** Whether the server, not the user, ended this tab's last session (see `expire`). */
let endedByServer = false;

export const tokenStore = {
  accessToken: (): string | null => access.read(),
  refreshToken: (): string | null => refresh.read(),
  hasTokens: (): boolean => access.read() !== null || refresh.read() !== null,
  /** A sign-in stores both tokens (behaviour §4). */
  save(pair: TokenPair) {
    endedByServer = false;
    access.write(pair.access);
    refresh.write(pair.refresh);
  },
  saveAccess(token: string) {
    access.write(token);
  },
  clear() {
    endedByServer = false;
    access.remove();
    refresh.remove();
  },
  /** The server refused the refresh token: the session is over without the user ending it. */
  expire() {
    endedByServer = true;
    access.remove();
    refresh.remove();
  },
  /**
   * Tells when a session begins or ends, in this tab or another: a new refresh token means someone
   * signed in (true), none means the session is over (false). A refreshed access token is neither.
   * `expired` tells an end the server decided in this tab (a refused refresh) from a sign-out.
   */
  onSessionChange(listener: (hasSession: boolean, expired: boolean) => void): () => void {
    return refresh.subscribe((token) => listener(token !== null, token === null && endedByServer));
  },
};
