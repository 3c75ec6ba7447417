/**
 * Failed sign-ins, counted in memory over a sliding window, per account (the email as typed,
 * whether or not it exists) and per client address. An attempt counts as failed from the moment it
 * starts, so parallel guesses cannot all slip past the check while their hashes are computed; a
 * successful one is taken back off its address and clears its account.
 *
 * The window is short on purpose: anyone can fail sign-ins for someone else's email, so the
 * per-account limit must not turn into a long lockout of the real user. It slows guessing to a few
 * passwords a minute per account instead.
 */

export interface SignInLimits {
  /** Failed attempts allowed per account within the window. */
  accountFailures: number;
  /** Failed attempts allowed per client address within the window. */
  addressFailures: number;
  windowSeconds: number;
}

export type Attempt = { allowed: true; at: number } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Starts an attempt (counted as failed until `succeeded`), or says how long to wait. */
  attempt(account: string, address: string | null, now: Date): Attempt;
  succeeded(account: string, address: string | null, at: number): void;
}

/** More keys than this and expired ones are swept, then the oldest dropped: memory stays bounded. */
const MAX_KEYS = 50_000;

export function createSignInThrottle(limits: SignInLimits): SignInThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const accounts = new Map<string, number[]>();
  const addresses = new Map<string, number[]>();

  const recent = (map: Map<string, number[]>, key: string, now: number): number[] => {
    const times = (map.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length === 0) map.delete(key);
    else map.set(key, times);
    return times;
  };
  /** Milliseconds until fewer than `limit` failures remain in the window. */
  const waitFor = (times: number[], limit: number, now: number) =>
    times.length < limit ? 0 : (times[times.length - limit] ?? now) + windowMs - now;
  const record = (map: Map<string, number[]>, key: string, now: number) => {
    map.set(key, [...(map.get(key) ?? []), now]);
    if (map.size <= MAX_KEYS) return;
    for (const other of [...map.keys()]) recent(map, other, now);
    for (const other of map.keys()) {
      if (map.size <= MAX_KEYS) break;
      map.delete(other);
    }
  };

  return {
    attempt(account, address, date) {
      const now = date.getTime();
      const wait = Math.max(
        waitFor(recent(accounts, account, now), limits.accountFailures, now),
        address === null ? 0 : waitFor(recent(addresses, address, now), limits.addressFailures, now),
      );
      if (wait > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      record(accounts, account, now);
      if (address !== null) record(addresses, address, now);
      return { allowed: true, at: now };
    },
    succeeded(account, address, at) {
      accounts.delete(account);
      if (address === null) return;
      const times = addresses.get(address) ?? [];
      const index = times.indexOf(at);
      if (index >= 0) times.splice(index, 1);
    },
  };
}
