/** Registration with email verification, and the signed-in user's profile. */
import { ownsOperations } from './support/coverage';
import {
  ACCOUNTS,
  invalidJsonProblems,
  type Profile,
  type Schemas,
  serverPerFile,
  type TokenPair,
} from './support/server';
import { LONG, must } from './support/util';

const api = serverPerFile();
ownsOperations(api, 'account');

describe('register and verifyEmail', () => {
  const password = 'Fresh-pass-2026';
  let accounts = 0;
  const newEmail = () => `new.client.${Date.now()}.${++accounts}@example.com`;
  const linkToken = (link: string) => new URL(link, 'http://localhost').searchParams.get('token');

  /** Registers a new account (verified when asked) and returns its address and its verification email. */
  async function registerAccount(verify: boolean) {
    const email = newEmail();
    await api.req<Schemas['Registered']>(201, 'POST', '/api/v1/register/', {
      json: { email, raw_password: password, first_name: 'Nora', last_name: 'New' },
    });
    const mail = must((await api.outbox()).find((m) => m.to === email));
    if (verify) await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token: must(linkToken(mail.link)) } });
    return { email, mail };
  }

  it('creates an account and writes a verification email to the outbox', async () => {
    const email = newEmail();
    const before = (await api.outbox()).length;
    const registered = await api.req<Schemas['Registered']>(201, 'POST', '/api/v1/register/', {
      json: { email, raw_password: password, first_name: 'Nora', last_name: 'New' },
    });
    expect(registered).toMatchObject({ email, first_name: 'Nora', last_name: 'New' });
    expect(registered.id).toEqual(expect.any(Number));
    expect(registered.detail.length).toBeGreaterThan(0);
    const mails = await api.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = must(mails.at(-1));
    expect(mail.to).toBe(email);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).toContain(mail.link);
    expect(linkToken(mail.link)).toEqual(expect.any(String));
  });

  it('refuses to sign in before the address is verified, with a detail that says so', async () => {
    const { email } = await registerAccount(false);
    const body = await api.req(401, 'POST', '/api/v1/token', { json: { email, password } });
    expect(String(body.detail)).toMatch(/verif/i);
  });

  it('verifies with the link from the email, then signs in as a client', async () => {
    const { email, mail } = await registerAccount(false);
    const token = must(linkToken(mail.link));
    const verified = await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token } });
    expect(verified.detail).toEqual(expect.any(String));
    const pair = await api.req<TokenPair>(200, 'POST', '/api/v1/token', { json: { email, password } });
    const profile = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: pair.access });
    expect(profile).toMatchObject({
      email,
      first_name: 'Nora',
      last_name: 'New',
      permissions: [],
      is_superuser: false,
      is_verified: true,
    });
    // Verifying again succeeds too ("again, if it already was").
    await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token } });
  });

  it('answers 400 to an unknown, missing or oversized verification token', async () => {
    const unknown = await api.req(400, 'GET', '/api/v1/verify-email/', { query: { token: 'no-such-token' } });
    expect(unknown.detail).toEqual(expect.any(String));
    await api.req(400, 'GET', '/api/v1/verify-email/');
    await api.req(400, 'GET', '/api/v1/verify-email/', { query: { token: 't'.repeat(201) } });
  });

  it('refuses a taken address, also in other letter case', async () => {
    const { email } = await registerAccount(true);
    const taken = await api.req(400, 'POST', '/api/v1/register/', { json: { email, raw_password: password } });
    expect(taken.email).toEqual([expect.any(String)]);
    const upper = await api.req(400, 'POST', '/api/v1/register/', {
      json: { email: ACCOUNTS.client.toUpperCase(), raw_password: password },
    });
    expect(upper.email).toEqual([expect.any(String)]);
  });

  it('validates each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', raw_password: password }, 'email'],
      [{ email: 'short@example.com', raw_password: 'Ab1!' }, 'raw_password'],
      [{ email: 'numeric@example.com', raw_password: '80417365' }, 'raw_password'],
      [{ email: 'missing@example.com' }, 'raw_password'],
      [{ raw_password: password }, 'email'],
      [{ email: 'long@example.com', raw_password: password, first_name: LONG }, 'first_name'],
      [{ email: 'typed@example.com', raw_password: password, last_name: 7 }, 'last_name'],
      [{ email: 'admin@example.com', raw_password: password, is_superuser: true }, 'is_superuser'],
      [{ email: 'perm@example.com', raw_password: password, permissions: ['add_offer'] }, 'permissions'],
    ];
    const before = (await api.outbox()).length;
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/register/', { json });
      expect(body[field], JSON.stringify(json).slice(0, 100)).toEqual([expect.any(String)]);
    }
    expect((await api.outbox()).length).toBe(before);
  });
});

