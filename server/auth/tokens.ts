/**
 * SimpleJWT-style tokens: HS256 only (so `alg: none` and foreign algorithms never verify), a
 * `token_type` claim that keeps refresh tokens out of the Authorization header and vice versa,
 * and a `jti` that sign-out writes to the revocation table. With rotation on (SimpleJWT's
 * `ROTATE_REFRESH_TOKENS` with `BLACKLIST_AFTER_ROTATION`, the default here) a refresh answers a
 * new refresh token beside the access token and revokes the one it was given, so a refresh token
 * works once.
 */
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { revokedTokens, users } from '../db/schema';
import { unauthorized } from '../http/errors';

export const ACCESS_TTL_SECONDS = 5 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
/** Verified access tokens kept; the oldest goes first. */
const MAX_VERIFIED = 10_000;

/** SimpleJWT's answer to a revoked (signed-out or rotated-out) refresh token. */
const blacklisted = () => unauthorized('Token is blacklisted', 'token_not_valid');

type TokenType = 'access' | 'refresh';
interface Claims {
  userId: number;
  jti: string;
  expiresAt: Date;
}

export interface TokenService {
  issuePair(userId: number): Promise<{ access: string; refresh: string }>;
  /** The user id of a valid access token; a 401 `token_not_valid` otherwise. */
  verifyAccess(token: string): Promise<number>;
  /** A new access token; with rotation on, a new refresh token too, and `refreshToken` is revoked. */
  refresh(refreshToken: string): Promise<{ access: string; refresh?: string }>;
  revoke(refreshToken: string): Promise<void>;
}

export function createTokenService(options: {
  db: Database;
  secret: string;
  now?: () => Date;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** SimpleJWT's ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION; on unless false. */
  rotateRefreshTokens?: boolean;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
  const accessTtl = options.accessTtlSeconds ?? ACCESS_TTL_SECONDS;
  const refreshTtl = options.refreshTtlSeconds ?? REFRESH_TTL_SECONDS;
  const rotate = options.rotateRefreshTokens ?? true;
  /**
   * Access tokens whose signature was verified, with their claims. jose verifies an HS256 token
   * through WebCrypto, a job on the thread pool: under load that was a seventh of the API's CPU,
   * and a session sends the same token with every request for five minutes. Nothing here depends
   * on other instances: an access token is never revoked, and the user is read on each request.
   */
  const verifiedAccess = new Map<string, Claims>();

  const sign = (userId: number, type: TokenType, ttl: number) => {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID().replaceAll('-', ''))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(key);
  };

  const verify = async (token: string, type: TokenType): Promise<Claims> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
      const userId = Number(payload.sub);
      // A user id outside the id column's range (only a forged token could hold one) is no user.
      const isId = Number.isInteger(userId) && userId >= 1 && userId <= 2_147_483_647;
      if (payload.token_type !== type || !isId || !payload.jti || !payload.exp) {
        throw new Error('wrong token type');
      }
      return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      const expired = error instanceof errors.JWTExpired;
      throw unauthorized(
        expired ? 'Token is invalid or expired' : 'Given token not valid for any token type',
        'token_not_valid',
      );
    }
  };

  return {
    async issuePair(userId) {
      return { access: await sign(userId, 'access', accessTtl), refresh: await sign(userId, 'refresh', refreshTtl) };
    },
    async verifyAccess(token) {
      // A string's signature verifies once and for all; only the expiry moves, so it is checked
      // again exactly as jose does (`exp` must be after the current whole second).
      const known = verifiedAccess.get(token);
      if (known && known.expiresAt.getTime() / 1000 > Math.floor(now().getTime() / 1000)) return known.userId;
      const claims = await verify(token, 'access');
      verifiedAccess.delete(token);
      if (verifiedAccess.size >= MAX_VERIFIED) verifiedAccess.delete(verifiedAccess.keys().next().value as string);
      verifiedAccess.set(token, claims);
      return claims.userId;
    },
    async refresh(refreshToken) {
      const claims = await verify(refreshToken, 'refresh');
      const revoked = await options.db
        .select({ jti: revokedTokens.jti })
        .from(revokedTokens)
        .where(eq(revokedTokens.jti, claims.jti));
      if (revoked.length > 0) throw blacklisted();
      // As SimpleJWT does: the account must still exist and be allowed to sign in (verified).
      const [user] = await options.db
        .select({ isVerified: users.isVerified })
        .from(users)
        .where(eq(users.id, claims.userId));
      if (!user?.isVerified) throw unauthorized('No active account found for the given token.', 'no_active_account');
      const access = await sign(claims.userId, 'access', accessTtl);
      if (!rotate) return { access };
      // One statement decides between parallel refreshes of one token (two tabs, two instances):
      // only the one whose revocation was written gets a new pair, the others are refused as
      // SimpleJWT refuses a rotated-out token.
      const written = await options.db
        .insert(revokedTokens)
        .values({ jti: claims.jti, expiresAt: claims.expiresAt })
        .onConflictDoNothing()
        .returning({ jti: revokedTokens.jti });
      if (written.length === 0) throw blacklisted();
      return { access, refresh: await sign(claims.userId, 'refresh', refreshTtl) };
    },
    async revoke(refreshToken) {
      const claims = await verify(refreshToken, 'refresh');
      await options.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now()));
      await options.db
        .insert(revokedTokens)
        .values({ jti: claims.jti, expiresAt: claims.expiresAt })
        .onConflictDoNothing();
    },
  };
}
