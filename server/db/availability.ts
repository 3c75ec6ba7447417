/**
 * Telling "the database is away" apart from every other failure (behaviour §7, when the database
 * is away). Such a failure is no bug of the request: the API answers it with 503 and keeps
 * running, and the next request after the database is back connects again. Anything else stays
 * a 500, logged with its stack.
 */

/**
 * SQLSTATEs of a server that is gone, going or not there yet: class 08 (connection exception),
 * an administrator's or a crash's shutdown (57P01, 57P02), a server starting or stopping
 * (57P03), a dropped database (57P04), an ended idle session (57P05), and the resources without
 * which nothing runs (53100 disk full, 53200 out of memory, 53300 too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53100', '53200', '53300']);

/** Socket and name-lookup failures on the way to the database server. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres, pg-pool and PGlite say, without a code, when a connection broke, could not
 * be made in time, or belongs to a pool or database being closed.
 */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  'PGlite is closing',
]);

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const byCode = typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code));
  const byErrno = typeof code === 'string' && UNREACHABLE_CODES.has(code);
  return byCode || byErrno || (typeof message === 'string' && UNAVAILABLE_MESSAGES.has(message));
}

/**
 * The error in `error`'s chain (itself, drizzle's `cause`, a failed migration's `cause`, the
 * attempts of an `AggregateError`) that says the database could not be reached or went away.
 */
function unavailableCause(error: unknown): object | null {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (isUnavailableItself(next)) return next;
    pending.push((next as { cause?: unknown }).cause);
    if (next instanceof AggregateError) pending.push(...next.errors);
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown) => unavailableCause(error) !== null;

/**
 * Why the database is away, for the log: the driver's own words and code, never the failed
 * statement or its parameters (drizzle puts both in the message of the error it wraps).
 */
export function unavailableReason(error: unknown): string {
  const cause = unavailableCause(error) as { message?: unknown; code?: unknown } | null;
  const message = typeof cause?.message === 'string' && cause.message ? cause.message : 'no answer';
  return typeof cause?.code === 'string' && !message.includes(cause.code) ? `${message} (${cause.code})` : message;
}

/**
 * Keeps the process running through a rejection nobody awaited when the database is its reason
 * (a connection that broke under a promise that was dropped); any other unhandled rejection still
 * ends the process, as it would without this, so a real bug is not hidden.
 */
export function surviveDatabaseRejections(log: (line: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log(`database unavailable (unawaited): ${unavailableReason(reason)}`);
  });
}
