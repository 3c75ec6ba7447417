import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config';

describe('PUBLIC_URL', () => {
  it('defaults to where the server listens', () => {
    expect(parseEnv({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(parseEnv({ HOST: 'shop.internal', PORT: '8080' }).publicUrl).toBe('http://shop.internal:8080');
    expect(parseEnv({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
  });

  it('reaches an address that listens everywhere as localhost', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(parseEnv({ HOST: '::' }).publicUrl).toBe('http://localhost:3000');
  });

  it('takes an http(s) origin, with or without a trailing slash', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://market.example.com' }).publicUrl).toBe('https://market.example.com');
    expect(parseEnv({ PUBLIC_URL: ' https://market.example.com/ ' }).publicUrl).toBe('https://market.example.com');
    expect(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:4173/' }).publicUrl).toBe('http://127.0.0.1:4173');
    expect(parseEnv({ PUBLIC_URL: 'HTTPS://Market.Example.com:443' }).publicUrl).toBe('https://market.example.com');
  });

  it.each([
    'market.example.com',
    '/verify',
    'ftp://market.example.com',
    'javascript:alert(1)',
    'https://market.example.com/shop',
    'https://market.example.com/?a=1',
    'https://market.example.com/#top',
    'https://user:secret@market.example.com',
  ])('refuses %s with a message naming the variable', (value) => {
    expect(() => parseEnv({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => parseEnv({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });
});

describe('ROTATE_REFRESH_TOKENS', () => {
  it('rotates refresh tokens unless turned off, as SimpleJWT does with rotation and blacklisting on', () => {
    expect(parseEnv({}).rotateRefreshTokens).toBe(true);
    expect(parseEnv({ ROTATE_REFRESH_TOKENS: 'false' }).rotateRefreshTokens).toBe(false);
    expect(parseEnv({ ROTATE_REFRESH_TOKENS: ' Off ' }).rotateRefreshTokens).toBe(false);
    expect(parseEnv({ ROTATE_REFRESH_TOKENS: '1' }).rotateRefreshTokens).toBe(true);
    expect(() => parseEnv({ ROTATE_REFRESH_TOKENS: 'sometimes' })).toThrow(/ROTATE_REFRESH_TOKENS/);
  });
});
