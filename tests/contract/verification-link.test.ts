/** The verification e-mail links to the app at PUBLIC_URL, and that link verifies the account. */
import { serverPerFile, type TokenPair } from './support/server';
import { must } from './support/util';

const api = serverPerFile({ PUBLIC_URL: 'https://market.example.com/' });

it('is an absolute link on PUBLIC_URL whose token verifies the account', async () => {
  const email = 'linked@example.com';
  const password = 'Linked-pass-2026';
  await api.req(201, 'POST', '/api/v1/register/', { json: { email, raw_password: password } });
  const mail = must((await api.outbox()).find((m) => m.to === email));

  const link = new URL(mail.link); // throws for a relative link
  expect(`${link.origin}${link.pathname}`).toBe('https://market.example.com/verify-email');
  expect(mail.text).toContain(mail.link);

  await api.req(401, 'POST', '/api/v1/token', { json: { email, password } });
  const token = must(link.searchParams.get('token'));
  await api.req(200, 'GET', '/api/v1/verify-email/', { query: { token } });
  await api.req<TokenPair>(200, 'POST', '/api/v1/token', { json: { email, password } });
});
