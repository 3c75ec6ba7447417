/**
 * The SimpleJWT pair (behaviour §4), kept in localStorage so every tab shares one session. This
 * module is the only code that reads or writes the tokens; `refreshOnce` in ./client.ts is the
 * only code that refreshes them.
 */
import { z } from 'zod/mini';
import { persisted } from '@/lib/persisted';
import type { TokenPair } from './models';

const tokenSchema = z.nullable(z.string().check(z.minLength(1)));
const access = persisted('access-token', tokenSchema, null);
const refresh = persisted('refresh-token', tokenSchema, null);

export const tokenStore = {
  accessToken: (): string | null => access.read(),
  refreshToken: (): string | null => refresh.read(),
  hasTokens: (): boolean => access.read() !== null || refresh.read() !== null,
  /** A sign-in stores both tokens (behaviour §4). */
  save(pair: TokenPair) {
    access.write(pair.access);
    refresh.write(pair.refresh);
  },
  saveAccess(token: string) {
    access.write(token);
  },
  clear() {
    access.remove();
    refresh.remove();
  },
  /**
   * Tells when a session begins or ends, in this tab or another: a new refresh token means someone
   * signed in (true), none means the session is over (false). A refreshed access token is neither.
   */
  onSessionChange(listener: (hasSession: boolean) => void): () => void {
    return refresh.subscribe((token) => listener(token !== null));
  },
};
