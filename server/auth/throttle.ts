/**
 * Failed sign-ins, counted over a sliding window per account (the email as typed, whether or not
 * it exists) and per client address. Only a refused password counts: correct sign-ins made at the
 * same moment (several devices, an integration's workers) never throttle each other.
 *
 * Parallel guesses must not all slip past the check while their hashes are computed, so an attempt
 * starts as a *pending* row per account and address. A new attempt is refused once the confirmed
 * failures reach the limit; when failures and pending attempts together reach it, the attempt
 * waits, holding no transaction or connection, until enough of them are decided: a refused
 * password turns its rows into failures, a right one deletes them and clears the account's
 * failures. Of twelve parallel wrong guesses at a limit of five, five are checked and answered 401
 * and seven 429. A pending row a process left behind when it died counts as a failure once older
 * than `PENDING_SECONDS`.
 *
 * The counts live in the database (`sign_in_failures`), so every API instance on one database
 * sees the same ones: a guesser cannot multiply the limit by spreading guesses over instances.
 * Check and insert happen in one transaction that holds an advisory lock per account and per
 * address, so of several attempts at once on any instances, each sees the ones before it.
 *
 * The window is short on purpose: anyone can fail sign-ins for someone else's email, so the
 * per-account limit must not turn into a long lockout of the real user. It slows guessing to a few
 * passwords a minute per account instead.
 */
import { sql } from 'drizzle-orm';
import type { SignInLimits } from '../config';
import { type Database, selectRows } from '../db/client';
import { signInFailures } from '../db/schema';

/** An attempt let through carries its rows, which its outcome settles. */
export type Attempt = { allowed: true; rows: number[] } | { allowed: false; retryAfterSeconds: number };
type Admitted = Extract<Attempt, { allowed: true }>;

export interface SignInThrottle {
  /** Starts an attempt (pending until settled), or says how long to wait; may wait a little first. */
  attempt(account: string, address: string | null): Promise<Attempt>;
  /** The password was refused: the attempt counts as a failure of its account and address. */
  failed(attempt: Admitted): Promise<void>;
  /** The password was right: clears the account's failures and takes this attempt off its address. */
  succeeded(account: string, attempt: Admitted): Promise<void>;
  /** No verdict on the password (the check itself failed): the attempt counts for nothing. */
  abandoned(attempt: Admitted): Promise<void>;
}

type Scope = 'account' | 'address';

/** First key of the two-key advisory locks on sign-in counts (the second is the key's hash). */
const LOCK_CLASS = 4_242_002;
/** Expired rows deleted per attempt, at most: each attempt adds one or two, so the table stays near what the window holds. */
const SWEEP_ROWS = 100;
/** A check takes a fraction of a second; a pending row this old was left by a process that died. */
const PENDING_SECONDS = 10;
/** How long an attempt waits for pending ones at most; past it, it is answered 429 (a second). */
const MAX_WAIT_MS = (PENDING_SECONDS + 5) * 1000;
/** Pending attempts of other instances are seen by polling; this process's wake waiters at once. */
const POLL_MS = 50;

interface Standing {
  /** Milliseconds until fewer than the limit of failures remain in the window; 0 when fewer already do. */
  waitMs: number;
  /** Failures and pending attempts together reach the limit: a new attempt must wait. */
  full: boolean;
}

const FREE: Standing = { waitMs: 0, full: false };

