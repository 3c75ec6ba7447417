/**
 * The announcement contract (behaviour §10), a sign-in that goes through: the whole app
 * (`<App />` as main.tsx mounts it), since the first page's code arrives after the form has gone.
 */
import { screen, waitFor } from '@testing-library/react';
import { aProfile } from '../../support/fixtures';
import { expectHeard, listen } from '../../support/screen-reader';
import { renderWholeApp } from '../../support/whole-app';
import { options } from './announcement-fixtures';

describe('signing in', { timeout: 30_000 }, () => {
  it('S9 a sign-in that goes through puts focus on the first page’s heading', async () => {
    localStorage.clear();
    const { user } = renderWholeApp('/signin', {
      'POST /api/v1/token': { body: { access: 'access-token', refresh: 'refresh-token' } },
      'GET /api/v1/profile': { body: aProfile() },
      'GET /api/v1/options/': { body: options },
      'GET /api/v1/offers/': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
    await listen();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Offers', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    await expectHeard(['heading, Offers, level 1']);
  });
});
