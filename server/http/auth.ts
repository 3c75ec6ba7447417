/**
 * Authentication for `/api/v1/*`: every operation needs a valid access token except those the
 * contract marks `security: []`. A change to a user applies from the next request on: each request
 * reads the change stamps (server/db/change-stamps.ts) and a user kept from an earlier request is
 * used only while the users' stamp is the one it was read under.
 */
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv, AuthUser, ServerContext } from '../context';
import { changeStamps } from '../db/change-stamps';
import { users } from '../db/schema';
import { forbidden, unauthorized } from './errors';

function anonymousPaths(document: Record<string, unknown>): Set<string> {
  const anonymous = new Set<string>();
  const paths = document.paths as Record<string, Record<string, { security?: unknown[] }>>;
  for (const [path, item] of Object.entries(paths)) {
    const operations = Object.values(item);
    if (operations.length > 0 && operations.every((op) => Array.isArray(op.security) && op.security.length === 0)) {
      anonymous.add(path);
    }
  }
  return anonymous;
}

/** Users kept at most between two changes: a few hundred bytes each. */
const MAX_KEPT_USERS = 10_000;

export function authenticate(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  const anonymous = anonymousPaths(ctx.contract.document);
  // Built once: the statement is the same on every request, only the id changes.
  const userById = ctx.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');
  const stamps = changeStamps(ctx.db);
  /** Users read since the users' stamp was `stamp`; all of them go when it moves on. */
  let kept = { stamp: -1n, users: new Map<number, AuthUser>() };
  const load = async (id: number): Promise<AuthUser | undefined> => {
    const [row] = await userById.execute({ id });
    if (!row) return undefined;
    const permissions = row.permissions ?? [];
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      permissions,
      isSuperuser: row.isSuperuser,
      isSeller: permissions.includes('add_offer'),
    };
  };
  return async (c, next) => {
    if (anonymous.has(c.req.path)) return next();
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const userId = await ctx.tokens.verifyAccess(match[1]);
    const seen = await stamps();
    c.set('stamps', seen);
    const stamp = BigInt(seen.users);
    if (stamp > kept.stamp || kept.users.size >= MAX_KEPT_USERS) kept = { stamp, users: new Map() };
    // A request whose stamp is older than the kept one (its statement was answered later) reads
    // its user anew. A user is read after the stamp: a write in between only makes it newer.
    const user = (stamp === kept.stamp ? kept.users.get(userId) : undefined) ?? (await load(userId));
    if (!user) throw unauthorized('User not found', 'user_not_found');
    if (stamp === kept.stamp) kept.users.set(userId, user);
    c.set('user', user);
    return next();
  };
}

/** Seller-only operations: 403 for everyone without add_offer (superusers pass). */
export function requireSeller(c: AppContext): AuthUser {
  const user = c.get('user');
  if (!user.isSeller && !user.isSuperuser) throw forbidden();
  return user;
}
