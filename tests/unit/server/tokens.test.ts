import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../../server/auth/tokens';
import type { Database } from '../../../server/db/client';

// verifyAccess and issuePair never touch the database.
const noDatabase = {} as Database;

describe('verifyAccess', () => {
  it('refuses an access token it accepted before, once the token has expired', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const tokens = createTokenService({
      db: noDatabase,
      secret: 'a-secret-of-at-least-thirty-two-characters',
      now: () => new Date(clock),
      accessTtlSeconds: 60,
    });
    const { access, refresh } = await tokens.issuePair(7);
    expect(await tokens.verifyAccess(access)).toBe(7);
    clock += 59_999;
    expect(await tokens.verifyAccess(access)).toBe(7);
    clock += 1;
    await expect(tokens.verifyAccess(access)).rejects.toMatchObject({ status: 401 });
    // A refresh token is never an access token, however often it is tried.
    await expect(tokens.verifyAccess(refresh)).rejects.toMatchObject({ status: 401 });
    await expect(tokens.verifyAccess(refresh)).rejects.toMatchObject({ status: 401 });
  });
});
