import { useActorRef, useSelector } from '@xstate/react';
import { z } from 'zod/mini';
import { useApiLogic } from '@/core/api';
import { requiredSecret } from '@/core/forms/rules';
import { useForm } from '@/core/forms/use-form';
import { paths } from '@/core/paths';
import { LightButton } from '@/ui/light-button';
import { LightTextField } from '@/ui/light-field';
import { LightLink } from '@/ui/light-link';
import { registrationLogic, SIGN_UP_FALLBACK } from '../auth.implementations';
import '../auth.css';
import { focusIfLost } from '../focus-lost';

const EMAIL_MESSAGE = 'Valid email is required';
/** The server's rules (Django's default validators, see `raw_password` in openapi/schema.yaml). */
const PASSWORD_RULES =
  'At least 8 characters, not only digits, not a common password, and not like your email or name.';
const MIN_PASSWORD_LENGTH = 8;

/**
 * The two cheap server rules, with Django's own messages; "too common" and "too similar" need the
 * server's list and the other fields, so they come back as a 400 on `raw_password`. Django counts
 * code points and does not trim.
 */
const newPassword = () =>
  requiredSecret().check(
    z.refine((value) => value.trim() === '' || Array.from(value).length >= MIN_PASSWORD_LENGTH, {
      message: `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
    }),
    z.refine((value) => !/^\p{Nd}+$/u.test(value), { message: 'This password is entirely numeric.' }),
  );

/** behaviour §5, sign up; an empty email gets the same message as an invalid one. */
const signUpSchema = z
  .object({
    email: z.string().check(z.trim(), z.email(EMAIL_MESSAGE)),
    first_name: z.string().check(z.trim()),
    last_name: z.string().check(z.trim()),
    password: newPassword(),
    confirm_password: requiredSecret(),
  })
  .check(
    z.refine((values) => values.password === values.confirm_password, {
      message: 'Passwords do not match',
      path: ['confirm_password'],
    }),
  );

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /signup: creates an account, then tells the user to verify their email (behaviour §2 and §5). */
export function SignUpPage() {
  const registration = useActorRef(useApiLogic(registrationLogic), { input: { fallback: SIGN_UP_FALLBACK } });
  const isRegistered = useSelector(registration, (s) => s.matches('succeeded'));
  const form = useForm({
    schema: signUpSchema,
    initial: { email: '', first_name: '', last_name: '', password: '', confirm_password: '' },
    workflow: registration,
    toEvent: ({ email, password, first_name, last_name }) => ({
      type: 'submission.submit',
      input: { email, raw_password: password, first_name, last_name },
    }),
    failure: { type: 'submission.failed', fallback: SIGN_UP_FALLBACK, fields: { raw_password: 'password' } },
  });

  if (isRegistered) {
    return (
      <main className="auth">
        <p className="auth__product">Game Offers Marketplace</p>
        <section className="auth__card" aria-labelledby="signup-done-title">
          <h1 id="signup-done-title" tabIndex={-1} ref={focusOnMount}>
            Registration successful
          </h1>
          <p className="auth__text">Check your email for the verification link, then sign in.</p>
          <LightLink href={paths.signIn}>Sign in</LightLink>
        </section>
      </main>
    );
  }

  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <form className="auth__card" onSubmit={form.submit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title" tabIndex={-1} ref={focusIfLost}>
          Sign up
        </h1>
        <LightTextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <div className="auth__row">
          <LightTextField label="First name" autoComplete="given-name" {...form.field('first_name')} />
          <LightTextField label="Last name" autoComplete="family-name" {...form.field('last_name')} />
        </div>
        {/* A message replaces the rules while shown, as React Spectrum's help text does. */}
        <LightTextField
          label="Password"
          type="password"
          autoComplete="new-password"
          description={form.errors.password ? undefined : PASSWORD_RULES}
          {...form.field('password')}
        />
        <LightTextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
        />
        <LightButton type="submit" variant="primary" isPending={form.isBusy}>
          Sign up
        </LightButton>
        <p className="auth__switch">
          Already have an account? <LightLink href={paths.signIn}>Sign in</LightLink>
        </p>
      </form>
    </main>
  );
}
