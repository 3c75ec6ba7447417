import { screen, waitFor, within } from '@testing-library/react';
import { SignUpPage } from '@/features/auth/pages/sign-up-page';
import { deferred, type Reply, type Routes, renderPage } from '../../support/render';

const field = (label: string) => screen.getByLabelText(label);
const signUpButton = () => screen.getByRole('button', { name: 'Sign up' });
const snackbar = () => screen.getByRole('region', { name: 'Notifications' });

const PASSWORD_RULES =
  'At least 8 characters, not only digits, not a common password, and not like your email or name.';

const renderSignUp = (routes: Routes = {}) => renderPage(<SignUpPage />, { path: '/signup', routes });

const registered: Reply = {
  status: 201,
  body: {
    id: 12,
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    detail: 'We sent a verification link to your email address.',
  },
};

async function fillIn(user: ReturnType<typeof renderSignUp>['user'], confirm = 'correct horse') {
  await user.type(field('Email'), 'grace@example.com');
  await user.type(field('First name'), 'Grace');
  await user.type(field('Last name'), 'Hopper');
  await user.type(field('Password'), 'correct horse');
  await user.type(field('Confirm password'), confirm);
}

describe('SignUpPage', () => {
  it.each([
    ['Email', '', 'Valid email is required'],
    ['Email', 'grace@', 'Valid email is required'],
    ['Confirm password', '', 'The field is required'],
  ])('checks %s %j on blur only', async (label, typed, message) => {
    const { user } = renderSignUp();
    await user.click(field(label));
    if (typed) await user.keyboard(typed);
    expect(field(label)).not.toHaveAccessibleDescription();
    await user.tab();
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(field(label)).toBeInvalid();
  });

  // The rules are the Password field's description until a message takes their place.
  it.each([
    ['', 'The field is required'],
    ['   ', 'The field is required'],
    ['Secret1', 'This password is too short. It must contain at least 8 characters.'],
    ['12345678', 'This password is entirely numeric.'],
  ])('checks Password %j on blur only', async (typed, message) => {
    const { user } = renderSignUp();
    await user.click(field('Password'));
    if (typed) await user.keyboard(typed);
    expect(field('Password')).toHaveAccessibleDescription(PASSWORD_RULES);
    await user.tab();
    expect(field('Password')).toHaveAccessibleDescription(message);
    expect(field('Password')).toBeInvalid();
  });

  it('leaves first and last name optional', async () => {
    const { user } = renderSignUp();
    await user.click(field('First name'));
    await user.tab();
    await user.tab();
    expect(field('First name')).toBeValid();
    expect(field('Last name')).toBeValid();
  });

  it('shows the password rules before anything is typed, and again once a message is fixed', async () => {
    const { user } = renderSignUp();
    expect(screen.getByText(PASSWORD_RULES)).toBeVisible();
    await user.type(field('Password'), 'Secret');
    await user.tab();
    expect(field('Password')).toHaveAccessibleDescription(
      'This password is too short. It must contain at least 8 characters.',
    );
    expect(screen.queryByText(PASSWORD_RULES)).not.toBeInTheDocument();
    await user.type(field('Password'), '-pass-1');
    expect(field('Password')).toHaveAccessibleDescription(PASSWORD_RULES);
    await user.tab();
    expect(field('Password')).toBeValid();
  });

  it('counts spaces in the password and sends it as typed', async () => {
    const { user, server } = renderSignUp({ 'POST /api/v1/register/': registered });
    await user.type(field('Email'), 'grace@example.com');
    await user.type(field('Password'), ' pass-1 ');
    await user.type(field('Confirm password'), ' pass-1 ');
    await user.click(signUpButton());

    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toBeVisible();
    expect(server.callsTo('POST /api/v1/register/')[0]?.body).toMatchObject({ raw_password: ' pass-1 ' });
  });

  it('says when the passwords do not match', async () => {
    const { user } = renderSignUp();
    await fillIn(user, 'correct horsf');
    await user.tab();
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(field('Password')).toBeValid();
  });

  it('focuses the first invalid field on submit and sends nothing', async () => {
    const { user, server } = renderSignUp();
    await user.type(field('Email'), 'grace@example.com');
    await user.click(signUpButton());
    expect(field('Password')).toHaveFocus();
    expect(field('Confirm password')).toHaveAccessibleDescription('The field is required');
    expect(server.requests).toHaveLength(0);
  });

  it('registers and shows the success text with a sign-in link', async () => {
    const { user, server } = renderSignUp({ 'POST /api/v1/register/': registered });
    await fillIn(user);
    await user.click(signUpButton());

    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toHaveFocus();
    expect(screen.getByText(/check your email for the verification link/i)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(server.callsTo('POST /api/v1/register/')[0]?.body).toEqual({
      email: 'grace@example.com',
      raw_password: 'correct horse',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
  });

  it('puts server field errors on the fields, raw_password on Password, without a snackbar', async () => {
    const { user } = renderSignUp({
      'POST /api/v1/register/': {
        status: 400,
        body: {
          email: ['A user with this email already exists.'],
          raw_password: ['This password is entirely numeric.', 'This password is too common.'],
        },
      },
    });
    await fillIn(user);
    await user.click(signUpButton());

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('A user with this email already exists.'));
    expect(field('Password')).toHaveAccessibleDescription('This password is entirely numeric.');
    expect(field('Email')).toHaveFocus();
    expect(within(snackbar()).getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each<[string, Reply, string]>([
    ['the fallback', { status: 400, body: {} }, 'Something went wrong'],
    ['the fallback for an unknown field', { status: 400, body: { username: ['Taken.'] } }, 'Something went wrong'],
    [
      'the first non-field error',
      { status: 400, body: { non_field_errors: ['Registration is closed.'] } },
      'Registration is closed.',
    ],
  ])('shows %s in the error snackbar', async (_, reply, message) => {
    const { user } = renderSignUp({ 'POST /api/v1/register/': reply });
    await fillIn(user);
    await user.click(signUpButton());
    await waitFor(() => expect(within(snackbar()).getByRole('alert')).toHaveTextContent(message));
    expect(signUpButton()).toBeEnabled();
  });

  it('shows progress and sends one request however often it is submitted', async () => {
    const answer = deferred<Reply>();
    const { user, server } = renderSignUp({ 'POST /api/v1/register/': () => answer.promise });
    await fillIn(user);
    await user.click(signUpButton());
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument());
    await user.click(signUpButton());
    await user.type(field('Confirm password'), '{Enter}');
    expect(server.callsTo('POST /api/v1/register/')).toHaveLength(1);

    answer.resolve(registered);
    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toBeVisible();
  });

  it('links to sign in', () => {
    renderSignUp();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});
