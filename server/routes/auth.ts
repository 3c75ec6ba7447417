/**
 * Sign-in, token refresh and sign-out (SimpleJWT conventions), registration and email
 * verification. Every operation here is anonymous (`security: []` in the contract).
 */
import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { MIN_PASSWORD_LENGTH, passwordProblems } from '../auth/password-rules';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { AppEnv, ServerContext } from '../context';
import { emailVerifications, users } from '../db/schema';
import { readJson } from '../http/body';
import { clientAddress } from '../http/client-address';
import { badRequest, type FieldErrors, HttpError, unauthorized } from '../http/errors';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const BAD_CREDENTIALS = 'No active account found with the given credentials';
const NOT_VERIFIED = 'Please verify your email address before signing in. Check your inbox for the link.';
const DUPLICATE_EMAIL = 'A user with this email already exists.';
const BAD_LINK = 'This verification link is invalid or has expired.';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A hash to check passwords against when the email is unknown, so that an unknown address takes
 * as long to refuse as a wrong password and response times do not reveal who has an account.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
};

/**
 * The register body as the contract takes it. The contract's `minLength` on raw_password says what
 * the first password rule says; a password too short gets, instead of that one message, every
 * password rule it breaks, beside the contract's messages for the other fields.
 */
function registerBody(ctx: ServerContext, raw: unknown) {
  try {
    return ctx.contract.body('register', raw);
  } catch (error) {
    const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const password = fields.raw_password;
    if (!(error instanceof HttpError) || error.status !== 400 || typeof password !== 'string') throw error;
    if (Array.from(password).length >= MIN_PASSWORD_LENGTH) throw error;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const owner = {
      email: normalizeEmail(text(fields.email)),
      firstName: text(fields.first_name),
      lastName: text(fields.last_name),
    };
    throw badRequest({ ...(error.body as FieldErrors), raw_password: passwordProblems(password, owner) });
  }
}