describe('profile', () => {
  it('reads the signed-in user; sellers hold add_offer, clients nothing', async () => {
    const client = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('client') });
    expect(client).toMatchObject({ email: ACCOUNTS.client, permissions: [], is_superuser: false, is_verified: true });
    const seller = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('seller') });
    expect(seller.email).toBe(ACCOUNTS.seller);
    expect(seller.permissions).toContain('add_offer');
    expect(seller.id).not.toBe(client.id);
  });

  it('updates only the given fields and keeps the change', async () => {
    const token = await api.token('client');
    const before = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    const updated = await api.req<Profile>(200, 'POST', '/api/v1/profile', {
      token,
      json: { phone: '+4915112345678', company: 'Pixel Retail Europe' },
    });
    expect(updated).toMatchObject({
      phone: '+4915112345678',
      company: 'Pixel Retail Europe',
      first_name: before.first_name,
      last_name: before.last_name,
      email: before.email,
    });
    const after = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    expect(after).toEqual(updated);
    const cleared = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { phone: '' } });
    expect(cleared.phone).toBe('');
    expect(cleared.company).toBe('Pixel Retail Europe');
    const longest = await api.req<Profile>(200, 'POST', '/api/v1/profile', {
      token,
      json: { phone: '+123456789012345' },
    });
    expect(longest.phone).toBe('+123456789012345');
    const shortest = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { phone: '+1234567' } });
    expect(shortest.phone).toBe('+1234567');
    const named = await api.req<Profile>(200, 'POST', '/api/v1/profile', { token, json: { first_name: 'Adele' } });
    expect(named.first_name).toBe('Adele');
    // Another user is untouched.
    const other = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token: await api.token('client2') });
    expect(other.company).not.toBe('Pixel Retail Europe');
  });

  it('validates the phone rule and every field, writing nothing on error', async () => {
    const token = await api.token('client2');
    const before = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12345678' }, 'phone'],
      [{ phone: '+123456' }, 'phone'],
      [{ phone: '+1234567890123456' }, 'phone'],
      [{ phone: '+49 30 1234567' }, 'phone'],
      [{ first_name: 'a'.repeat(151) }, 'first_name'],
      [{ company: LONG }, 'company'],
      [{ last_name: 42 }, 'last_name'],
      [{ email: 'other@example.com' }, 'email'],
      [{ is_superuser: true }, 'is_superuser'],
      [{ permissions: ['add_offer'] }, 'permissions'],
      [{ first_name: 'Valid', phone: 'bad' }, 'phone'],
    ];
    for (const [json, field] of cases) {
      const body = await api.req(400, 'POST', '/api/v1/profile', { token, json });
      expect(body[field], JSON.stringify(json).slice(0, 80)).toEqual([expect.any(String)]);
    }
    const phoneMessage = await api.req(400, 'POST', '/api/v1/profile', { token, json: { phone: '0301234' } });
    expect(String((phoneMessage.phone as string[])[0])).toMatch(/\+.*7.*15/);
    await api.req(400, 'POST', '/api/v1/profile', { token, json: ['first_name'] });
    const after = await api.req<Profile>(200, 'GET', '/api/v1/profile', { token });
    expect(after).toEqual(before);
  });
});

describe('invalid JSON', () => {
  it('answers 400 in the documented shape on every JSON operation of this file', async () => {
    const token = await api.token('client');
    const problems = await invalidJsonProblems(api, [
      ['POST', '/api/v1/register/', ''],
      ['POST', '/api/v1/profile', token],
    ]);
    expect(problems).toEqual([]);
  });
});
