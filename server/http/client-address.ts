/**
 * The client's address, as the sign-in throttle counts it. Behind a reverse proxy the TCP peer is
 * the proxy, so every client would share one count. When the peer is a proxy named in
 * TRUSTED_PROXIES, the address that proxy appended to X-Forwarded-For is used instead.
 *
 * The header is read from the right: each proxy appends the address it saw, so the first entry
 * from the right that is not a trusted proxy is the client as the outermost trusted proxy saw it.
 * Entries further left were sent by the client itself and could be anything.
 */
import { isIP } from 'node:net';

/** `::ffff:10.0.0.1` and `10.0.0.1` are one IPv4 client; dual-stack sockets report the first. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

export function clientAddress(
  peer: string | null,
  forwardedFor: string | undefined,
  trustedProxies: ReadonlySet<string>,
): string | null {
  if (peer === null) return null;
  const direct = normalizeAddress(peer);
  if (!trustedProxies.has(direct) || !forwardedFor) return direct;
  const hops = forwardedFor.split(',').map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    // A trusted proxy wrote this entry; one that is not an address means the chain cannot be read,
    // and the proxy's own address is the safe count.
    if (isIP(hop) === 0) return direct;
    if (!trustedProxies.has(hop)) return hop;
  }
  return hops[0] ?? direct;
}
