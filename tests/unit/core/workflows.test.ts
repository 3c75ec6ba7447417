// @vitest-environment jsdom
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClients } from '@/api/client';
import type { Registration } from '@/api/models';
import { registrationLogic } from '@/features/auth/auth.implementations';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a submission typed by its contract operation', () => {
  const { api } = createApiClients({
    baseUrl: 'http://test',
    fetch: (async () => json(400, { raw_password: ['This password is too common.'] })) as typeof fetch,
  });
  const registration = createActor(registrationLogic(api), { input: { fallback: 'Something went wrong' } });

  it('takes the request body as input and keys field errors by its fields', async () => {
    registration.start();
    const input: Registration = { email: 'a@b.c', raw_password: 'password', first_name: '', last_name: '' };
    registration.send({ type: 'submission.submit', input });
    const failed = await waitFor(registration, (s) => s.matches('idle') && s.context.problem !== null);
    expect(failed.context.fieldErrors).toEqual({ raw_password: 'This password is too common.' });
    expectTypeOf(failed.context.fieldErrors).toEqualTypeOf<
      Partial<Record<'email' | 'raw_password' | 'first_name' | 'last_name', string>>
    >();
    expectTypeOf(failed.context.result).toEqualTypeOf<{
      id: number;
      email: string;
      first_name: string;
      last_name: string;
      detail: string;
    } | null>();
    registration.stop();
  });

  it('does not compile a misspelled or missing field', () => {
    const send = (input: Registration) => input;
    // @ts-expect-error `password` is not a field of the registration body (it is `raw_password`).
    send({ email: 'a@b.c', password: 'x' });
    // @ts-expect-error a misspelled field is refused.
    send({ email: 'a@b.c', raw_password: 'x', frist_name: 'Ada' });
    const wrongEvent = () =>
      // @ts-expect-error the submit event carries the body, typed.
      registration.send({ type: 'submission.submit', input: { email: 'a@b.c', raw_pasword: 'x' } });
    expect(typeof wrongEvent).toBe('function');
  });
});
