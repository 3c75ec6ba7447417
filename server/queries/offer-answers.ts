/**
 * Whole answers of the client offer list, reused while they cannot have changed.
 *
 * People browse the same tabs, pages and filters; a list answer is a page statement, a count and
 * a hundred offers turned into JSON, and a kept one is a string. An answer is kept only when its
 * page and its count were read at the same offers' change stamp, and it is reused only by a
 * request that read that same stamp when it arrived (server/db/change-stamps.ts): nothing was
 * written to offers in between, on this instance or another. Without a validity range the list
 * keeps offers that have not ended, so such an answer also holds only while its count does, until
 * the next published offer of its type ends (server/queries/offer-counts.ts).
 *
 * The key is the request's whole URL: the answer's next and previous links are built on it.
 */
import type { Counted } from './offer-counts';

interface Kept {
  /** Encoded once: the server writes it as it is. */
  body: Uint8Array<ArrayBuffer>;
  stamp: string;
  from: number | null;
  until: number | null;
}

/** Bytes kept in all (a page of 100 offers is about 50 KB); the oldest goes first. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

export function offerAnswers(maxBytes = MAX_KEPT_BYTES) {
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const drop = (url: string) => {
    const old = kept.get(url);
    if (!old) return;
    kept.delete(url);
    bytes -= old.body.byteLength;
  };
  return {
    /** The answer kept for `url`, if it holds at `stamp` and at the moment `at` (null: a validity range). */
    find(url: string, stamp: string, at: number | null): Uint8Array<ArrayBuffer> | undefined {
      const hit = kept.get(url);
      if (!hit) return undefined;
      const inTime = at === null || (hit.from !== null && hit.until !== null && hit.from <= at && at < hit.until);
      // A stale answer stays until it is replaced or the oldest: a request that read its stamp
      // before another one's may come later, and must not take a newer answer away.
      if (hit.stamp !== stamp || !inTime) return undefined;
      // Most recently used last, so the oldest is the first to go.
      kept.delete(url);
      kept.set(url, hit);
      return hit.body;
    },
    /** Keeps `body`, the answer to `url` read at `pageStamp` with `counted`, when the two agree. */
    keep(url: string, text: string, pageStamp: string, counted: Counted) {
      const body = Buffer.from(text);
      if (pageStamp !== counted.stamp || body.byteLength > maxBytes) return;
      drop(url);
      while (bytes + body.byteLength > maxBytes) drop(kept.keys().next().value as string);
      kept.set(url, { body, stamp: counted.stamp, from: counted.from, until: counted.until });
      bytes += body.byteLength;
    },
  };
}
