import { screen, waitFor, within } from '@testing-library/react';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { aProfile } from '../../support/fixtures';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
const snackbarAlert = () => within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');

const renderSignIn = (routes: Routes = {}) => renderPage(<SignInPage />, { path: '/signin', routes });

describe('SignInPage', () => {
  it('shows the required message for each field on blur, not before', async () => {
    const { user } = renderSignIn();
    await user.click(email());
    expect(screen.queryByText('The field is required')).not.toBeInTheDocument();

    await user.tab();
    expect(email()).toHaveAccessibleDescription('The field is required');
    expect(password()).not.toHaveAccessibleDescription();

    await user.tab();
    expect(password()).toHaveAccessibleDescription('The field is required');
    expect(email()).toBeInvalid();
  });

  it('clears a message while typing and moves focus to the first invalid field on submit', async () => {
    const { user, server } = renderSignIn();
    await user.click(signInButton());
    expect(email()).toHaveFocus();
    expect(screen.getAllByText('The field is required')).toHaveLength(2);

    await user.type(email(), 'ada@example.com');
    expect(email()).not.toHaveAccessibleDescription();
    await user.click(signInButton());
    expect(password()).toHaveFocus();
    expect(server.requests).toHaveLength(0);
  });

  it('takes focus on its heading when it appears with focus nowhere, so Tab goes on from the top', async () => {
    // Arriving from the verification page's link, or after signing out: what had focus is gone.
    const { user } = renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus();
    await user.tab();
    expect(email()).toHaveFocus();
  });

  it('links to sign up', () => {
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('signs in with the trimmed email and loads the profile', async () => {
    const profile = aProfile();
    const { user, server } = renderSignIn({
      'POST /api/v1/token': { body: { access: 'a', refresh: 'r' } },
      'GET /api/v1/profile': { body: profile },
    });
    await user.type(email(), ' ada@example.com ');
    await user.type(password(), 'secret-password');
    await user.click(signInButton());

    await waitFor(() => expect(server.callsTo('GET /api/v1/profile')).toHaveLength(1));
    expect(server.callsTo('POST /api/v1/token')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
    });
    expect(localStorage.getItem('marketplace:refresh-token')).toBe('"r"');
  });

  it.each<[string, Reply, string]>([
    ['a refusal without a message', { status: 401, body: {} }, 'Invalid email or password'],
    [
      'a refusal with a detail',
      { status: 401, body: { detail: 'Your email is not verified.' } },
      'Your email is not verified.',
    ],
    ['an answer without tokens', { status: 200, body: { access: 'a' } }, 'Something wrong'],
  ])('shows %s in the error snackbar', async (_, reply, message) => {
    const { user } = renderSignIn({ 'POST /api/v1/token': reply });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong');
    await user.click(signInButton());

    await waitFor(() => expect(snackbarAlert()).toHaveTextContent(message));
    expect(screen.getByText(message, { selector: '.snackbar__message' })).toBeVisible();
    expect(signInButton()).toBeEnabled();
  });

  it('puts server field errors on their fields and focuses the first', async () => {
    const { user } = renderSignIn({
      'POST /api/v1/token': { status: 400, body: { password: ['Ensure this field has at most 128 characters.', 'x'] } },
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'long');
    await user.click(signInButton());

    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription('Ensure this field has at most 128 characters.'),
    );
    expect(password()).toHaveFocus();
    expect(email()).not.toHaveAccessibleDescription();
  });

  it('shows progress while signing in and sends one request however often it is submitted', async () => {
    const answer = deferred<Reply>();
    const { user, server } = renderSignIn({ 'POST /api/v1/token': () => answer.promise });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret-password');
    await user.click(signInButton());

    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument());
    await user.click(signInButton());
    await user.type(password(), '{Enter}');
    expect(server.callsTo('POST /api/v1/token')).toHaveLength(1);

    answer.resolve({ status: 401, body: {} });
    await waitFor(() => expect(snackbarAlert()).toHaveTextContent('Invalid email or password'));
    expect(server.callsTo('POST /api/v1/token')).toHaveLength(1);
  });

  it('announces its progress as text, which outlives the button', async () => {
    const answer = deferred<Reply>();
    const { user, unmount } = renderSignIn({ 'POST /api/v1/token': () => answer.promise });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret-password');
    await user.click(signInButton());

    const assertive = () => screen.getAllByRole('log').find((log) => log.getAttribute('aria-live') === 'assertive');
    await waitFor(() => expect(assertive()).toHaveTextContent('In progress Sign in'));
    // Signed in, the form goes: nothing in the announcement points at its button.
    unmount();
    expect(assertive()).toHaveTextContent('In progress Sign in');
    expect(within(assertive() as HTMLElement).queryByRole('img')).not.toBeInTheDocument();
    expect(assertive()?.querySelector('[aria-labelledby]')).toBeNull();
  });

  it('says the service is briefly unavailable on a 503, and never sends the sign-in again by itself', async () => {
    const { user, server } = renderSignIn({
      'POST /api/v1/token': {
        status: 503,
        body: { detail: 'The database does not answer.', code: 'service_unavailable' },
        headers: { 'Retry-After': '1' },
      },
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret-password');
    await user.click(signInButton());

    await waitFor(() =>
      expect(snackbarAlert()).toHaveTextContent('The service is briefly unavailable. Please try again in a moment.'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.callsTo('POST /api/v1/token')).toHaveLength(1);
    expect(signInButton()).toBeEnabled();
  }, 10_000);
});
