/** Registration refuses a password as Django's default validators would, with every message at once. */
import { serverPerFile } from './support/server';

const api = serverPerFile();
const TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';

it.each([
  [{ raw_password: 'password1' }, ['This password is too common.']],
  [{ raw_password: '80417365' }, ['This password is entirely numeric.']],
  [{ raw_password: 'Xy7#kq!' }, [TOO_SHORT]],
  [{ raw_password: '1234' }, [TOO_SHORT, 'This password is too common.', 'This password is entirely numeric.']],
  [{ raw_password: 'Mirabelle!', first_name: 'Mirabelle' }, ['The password is too similar to the first name.']],
  [{ raw_password: 'Testers!' }, ['The password is too similar to the email address.']],
])('refuses %j with every broken rule under raw_password', async (fields, messages) => {
  const before = (await api.outbox()).length;
  const body = await api.req(400, 'POST', '/api/v1/register/', {
    json: { email: 'rule.tester@example.com', ...fields },
  });
  expect(body).toEqual({ raw_password: messages });
  expect((await api.outbox()).length).toBe(before);
});

it("keeps the contract's messages for other fields beside a short password's", async () => {
  const body = await api.req(400, 'POST', '/api/v1/register/', {
    json: { email: 'not-an-email', raw_password: 'abc' },
  });
  expect(body.raw_password).toEqual([TOO_SHORT, 'This password is too common.']);
  expect(body.email).toEqual([expect.any(String)]);
});

it('accepts a password that breaks no rule', async () => {
  await api.req(201, 'POST', '/api/v1/register/', {
    json: {
      email: 'rule.keeper@example.com',
      raw_password: 'Quiet-harbor-47',
      first_name: 'Rule',
      last_name: 'Keeper',
    },
  });
});
