import { selectDisplayName } from '@machines/session/session.selectors';
import { screen, waitFor, within } from '@testing-library/react';
import { SessionContext } from '@/core/session/session';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { themePreference } from '@/lib/preferences';
import { aProfile } from '../../support/fixtures';
import { deferred, type RenderPageOptions, type Reply, renderPage } from '../../support/render';

const PHONE_MESSAGE = 'Phone number must be a valid international format starting with + and contain 7-15 digits';
const field = (label: string) => screen.getByLabelText(label);
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

/** Shows whom the session thinks is signed in, to see `profile.changed` arrive. */
function SessionName() {
  const name = SessionContext.useSelector(selectDisplayName);
  return <p>Session user: {name}</p>;
}

function renderProfile(options: RenderPageOptions = {}) {
  return renderPage(
    <>
      <main>
        <ProfilePage />
      </main>
      <SessionName />
    </>,
    { path: '/profile', signedIn: aProfile(), ...options },
  );
}

describe('ProfilePage', () => {
  it('shows a loading status, then the profile in the form with the email read-only', async () => {
    const answer = deferred<Reply>();
    renderProfile({ routes: { 'GET /api/v1/profile': () => answer.promise } });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading your profile…');

    answer.resolve({ body: aProfile({ phone: '+4930123456' }) });
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Phone')).toHaveValue('+4930123456');
    expect(field('Company')).toHaveValue('Analytical Engines');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Email')).toHaveAttribute('readonly');
  });

  it('shows a load failure with a way to try again', async () => {
    let calls = 0;
    const { user } = renderProfile({
      signedIn: undefined,
      routes: {
        'GET /api/v1/profile': () => {
          calls += 1;
          return calls === 1 ? { status: 503, body: { detail: 'Down for maintenance.' } } : { body: aProfile() };
        },
      },
    });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('The service is briefly unavailable. Please try again in a moment.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  it('checks the phone rule on blur, not before', async () => {
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Phone'), '0301234');
    expect(field('Phone')).toBeValid();
    await user.tab();
    expect(field('Phone')).toHaveAccessibleDescription(expect.stringContaining(PHONE_MESSAGE));
    expect(field('Phone')).toBeInvalid();
  });

  it.each(['', '+1234567', '+123456789012345'])('accepts the phone %j', async (phone) => {
    const { user } = renderProfile();
    await user.click(await screen.findByLabelText('Phone'));
    if (phone) await user.keyboard(phone);
    await user.tab();
    expect(field('Phone')).toBeValid();
  });

  it.each(['+123456', '+1234567890123456', '+12 3456789', '12345678'])('refuses the phone %j', async (phone) => {
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Phone'), phone);
    await user.tab();
    expect(field('Phone')).toHaveAccessibleDescription(expect.stringContaining(PHONE_MESSAGE));
  });

  it('focuses the first invalid field on submit and sends nothing', async () => {
    const { user, server } = renderProfile();
    await user.type(await screen.findByLabelText('Phone'), '12');
    await user.click(saveButton());
    expect(field('Phone')).toHaveFocus();
    expect(server.callsTo('POST /api/v1/profile')).toHaveLength(0);
  });

  it('saves the trimmed fields, says so and updates the session', async () => {
    const saved = aProfile({ first_name: 'Augusta Ada', phone: '+4930123456' });
    const { user, server } = renderProfile({ routes: { 'POST /api/v1/profile': { body: saved } } });
    expect(await screen.findByText('Session user: Ada Lovelace')).toBeInTheDocument();
    await user.clear(field('First name'));
    await user.type(field('First name'), ' Augusta Ada ');
    await user.type(field('Phone'), '+4930123456');
    await user.click(saveButton());

    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Profile saved'));
    expect(server.callsTo('POST /api/v1/profile')[0]?.body).toEqual({
      first_name: 'Augusta Ada',
      last_name: 'Lovelace',
      phone: '+4930123456',
      company: 'Analytical Engines',
    });
    expect(screen.getByText('Session user: Augusta Ada Lovelace')).toBeInTheDocument();
  });

  it('puts server field errors on their fields and focuses the first', async () => {
    const { user } = renderProfile({
      routes: {
        'POST /api/v1/profile': {
          status: 400,
          body: { company: ['Ensure this field has no more than 200 characters.'], last_name: ['Too long.', 'x'] },
        },
      },
    });
    await user.type(await screen.findByLabelText('Company'), ' Ltd');
    await user.click(saveButton());

    await waitFor(() => expect(field('Last name')).toHaveAccessibleDescription('Too long.'));
    expect(field('Company')).toHaveAccessibleDescription('Ensure this field has no more than 200 characters.');
    expect(field('Last name')).toHaveFocus();
    expect(within(snackbar()).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows other save failures in the error snackbar', async () => {
    const { user } = renderProfile({ routes: { 'POST /api/v1/profile': { status: 400, body: {} } } });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(snackbar()).getByRole('alert')).toHaveTextContent('Your profile could not be saved.'),
    );
  });

  it('shows progress while saving and sends one request however often it is submitted', async () => {
    const answer = deferred<Reply>();
    const { user, server } = renderProfile({ routes: { 'POST /api/v1/profile': () => answer.promise } });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument());
    await user.click(saveButton());
    await user.type(field('Company'), '{Enter}');
    expect(server.callsTo('POST /api/v1/profile')).toHaveLength(1);

    answer.resolve({ body: aProfile() });
    await waitFor(() => expect(within(snackbar()).getByRole('status')).toHaveTextContent('Profile saved'));
    expect(server.callsTo('POST /api/v1/profile')).toHaveLength(1);
  });

  it('remembers the popup-basket switch', async () => {
    const { user } = renderProfile();
    const popup = await screen.findByRole('switch', { name: 'Popup basket' });
    expect(popup).toBeChecked();
    await user.click(popup);
    expect(popup).not.toBeChecked();
    expect(localStorage.getItem('marketplace:popup-basket')).toBe('false');
  });

  it('offers a seller the theme but no popup basket, as sellers have no basket', async () => {
    renderProfile({ signedIn: aProfile({ permissions: ['add_offer'] }) });
    // The role is known once the session has the profile.
    expect(await screen.findByText('Session user: Ada Lovelace')).toBeInTheDocument();
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    expect(within(preferences).getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(within(preferences).queryByRole('switch', { name: 'Popup basket' })).not.toBeInTheDocument();
  });

  it('stores the theme choice and tells the theme code', async () => {
    const themeChanged = vi.fn();
    const stop = themePreference.subscribe(themeChanged);
    const { user } = renderProfile();
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(within(group).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Dark' }));
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(localStorage.getItem('marketplace:theme')).toBe('"dark"');
    expect(themeChanged).toHaveBeenCalledExactlyOnceWith('dark');

    await user.keyboard('{ArrowRight}');
    expect(localStorage.getItem('marketplace:theme')).toBe('"system"');
    stop();
  });
});
