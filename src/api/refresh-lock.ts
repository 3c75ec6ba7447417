/**
 * One token refresh at a time across the tabs of a browser. A back end that rotates refresh tokens
 * (SimpleJWT's ROTATE_REFRESH_TOKENS with BLACKLIST_AFTER_ROTATION) accepts each one once, so two
 * tabs refreshing with the same token would see one of them refused and signed out. The browser's
 * Web Locks serialise the refreshes; where the page has none (it is not served over HTTPS or from
 * localhost), a lease in localStorage does nearly as well. Whoever gets the lock next reads the
 * stored tokens again and finds the pair the tab before it stored.
 */
import { z } from 'zod/mini';
import { persisted } from '@/lib/persisted';

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface TabLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

const LOCK_NAME = 'marketplace:token-refresh';
/** Longer than a refresh takes; a tab that waits this long goes ahead (a hung tab must not block all). */
const WAIT_MS = 15_000;
/** How long a lease holds if its tab goes away without giving it back. */
const LEASE_MS = 10_000;
/** Time for a competing tab's lease to reach this one's storage before this one trusts its own. */
const SETTLE_MS = 30;
/** A waiting tab looks again this often, should the `storage` event of a lease given back be late. */
const POLL_MS = 100;

/** The browser's Web Locks, or null where the page has none. */
export function browserLocks(): TabLocks | null {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  return navigator.locks as unknown as TabLocks;
}

/** Runs `run` while no other tab runs its own, waiting its turn (at most `WAIT_MS`). */
export async function acrossTabs<T>(locks: TabLocks | null, run: () => Promise<T>): Promise<T> {
  if (!locks) return withLease(run);
  let granted = false;
  const holding = () => {
    granted = true;
    return run();
  };
  try {
    return await locks.request(LOCK_NAME, { signal: AbortSignal.timeout(WAIT_MS) }, holding);
  } catch (error) {
    // Not granted in time (the holder hangs): refresh without it rather than never.
    if (!granted && error instanceof DOMException && error.name === 'TimeoutError') return run();
    throw error;
  }
}

const leaseSchema = z.nullable(z.object({ owner: z.string().check(z.maxLength(64)), until: z.number() }));
/** Which tab refreshes now, and until when its lease holds. */
export const refreshLease = persisted('refresh-lease', leaseSchema, null);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when the lease changes (given back, taken) or after `ms`, whichever comes first. */
function leaseChange(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = refreshLease.subscribe(() => done());
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/**
 * The fallback: take the lease when it is free or has lapsed, wait for a competing write to land,
 * and go ahead only if the lease is still this caller's; otherwise wait for it to change hands.
 */
async function withLease<T>(run: () => Promise<T>): Promise<T> {
  const owner = Math.random().toString(36).slice(2);
  const giveUpAt = Date.now() + WAIT_MS;
  while (Date.now() < giveUpAt) {
    const held = refreshLease.read();
    if (held === null || held.until <= Date.now()) {
      try {
        refreshLease.write({ owner, until: Date.now() + LEASE_MS });
      } catch {
        // Storage takes no writes (full, or turned off): there is no lease to share, so go ahead.
        break;
      }
      await pause(SETTLE_MS);
      // Null: storage keeps nothing here (a privacy mode), so there are no tabs to wait for.
      const now = refreshLease.read();
      if (now === null || now.owner === owner) break;
    } else {
      await leaseChange(Math.min(held.until, giveUpAt, Date.now() + POLL_MS) - Date.now());
    }
  }
  try {
    return await run();
  } finally {
    if (refreshLease.read()?.owner === owner) refreshLease.remove();
  }
}
