/**
 * Authentication for `/api/v1/*`: every operation needs a valid access token except those the
 * contract marks `security: []`. The user is re-read on each request so permission changes apply
 * at once.
 */
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv, AuthUser, ServerContext } from '../context';
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

export function authenticate(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  const anonymous = anonymousPaths(ctx.contract.document);
  // Built once: the statement is the same on every request, only the id changes.
  const userById = ctx.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id');
  return async (c, next) => {
    if (anonymous.has(c.req.path)) return next();
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const userId = await ctx.tokens.verifyAccess(match[1]);
    const [row] = await userById.execute({ id: userId });
    if (!row) throw unauthorized('User not found', 'user_not_found');
    const permissions = row.permissions ?? [];
    const user: AuthUser = {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      permissions,
      isSuperuser: row.isSuperuser,
      isSeller: permissions.includes('add_offer'),
    };
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