/** The peer's address; null for requests that came through no socket (`app.request` in tests). */
function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** DRF's throttled answer: 429 with `Retry-After` and the wait in the detail. */
function throttled(seconds: number): HttpError {
  const unit = seconds === 1 ? 'second' : 'seconds';
  return new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${seconds} ${unit}.` },
    { 'Retry-After': String(seconds) },
  );
}

/** PostgreSQL's unique_violation, which drizzle wraps in its own error as the `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function authRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>()
    .post('/token', async (c) => {
      const body = ctx.contract.body('obtainToken', await readJson(c));
      const email = normalizeEmail(body.email);
      const blanks: FieldErrors = {};
      if (email === '') blanks.email = ['This field may not be blank.'];
      if (body.password === '') blanks.password = ['This field may not be blank.'];
      if (Object.keys(blanks).length > 0) throw badRequest(blanks);

      const address = clientAddress(peerAddress(c), c.req.header('X-Forwarded-For'), ctx.trustedProxies);
      const attempt = await ctx.signInThrottle.attempt(email, address);
      if (!attempt.allowed) throw throttled(attempt.retryAfterSeconds);
      let verdict = false;
      let user: { id: number; isVerified: boolean } | undefined;
      try {
        const [found] = await ctx.db
          .select({ id: users.id, passwordHash: users.passwordHash, isVerified: users.isVerified })
          .from(users)
          .where(eq(users.email, email));
        const matches = await verifyPassword(body.password, found?.passwordHash ?? (await decoy()));
        verdict = true;
        if (!found || !matches) {
          await ctx.signInThrottle.failed(attempt);
          throw unauthorized(BAD_CREDENTIALS);
        }
        // The right password takes the attempt back off the counts, even before the email is verified.
        await ctx.signInThrottle.succeeded(email, attempt);
        user = found;
      } finally {
        // Without a verdict (the lookup failed) the attempt says nothing about the password, so it
        // is taken back; the error that got here is the one to answer, and should taking it back
        // fail too, the row counts as a failure once stale. With a verdict that could not be
        // recorded, the row stays pending: counted as failed, never as a success.
        if (!verdict) await ctx.signInThrottle.abandoned(attempt).catch(() => undefined);
      }
      if (!user.isVerified) throw unauthorized(NOT_VERIFIED, 'email_not_verified');
      return c.json(await ctx.tokens.issuePair(user.id), 200);
    })
    .post('/token/refresh', async (c) => {
      const body = ctx.contract.body('refreshToken', await readJson(c));
      return c.json(await ctx.tokens.refresh(body.refresh), 200);
    })
    .post('/token/blacklist', async (c) => {
      const body = ctx.contract.body('revokeToken', await readJson(c));
      await ctx.tokens.revoke(body.refresh);
      return c.json({}, 200);
    })
    .post('/register/', async (c) => {
      const raw = await readJson(c);
      // Surrounding spaces are a typing slip, not part of the address; trim before the format check.
      if (raw && typeof raw === 'object' && typeof (raw as { email?: unknown }).email === 'string') {
        (raw as { email: string }).email = (raw as { email: string }).email.trim();
      }
      const body = registerBody(ctx, raw);
      const email = normalizeEmail(body.email);
      const firstName = body.first_name?.trim() ?? '';
      const lastName = body.last_name?.trim() ?? '';

      const errors: FieldErrors = {};
      const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) errors.email = [DUPLICATE_EMAIL];
      const problems = passwordProblems(body.raw_password, { email, firstName, lastName });
      if (problems.length > 0) errors.raw_password = problems;
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      const now = ctx.now();
      const passwordHash = await hashPassword(body.raw_password);
      const token = randomBytes(32).toString('base64url');
      let userId: number;
      try {
        userId = await ctx.db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ email, passwordHash, firstName, lastName, permissions: [], isVerified: false, dateJoined: now })
            .returning({ id: users.id });
          if (!user) throw new Error('The user insert returned nothing');
          await tx
            .insert(emailVerifications)
            .values({ token, userId: user.id, expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) });
          return user.id;
        });
      } catch (error) {
        // Two registrations of one address at once: the unique index decides, the loser gets a 400.
        if (isUniqueViolation(error)) throw badRequest({ email: [DUPLICATE_EMAIL] });
        throw error;
      }

      const link = `${ctx.publicUrl}/verify-email?token=${token}`;
      await ctx.outbox.send({
        to: email,
        subject: 'Verify your email address',
        text: `Welcome${firstName ? `, ${firstName}` : ''}! Open this link within 24 hours to verify your email address: ${link}`,
        link,
      });
      return c.json(
        {
          id: userId,
          email,
          first_name: firstName,
          last_name: lastName,
          detail: 'We sent a verification link to your email address.',
        },
        201,
      );
    })
    .get('/verify-email/', async (c) => {
      let token: string;
      try {
        token = ctx.contract.query('verifyEmail', c.req.query()).token;
      } catch {
        // A missing or overlong token is a broken link; the contract answers those with a detail.
        throw new HttpError(400, { detail: BAD_LINK });
      }
      const now = ctx.now();
      const [found] = await ctx.db
        .select({
          token: emailVerifications.token,
          userId: emailVerifications.userId,
          expiresAt: emailVerifications.expiresAt,
          usedAt: emailVerifications.usedAt,
          isVerified: users.isVerified,
        })
        .from(emailVerifications)
        .innerJoin(users, eq(users.id, emailVerifications.userId))
        .where(eq(emailVerifications.token, token));
      if (!found) throw new HttpError(400, { detail: BAD_LINK });
      // A second click on the same link (or a mail client's link preview) must not read as a failure.
      if (found.usedAt && found.isVerified) return c.json({ detail: 'Your email has been verified.' }, 200);
      if (found.usedAt || found.expiresAt.getTime() <= now.getTime()) throw new HttpError(400, { detail: BAD_LINK });

      await ctx.db.transaction(async (tx) => {
        await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(eq(emailVerifications.token, found.token), isNull(emailVerifications.usedAt)));
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, found.userId));
      });
      return c.json({ detail: 'Your email has been verified.' }, 200);
    });
}
