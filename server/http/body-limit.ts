/**
 * The request body limit (behaviour §9), answered so that the client hears it.
 *
 * A server that answers 413 and closes while the client is still sending makes the client's
 * kernel receive data on a closed socket, and a reset follows that can destroy the answer before
 * the client reads it (Node's fetch sending 20 MB got EPIPE every time). So the rest of an
 * oversized body is read and thrown away before the 413 goes out: the client finishes sending,
 * reads the answer, and may even reuse the connection. Draining is bounded in bytes and in time:
 * past either bound (a body that never ends, a client sending a trickle) the 413 goes out at once
 * with `Connection: close`, and the connection is closed after it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

export interface DrainBounds {
  /** The most a request body may hold, in all, for its excess to be read and discarded. */
  bytes: number;
  /** The longest the excess is read for. */
  ms: number;
}

export const DRAIN_BOUNDS: DrainBounds = { bytes: 64 * 1024 * 1024, ms: 30_000 };

/**
 * Refuses bodies larger than `limitOf(c)` bytes with 413. A body without a declared length is read
 * up to the limit and handed on from memory, as hono's `bodyLimit` does.
 */
export function bodyLimit(limitOf: (c: Context) => number, bounds: DrainBounds = DRAIN_BOUNDS): MiddlewareHandler {
  return async (c, next) => {
    // No body to limit; asking a request for its body builds a whole web Request first.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = limitOf(c);
    const declared = c.req.raw.headers.has('transfer-encoding') ? null : c.req.raw.headers.get('content-length');
    const length = declared === null ? Number.NaN : Number(declared);
    if (Number.isSafeInteger(length)) {
      if (length <= limit) return next();
      // Too long to drain: say so now, and close.
      if (length > bounds.bytes) throw tooLarge(limit, false);
      throw tooLarge(limit, await drain(body.getReader(), 0, bounds));
    }

    const reader = body.getReader();
    let size = 0;
    let buffer = new Uint8Array(0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const offset = size;
      size += value.length;
      if (size > limit) throw tooLarge(limit, await drain(reader, size, bounds));
      if (size > buffer.length) {
        const grown = new Uint8Array(Math.min(limit, Math.max(size, buffer.length * 2)));
        grown.set(buffer.subarray(0, offset));
        buffer = grown;
      }
      buffer.set(value, offset);
    }
    c.req.raw = new Request(c.req.raw, { body: buffer.subarray(0, size) });
    return next();
  };
}

/** The 413; a connection whose request was not read to its end cannot carry another one. */
function tooLarge(limit: number, drained: boolean): HttpError {
  return new HttpError(
    413,
    { detail: `The request body is larger than ${limit / 1024 / 1024} MB.` },
    drained ? {} : { Connection: 'close' },
  );
}

/**
 * Reads the rest of a body and discards it. True when it ended within the bounds; false when it
 * did not (or broke off), and the rest stays unread.
 */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  bounds: DrainBounds,
): Promise<boolean> {
  let read = alreadyRead;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), bounds.ms);
  });
  try {
    for (;;) {
      const next = reader.read();
      // A read left pending by the time bound must not end as an unhandled rejection later.
      next.catch(() => undefined);
      const chunk = await Promise.race([next, timedOut]);
      if (chunk === 'timeout') return false;
      if (chunk.done) return true;
      read += chunk.value.length;
      if (read > bounds.bytes) return false;
    }
  } catch {
    // The client went away while sending: nobody is left to read the answer either way.
    return false;
  } finally {
    clearTimeout(timer);
  }
}
