import { screen, waitFor, within } from '@testing-library/react';
import { VerifyEmailPage } from '@/features/auth/pages/verify-email-page';
import { deferred, type RenderPageOptions, type Reply, renderPage } from '../../support/render';

const VERIFY = 'GET /api/v1/verify-email/';
const snackbarAlert = () => within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');

const renderVerify = (options: RenderPageOptions) => renderPage(<VerifyEmailPage />, options);

describe('VerifyEmailPage', () => {
  it('shows a loading status, then the success text with a sign-in link', async () => {
    const answer = deferred<Reply>();
    const { server } = renderVerify({
      path: '/verify-email?token=abc%2B1',
      routes: { [VERIFY]: () => answer.promise },
    });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Verifying your email…');

    answer.resolve({ body: { detail: 'Your email has been verified.' } });
    expect(await screen.findByRole('heading', { name: 'Your email has been verified' })).toHaveFocus();
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(server.callsTo(VERIFY).map((r) => r.query.get('token'))).toEqual(['abc+1']);
  });

  it('shows the server message after "An error occurred", also in the snackbar', async () => {
    renderVerify({
      path: '/verify-email?token=stale',
      routes: { [VERIFY]: { status: 400, body: { detail: 'This verification link is invalid or has expired.' } } },
    });
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toHaveFocus();
    expect(
      screen.getByText('This verification link is invalid or has expired.', { selector: '.auth__text' }),
    ).toBeVisible();
    expect(snackbarAlert()).toHaveTextContent('This verification link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('falls back to "Please contact support for assistance" when the server says nothing', async () => {
    renderVerify({ path: '/verify-email?token=abc', routes: { [VERIFY]: { status: 400, body: {} } } });
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeVisible();
    expect(screen.getByText('Please contact support for assistance', { selector: '.auth__text' })).toBeVisible();
    await waitFor(() => expect(snackbarAlert()).toHaveTextContent('Please contact support for assistance'));
  });

  it('fails with the fallback, without calling the server, when the link has no token', async () => {
    const { server } = renderVerify({ path: '/verify-email' });
    expect(screen.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
    expect(screen.getByText('Please contact support for assistance', { selector: '.auth__text' })).toBeVisible();
    await waitFor(() => expect(snackbarAlert()).toHaveTextContent('Please contact support for assistance'));
    expect(server.requests).toHaveLength(0);
  });

  it('checks the link once under StrictMode', async () => {
    const { server } = renderVerify({
      path: '/verify-email?token=abc',
      strict: true,
      routes: { [VERIFY]: { body: { detail: 'Your email has been verified.' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Your email has been verified' })).toBeVisible();
    expect(server.callsTo(VERIFY)).toHaveLength(1);
  });
});
