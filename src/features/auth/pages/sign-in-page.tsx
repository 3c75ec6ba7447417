import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { SessionContext } from '@/app/session-context';
import { required, useForm } from '@/lib/use-form';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import '../auth.css';

const signInSchema = z.object({ email: required(), password: required() });

/** /signin: email and password, both required, checked on blur (SPEC sections 2 and 5). */
export function SignInPage() {
  const session = SessionContext.useActorRef();
  const isSigningIn = SessionContext.useSelector(
    (s) => s.matches({ signedOut: 'signingIn' }) || s.matches({ signedOut: 'loadingNewProfile' }),
  );
  const form = useForm(signInSchema, { email: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const subscription = session.on('session.signInFailed', (event) => {
      setProblem(event.message);
      form.showServerErrors({ email: event.fieldErrors.email, password: event.fieldErrors.password });
    });
    return () => subscription.unsubscribe();
  }, [session, form.showServerErrors]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (isSigningIn) return;
    const credentials = form.submit();
    if (!credentials) return;
    setProblem(null);
    session.send({
      type: 'session.signIn',
      credentials: { email: credentials.email.trim(), password: credentials.password },
    });
  };

  return (
    <main className="auth">
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in</h1>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        {problem && (
          <p role="alert" className="auth__problem">
            {problem}
          </p>
        )}
        <Button type="submit" variant="primary" isPending={isSigningIn}>
          Sign in
        </Button>
        <p className="auth__switch">
          No account yet? <a href="/signup">Sign up</a>
        </p>
      </form>
    </main>
  );
}
