import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { useApi } from '@/app/api-context';
import { paths } from '@/app/paths';
import { required, useForm } from '@/lib/use-form';
import { Button } from '@/ui/button';
import { Link } from '@/ui/link';
import { notify } from '@/ui/notify';
import { TextField } from '@/ui/text-field';
import { createRegistrationLogic, SIGN_UP_FALLBACK } from '../registration.implementations';
import '../auth.css';

const EMAIL_MESSAGE = 'Valid email is required';

/** SPEC section 5, sign up; an empty email gets the same message as an invalid one. */
const signUpSchema = z
  .object({
    email: z.string().check(z.trim(), z.email(EMAIL_MESSAGE)),
    first_name: z.string(),
    last_name: z.string(),
    password: required(),
    confirm_password: required(),
  })
  .check(
    z.refine((values) => values.password === values.confirm_password, {
      message: 'Passwords do not match',
      path: ['confirm_password'],
    }),
  );

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /signup: creates an account, then tells the user to verify their email (SPEC sections 2 and 5). */
export function SignUpPage() {
  const clients = useApi();
  const [logic] = useState(() => createRegistrationLogic(clients));
  const registration = useActorRef(logic, { input: { fallback: SIGN_UP_FALLBACK } });
  const isRegistering = useSelector(registration, (s) => s.hasTag('busy'));
  const isRegistered = useSelector(registration, (s) => s.matches('succeeded'));
  const form = useForm(signUpSchema, { email: '', first_name: '', last_name: '', password: '', confirm_password: '' });

  useEffect(() => {
    const subscription = registration.on('form.failed', ({ message, fieldErrors }) => {
      const landed = form.showServerErrors({ ...fieldErrors, password: fieldErrors.raw_password });
      // Field errors speak for themselves; the snackbar carries anything else the server said.
      if (!landed || message !== SIGN_UP_FALLBACK) notify({ type: 'error', message });
    });
    return () => subscription.unsubscribe();
  }, [registration, form.showServerErrors]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (!values) return;
    const submit = {
      type: 'form.submit' as const,
      values: {
        email: values.email.trim(),
        raw_password: values.password,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
      },
    };
    if (registration.getSnapshot().can(submit)) registration.send(submit);
  };

  if (isRegistered) {
    return (
      <main className="auth">
        <p className="auth__product">Game Offers Marketplace</p>
        <section className="auth__card" aria-labelledby="signup-done-title">
          <h1 id="signup-done-title" tabIndex={-1} ref={focusOnMount}>
            Registration successful
          </h1>
          <p className="auth__text">Check your email for the verification link, then sign in.</p>
          <Link href={paths.signIn}>Sign in</Link>
        </section>
      </main>
    );
  }

  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title">Sign up</h1>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <div className="auth__row">
          <TextField label="First name" autoComplete="given-name" {...form.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('last_name')} />
        </div>
        <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
        />
        <Button type="submit" variant="primary" isPending={isRegistering}>
          Sign up
        </Button>
        <p className="auth__switch">
          Already have an account? <Link href={paths.signIn}>Sign in</Link>
        </p>
      </form>
    </main>
  );
}
