import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config';
import { clientAddress } from '../../../server/http/client-address';

const proxies = new Set(['127.0.0.1', '10.0.0.5']);

describe('clientAddress', () => {
  it('is the TCP peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', new Set())).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '198.51.100.1', new Set())).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
  });

  it('takes the address a trusted proxy appended', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
  });

  it('skips trusted proxies from the right and never believes what the client wrote further left', () => {
    // The client sent "X-Forwarded-For: 192.0.2.66" hoping to be counted as someone else.
    expect(clientAddress('127.0.0.1', '192.0.2.66, 198.51.100.1, 10.0.0.5', proxies)).toBe('198.51.100.1');
  });

  it('falls back to the proxy when the entry it wrote is not an address', () => {
    expect(clientAddress('127.0.0.1', 'unknown', proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1');
  });

  it('is the first hop when every hop is a trusted proxy', () => {
    expect(clientAddress('127.0.0.1', '10.0.0.5', proxies)).toBe('10.0.0.5');
  });

  it('is null without a socket (in-process requests)', () => {
    expect(clientAddress(null, '198.51.100.1', proxies)).toBeNull();
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is empty by default and reads a comma-separated list of addresses', () => {
    expect(parseEnv({}).trustedProxies).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: ' 127.0.0.1, ::1 ,::FFFF:10.0.0.5' }).trustedProxies).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.5',
    ]);
  });

  it('refuses something that is not an address, naming the variable', () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: '127.0.0.1, proxy.internal' })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8' })).toThrow(/TRUSTED_PROXIES/);
  });
});
