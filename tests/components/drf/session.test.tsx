/**
 * The whole app (`<App />` as main.tsx mounts it) on a DRF back end whose answers keep a stored
 * session from loading: no state of the session keeps the user from signing in again, and an auth
 * path that differs from the contract's is named as such, not as a wrong password.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { tokenStore } from '@/api/token-store';
import { expiredWithSessionFirst, getNotAllowed, TOKENS } from '../../support/drf-answers';
import { deferred, type Routes } from '../../support/render';
import { renderWholeApp } from '../../support/whole-app';

/** The app at `path` with a stored (expired) session, on a back end answering `routes`. */
function renderApp(path: string, routes: Routes) {
  tokenStore.save({ access: TOKENS.expiredAccess, refresh: TOKENS.refresh });
  return renderWholeApp(path, routes);
}

const PROBLEM = 'Your account could not be loaded';

describe('a stored session that cannot be loaded', { timeout: 30_000 }, () => {
  it('still shows the sign-in page on /signin, and signing in there replaces the stored session', async () => {
    const profile = deferred<{ status: number; body: unknown }>();
    let loads = 0;
    const { user, server } = renderApp('/signin', {
      // The first load fails (the server has a problem); the one after the new sign-in waits.
      'GET /api/v1/profile': () => (++loads === 1 ? { status: 500, body: {} } : profile.promise),
      'POST /api/v1/token': { body: { access: TOKENS.rotatedAccess, refresh: TOKENS.rotatedRefresh } },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PROBLEM })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.callsTo('GET /api/v1/profile')).toHaveLength(2));
    expect(tokenStore.refreshToken()).toBe(TOKENS.rotatedRefresh);
  });

  it('says why elsewhere, with a way back to the sign-in page that forgets the stored session', async () => {
    const { user } = renderApp('/offers', {
      'GET /api/v1/profile': expiredWithSessionFirst,
      // The refresh path of this back end ends in a slash: the POST came back as a refused GET.
      'POST /api/v1/token/refresh': getNotAllowed,
    });
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByRole('heading', { name: PROBLEM })).toBeInTheDocument();
    expect(problem).toHaveTextContent(
      'The server\'s address for renewing the session does not match the app\'s (POST /api/v1/token/refresh). See "Using your Django REST Framework back end" in the README.',
    );
    // A misplaced path is no sign-out: Try again keeps the session ...
    expect(tokenStore.refreshToken()).toBe(TOKENS.refresh);
    // ... and Sign in again drops it.
    await user.click(within(problem).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(tokenStore.hasTokens()).toBe(false);
  });

  it('names a sign-in path that differs from the contract’s instead of calling the password wrong', async () => {
    localStorage.clear();
    const { user } = renderWholeApp('/signin', { 'POST /api/v1/token': getNotAllowed });
    await user.type(await screen.findByLabelText('Email'), 'seller@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const notices = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(notices).getByRole('alert')).toHaveTextContent(
        "The server's address for signing in does not match the app's (POST /api/v1/token).",
      ),
    );
    expect(notices).not.toHaveTextContent('Invalid email or password');
  });
});
