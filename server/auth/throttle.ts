/**
 * Failed sign-ins, counted over a sliding window per account (the email as typed, whether or not
 * it exists) and per client address. An attempt counts as failed from the moment it starts, so
 * parallel guesses cannot all slip past the check while their hashes are computed; a successful
 * one is taken back off its address and clears its account.
 *
 * The counts live in the database (`sign_in_failures`), so every API instance on one database
 * sees the same ones: a guesser cannot multiply the limit by spreading guesses over instances.
 * Check and count happen in one transaction that holds an advisory lock per account and per
 * address, so of several attempts at once on any instances, each sees the ones before it.
 *
 * The window is short on purpose: anyone can fail sign-ins for someone else's email, so the
 * per-account limit must not turn into a long lockout of the real user. It slows guessing to a few
 * passwords a minute per account instead.
 */
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/client';
import { signInFailures } from '../db/schema';

export interface SignInLimits {
  /** Failed attempts allowed per account within the window. */
  accountFailures: number;
  /** Failed attempts allowed per client address within the window. */
  addressFailures: number;
  windowSeconds: number;
}

/** An attempt let through carries what `succeeded` needs to take it back. */
export type Attempt = { allowed: true; addressRow: number | null } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Starts an attempt (counted as failed until `succeeded`), or says how long to wait. */
  attempt(account: string, address: string | null, now: Date): Promise<Attempt>;
  /** Clears the account's failures and takes this attempt off its address. */
  succeeded(account: string, attempt: Extract<Attempt, { allowed: true }>): Promise<void>;
}

type Scope = 'account' | 'address';

/** First key of the two-key advisory locks on sign-in counts (the second is the key's hash). */
const LOCK_CLASS = 4_242_002;
/** Expired rows deleted per attempt, at most: each attempt adds one or two, so the table stays near what the window holds. */
const SWEEP_ROWS = 100;

export function createSignInThrottle(db: Database, limits: SignInLimits): SignInThrottle {
  const windowMs = limits.windowSeconds * 1000;

  /** Milliseconds until fewer than `limit` failures of `key` remain in the window. */
  const waitFor = async (tx: Database, scope: Scope, key: string, limit: number, now: Date): Promise<number> => {
    const cutoff = new Date(now.getTime() - windowMs);
    // The limit-th newest failure in the window: once it leaves, fewer than `limit` remain.
    const [row] = await selectRows<{ started_at: Date | string }>(
      tx,
      sql`select started_at from ${signInFailures}
          where scope = ${scope} and key = ${key} and started_at > ${cutoff}
          order by started_at desc offset ${limit - 1} limit 1`,
    );
    if (!row) return 0;
    return new Date(row.started_at).getTime() + windowMs - now.getTime();
  };

  const lock = (tx: Database, scope: Scope, key: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`${scope}:${key}`}))`);

  return {
    attempt(account, address, now) {
      return db.transaction(async (tx) => {
        // Always the account first, then the address: two attempts never wait on each other in a circle.
        await lock(tx, 'account', account);
        if (address !== null) await lock(tx, 'address', address);
        const wait = Math.max(
          await waitFor(tx, 'account', account, limits.accountFailures, now),
          address === null ? 0 : await waitFor(tx, 'address', address, limits.addressFailures, now),
        );
        if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };

        const rows = await tx
          .insert(signInFailures)
          .values([
            { scope: 'account' as const, key: account, startedAt: now },
            ...(address === null ? [] : [{ scope: 'address' as const, key: address, startedAt: now }]),
          ])
          .returning({ id: signInFailures.id, scope: signInFailures.scope });
        // Rows that count for nothing any more; others' locked ones are left to a later sweep.
        await tx.execute(sql`delete from ${signInFailures} where id in (
          select id from ${signInFailures} where started_at <= ${new Date(now.getTime() - windowMs)}
          limit ${SWEEP_ROWS} for update skip locked)`);
        return { allowed: true, addressRow: rows.find((row) => row.scope === 'address')?.id ?? null };
      });
    },

    async succeeded(account, attempt) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from ${signInFailures} where scope = 'account' and key = ${account}`);
        if (attempt.addressRow !== null) {
          await tx.execute(sql`delete from ${signInFailures} where id = ${attempt.addressRow}`);
        }
      });
    },
  };
}
