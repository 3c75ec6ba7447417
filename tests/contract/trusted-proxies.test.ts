/**
 * Behind a reverse proxy every request comes from the proxy's address. With TRUSTED_PROXIES naming
 * it, the sign-in throttle counts the client the proxy names in X-Forwarded-For instead, over a
 * real socket (in-process requests have no address at all).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ACCOUNTS, DEMO_PASSWORD, serverPerFile } from './support/server';

const api = serverPerFile({ TRUSTED_PROXIES: '127.0.0.1', SIGNIN_ADDRESS_FAILURES: '3' });

let listener: ReturnType<typeof serve>;
let base = '';

beforeAll(async () => {
  listener = serve({ fetch: api.server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => listener.once('listening', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(() => {
  listener?.close();
});

/** A sign-in as the proxy would pass it on: from 127.0.0.1, for the client `forwardedFor`. */
function signIn(email: string, password: string, forwardedFor?: string) {
  return new Promise<number>((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
    const request = http.request(`${base}/api/v1/token`, { method: 'POST', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(JSON.stringify({ email, password }));
  });
}

describe('sign-in throttling behind a trusted proxy (3 failures per address)', () => {
  it('counts each forwarded client on its own, not the proxy', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await signIn(`nobody-${i}@example.com`, 'Not-the-password-1', '198.51.100.7')).toBe(401);
    }
    expect(await signIn(ACCOUNTS.seller, DEMO_PASSWORD, '198.51.100.7')).toBe(429);
    // Another client behind the same proxy, and the proxy's own address, are not held back.
    expect(await signIn(ACCOUNTS.seller, DEMO_PASSWORD, '198.51.100.8')).toBe(200);
    expect(await signIn(ACCOUNTS.seller, DEMO_PASSWORD)).toBe(200);
  });

  it('believes only the entry the proxy appended, not what the client wrote before it', async () => {
    expect(await signIn(ACCOUNTS.seller, DEMO_PASSWORD, '203.0.113.50, 198.51.100.7')).toBe(429);
  });
});
