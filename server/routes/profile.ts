/** `GET|POST /api/v1/profile` (no trailing slash, as in behaviour §7): the caller's own account. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { components } from '../../openapi/schema';
import type { AppEnv, ServerContext } from '../context';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { readJson } from '../http/body';
import { unauthorized } from '../http/errors';

type ProfileBody = components['schemas']['Profile'];
type Permission = components['schemas']['Permission'];

const PERMISSIONS: readonly Permission[] = ['add_offer', 'change_offer', 'delete_offer'];
const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

async function loadProfile(db: Database, userId: number): Promise<ProfileBody> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized('User not found', 'user_not_found');
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    company: user.company,
    // The column may hold permissions the contract does not know; the app only understands these.
    permissions: user.permissions.filter(isPermission),
    is_superuser: user.isSuperuser,
    is_verified: user.isVerified,
    date_joined: user.dateJoined.toISOString(),
  };
}

export function profileRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .get('/profile', async (c) => c.json(await loadProfile(ctx.db, c.get('user').id), 200))
    .post('/profile', async (c) => {
      const body = ctx.contract.body('updateProfile', await readJson(c));
      const changes: Partial<typeof users.$inferInsert> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name.trim();
      if (body.last_name !== undefined) changes.lastName = body.last_name.trim();
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.company !== undefined) changes.company = body.company.trim();
      const userId = c.get('user').id;
      if (Object.keys(changes).length > 0) await ctx.db.update(users).set(changes).where(eq(users.id, userId));
      return c.json(await loadProfile(ctx.db, userId), 200);
    });
}
