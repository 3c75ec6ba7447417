import { SIGN_IN_FALLBACK } from '@machines/session/session.machine';
import { z } from 'zod/mini';
import { required, requiredSecret } from '@/core/forms/rules';
import { useForm } from '@/core/forms/use-form';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session/session';
import { LightButton } from '@/ui/light-button';
import { LightTextField } from '@/ui/light-field';
import { LightLink } from '@/ui/light-link';
import '../auth.css';
import { focusIfLost } from '../focus-lost';

const signInSchema = z.object({ email: required(), password: requiredSecret() });

/** /signin: email and password, both required, checked on blur (behaviour §2 and §5). */
export function SignInPage() {
  const form = useForm({
    schema: signInSchema,
    initial: { email: '', password: '' },
    workflow: SessionContext.useActorRef(),
    toEvent: (credentials) => ({ type: 'session.signIn', credentials }),
    failure: { type: 'session.signInFailed', fallback: SIGN_IN_FALLBACK },
  });

  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <form className="auth__card" onSubmit={form.submit} noValidate aria-labelledby="signin-title">
        <h1 id="signin-title" tabIndex={-1} ref={focusIfLost}>
          Sign in
        </h1>
        <LightTextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <LightTextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <LightButton type="submit" variant="primary" isPending={form.isBusy}>
          Sign in
        </LightButton>
        <p className="auth__switch">
          No account yet? <LightLink href={paths.signUp}>Sign up</LightLink>
        </p>
      </form>
    </main>
  );
}