export function createSignInThrottle(
  db: Database,
  limits: SignInLimits,
  now: () => Date = () => new Date(),
): SignInThrottle {
  const windowMs = limits.windowSeconds * 1000;
  /** Attempts of this process waiting for pending ones; woken whenever one of ours is settled. */
  const waiting = new Set<() => void>();
  const wakeWaiting = () => {
    for (const wake of [...waiting]) wake();
  };
  const settledOrPolled = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      waiting.add(done);
    });

  /** Rows count as failures when confirmed, or pending so long that their process is gone. */
  const isFailure = (staleCutoff: Date) => sql`(not pending or started_at <= ${staleCutoff})`;

  const standing = async (tx: Database, scope: Scope, key: string, limit: number, at: Date): Promise<Standing> => {
    const windowCutoff = new Date(at.getTime() - windowMs);
    const staleCutoff = new Date(at.getTime() - PENDING_SECONDS * 1000);
    const [counts] = await selectRows<{ failures: number; pending: number }>(
      tx,
      sql`select
            count(*) filter (where ${isFailure(staleCutoff)} and started_at > ${windowCutoff})::int as failures,
            count(*) filter (where pending and started_at > ${staleCutoff})::int as pending
          from ${signInFailures}
          where scope = ${scope} and key = ${key}
            and (started_at > ${windowCutoff} or (pending and started_at > ${staleCutoff}))`,
    );
    const failures = counts?.failures ?? 0;
    const pending = counts?.pending ?? 0;
    if (failures < limit) return { waitMs: 0, full: failures + pending >= limit };
    // The limit-th newest failure in the window: once it leaves, fewer than `limit` remain.
    const [row] = await selectRows<{ started_at: Date | string }>(
      tx,
      sql`select started_at from ${signInFailures}
          where scope = ${scope} and key = ${key} and ${isFailure(staleCutoff)} and started_at > ${windowCutoff}
          order by started_at desc offset ${limit - 1} limit 1`,
    );
    const waitMs = row ? new Date(row.started_at).getTime() + windowMs - at.getTime() : 0;
    return { waitMs, full: true };
  };

  const lock = (tx: Database, scope: Scope, key: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`${scope}:${key}`}))`);

  /** One look at the counts: refused, let through with its pending rows, or to wait. */
  const tryOnce = (account: string, address: string | null): Promise<Attempt | 'wait'> =>
    db.transaction(async (tx) => {
      const at = now();
      // Always the account first, then the address: two attempts never wait on each other in a circle.
      await lock(tx, 'account', account);
      if (address !== null) await lock(tx, 'address', address);
      const byAccount = await standing(tx, 'account', account, limits.accountFailures, at);
      const byAddress = address === null ? FREE : await standing(tx, 'address', address, limits.addressFailures, at);
      const waitMs = Math.max(byAccount.waitMs, byAddress.waitMs);
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      if (byAccount.full || byAddress.full) return 'wait';

      const rows = await tx
        .insert(signInFailures)
        .values([
          { scope: 'account' as const, key: account, startedAt: at, pending: true },
          ...(address === null ? [] : [{ scope: 'address' as const, key: address, startedAt: at, pending: true }]),
        ])
        .returning({ id: signInFailures.id });
      // Rows that count for nothing any more: out of the window, and not an attempt still being
      // checked. Others' locked ones are left to a later sweep.
      const useless = new Date(at.getTime() - Math.max(windowMs, PENDING_SECONDS * 1000));
      await tx.execute(sql`delete from ${signInFailures} where id in (
        select id from ${signInFailures} where started_at <= ${useless}
        limit ${SWEEP_ROWS} for update skip locked)`);
      return { allowed: true, rows: rows.map((row) => row.id) };
    });

  const ids = (attempt: Admitted) =>
    sql`(${sql.join(
      attempt.rows.map((id) => sql`${id}`),
      sql`, `,
    )})`;

  /**
   * Runs `task` after the tasks queued before under `key` in this process. Attempts on one account
   * or address then take turns here rather than each holding a pooled connection while it waits
   * for the advisory lock: a burst of sign-ins cannot use up the pool.
   */
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const turn = (queues.get(key) ?? Promise.resolve()).then(task);
    const settled = turn.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return turn;
  };
  const lookOnce = (account: string, address: string | null) =>
    inTurn(`account:${account}`, () =>
      address === null ? tryOnce(account, null) : inTurn(`address:${address}`, () => tryOnce(account, address)),
    );

  return {
    async attempt(account, address) {
      const started = performance.now();
      for (;;) {
        const outcome = await lookOnce(account, address);
        if (outcome !== 'wait') return outcome;
        // Pending attempts that never settle become failures after PENDING_SECONDS, so waiting
        // ends before this bound unless new attempts keep taking the freed places first.
        if (performance.now() - started > MAX_WAIT_MS) return { allowed: false, retryAfterSeconds: 1 };
        await settledOrPolled();
      }
    },

    async failed(attempt) {
      await db.execute(sql`update ${signInFailures} set pending = false where id in ${ids(attempt)}`);
      wakeWaiting();
    },

    async succeeded(account, attempt) {
      const staleCutoff = new Date(now().getTime() - PENDING_SECONDS * 1000);
      // Other attempts still being checked keep their rows: their own outcome settles them.
      await db.execute(sql`delete from ${signInFailures} where id in ${ids(attempt)}
        or (scope = 'account' and key = ${account} and ${isFailure(staleCutoff)})`);
      wakeWaiting();
    },

    async abandoned(attempt) {
      await db.execute(sql`delete from ${signInFailures} where id in ${ids(attempt)}`);
      wakeWaiting();
    },
  };
}
