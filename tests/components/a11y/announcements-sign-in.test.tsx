/**
 * The announcement contract (behaviour §10), signing in: the required fields, the pending
 * button and each refusal. Test names carry the contract's row numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { deferred, type Reply, renderPage } from '../../support/render';
import { expectHeard, heard, listen } from '../../support/screen-reader';

const TOKEN = 'POST /api/v1/token';
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
const snackbarAlert = () => within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');

function renderSignIn(replies: (Reply | Promise<Reply>)[] = []) {
  const page = renderPage(<SignInPage />, { path: '/signin', routes: { [TOKEN]: () => replies.shift() ?? {} } });
  return page;
}

describe('signing in', { timeout: 30_000 }, () => {
  it('S1, S2 a required field says so when focus comes back to it, and on Sign in focus goes to the first', async () => {
    const { user } = renderSignIn();
    await listen();
    await user.tab();
    await user.tab();
    // The password field has no ARIA role (HTML-AAM); screen readers say "password" or "protected".
    await expectHeard(['textbox, Email', 'Password']);
    await user.tab({ shift: true });
    await expectHeard(['textbox, Email, The field is required, invalid']);

    await user.tab();
    await user.tab();
    await heard();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await expectHeard(['textbox, Email, The field is required, invalid']);
  });

  it('S3–S8 says each refusal assertively, and the pending button while it has focus', async () => {
    const first = deferred<Reply>();
    const { user } = renderSignIn([
      first.promise,
      { status: 401, body: { detail: 'No active account found with the given credentials' } },
      { status: 200, body: { access: 'a' } },
      { status: 503, body: { detail: 'The database does not answer.', code: 'service_unavailable' } },
      { status: 405, body: { detail: 'Method "GET" not allowed.' } },
    ]);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.tab();
    await listen();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument());
    await expectHeard(['assertive: In progress Sign in']);
    first.resolve({ status: 401, body: {} });
    await waitFor(() => expect(snackbarAlert()).toHaveTextContent('Invalid email or password'));
    await waitFor(() => expect(signInButton()).not.toHaveAttribute('aria-disabled'));
    await expectHeard(['assertive: Invalid email or password', 'assertive: Sign in']);

    for (const message of [
      'No active account found with the given credentials',
      'Something wrong',
      'The service is briefly unavailable. Please try again in a moment.',
      'The server\'s address for signing in does not match the app\'s (POST /api/v1/token). See "Using your Django REST Framework back end" in the README.',
    ]) {
      await user.keyboard('{Enter}');
      await waitFor(() => expect(snackbarAlert()).toHaveTextContent(message));
      await waitFor(() => expect(signInButton()).not.toHaveAttribute('aria-disabled'));
      await expectHeard(['assertive: In progress Sign in', `assertive: ${message}`, 'assertive: Sign in']);
    }
  });
});
