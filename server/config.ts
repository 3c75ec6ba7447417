import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { normalizeAddress } from './http/client-address';

type Env = Record<string, string | undefined>;

/** The sign-in throttle's limits (auth/throttle.ts), set from the environment. */
export interface SignInLimits {
  /** Failed attempts allowed per account within the window. */
  accountFailures: number;
  /** Failed attempts allowed per client address within the window. */
  addressFailures: number;
  windowSeconds: number;
}

/** Settings that can be read without touching the disk. */
export interface EnvConfig {
  port: number;
  host: string;
  /** Absolute path; holds `pgdata/`, `jwt-secret` and `outbox.jsonl`. */
  dataDir: string;
  /** When set, PostgreSQL at this URL is used instead of the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** Number of offers seeded into a fresh database. */
  seedOffers: number;
  /** Request logging; `LOG=off` silences it. */
  log: boolean;
  /** Where people open the app (an origin, no trailing slash); links in e-mails start with it. */
  publicUrl: string;
  /**
   * Failed sign-ins allowed per account and per client address within a sliding window. The
   * address limit is the looser one: tests and people behind one address sign in from 127.0.0.1.
   */
  signIn: SignInLimits;
  /**
   * Addresses of reverse proxies (TRUSTED_PROXIES, comma-separated) whose X-Forwarded-For names
   * the client; empty: the TCP peer is the client.
   */
  trustedProxies: string[];
  /**
   * ROTATE_REFRESH_TOKENS: a refresh answers a new refresh token and revokes the one it was given,
   * as SimpleJWT does with ROTATE_REFRESH_TOKENS and BLACKLIST_AFTER_ROTATION. On by default.
   */
  rotateRefreshTokens: boolean;
}

export interface Config extends EnvConfig {
  /** HS256 key material for access and refresh tokens. */
  jwtSecret: string;
}

const MIN_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]?.trim()}"`);
}

function nonEmpty(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** `host` as it goes into a URL: an address that listens everywhere is reached as localhost. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * PUBLIC_URL, or where the server listens. An e-mail link must be absolute, so this has to be an
 * http(s) origin; the app's routes sit at the root, so a path other than `/` would make dead links.
 */
function publicUrl(env: Env, host: string, port: number): string {
  const raw = nonEmpty(env, 'PUBLIC_URL');
  if (raw === null) return `http://${urlHost(host)}:${port}`;
  const problem = `PUBLIC_URL must be an http:// or https:// URL such as https://market.example.com, got "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(problem);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL must be an origin only (scheme, host and port), got "${raw}"`);
  }
  return url.origin;
}

function addresses(env: Env, name: string): string[] {
  const raw = nonEmpty(env, name);
  if (raw === null) return [];
  return raw.split(',').map((entry) => {
    const address = normalizeAddress(entry);
    if (isIP(address) === 0) {
      throw new ConfigError(`${name} must list IP addresses separated by commas, got "${entry.trim()}"`);
    }
    return address;
  });
}

/** Parses the environment; no side effects (the reset command uses this and must not create files). */
export function parseEnv(env: Env = process.env): EnvConfig {
  const log = (env.LOG ?? '').trim().toLowerCase();
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: path.resolve(process.cwd(), nonEmpty(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: nonEmpty(env, 'DATABASE_URL'),
    seedOffers: integer(env, 'SEED_OFFERS', 200, 0, 10_000_000),
    log: !['off', 'false', '0', 'no'].includes(log),
    publicUrl: publicUrl(env, host, port),
    signIn: {
      accountFailures: integer(env, 'SIGNIN_ACCOUNT_FAILURES', 5, 1, 1000),
      addressFailures: integer(env, 'SIGNIN_ADDRESS_FAILURES', 20, 1, 100_000),
      windowSeconds: integer(env, 'SIGNIN_WINDOW_SECONDS', 60, 1, 600),
    },
    trustedProxies: addresses(env, 'TRUSTED_PROXIES'),
    rotateRefreshTokens: flag(env, 'ROTATE_REFRESH_TOKENS', true),
  };
}

/**
 * The secret survives restarts (so issued tokens stay valid) by living in the data dir, readable
 * by the owner only. `wx` makes a concurrent first start read the other process's secret.
 */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to get a new one`,
    );
  }
  return secret;
}

/** `loadConfig` for a command's start: a bad setting prints its message and exits with 1, no stack trace. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Full configuration; creates `$DATA_DIR/jwt-secret` on first use unless JWT_SECRET is set. */
export function loadConfig(env: Env = process.env): Config {
  const base = parseEnv(env);
  const given = nonEmpty(env, 'JWT_SECRET');
  if (given !== null && given.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return { ...base, jwtSecret: given ?? dataDirSecret(base.dataDir) };
}
