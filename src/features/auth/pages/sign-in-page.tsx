import { SIGN_IN_FALLBACK } from '@machines/session/session.machine';
import { z } from 'zod/mini';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session/session';
import { useFailureFeedback } from '@/core/use-failure-feedback';
import { required, requiredSecret, useForm } from '@/lib/use-form';
import { LightButton } from '@/ui/light-button';
import { LightTextField } from '@/ui/light-field';
import { LightLink } from '@/ui/light-link';
import '../auth.css';
import { focusIfLost } from '../focus-lost';

const signInSchema = z.object({ email: required(), password: requiredSecret() });

/** /signin: email and password, both required, checked on blur (behaviour §2 and §5). */
export function SignInPage() {
  const session = SessionContext.useActorRef();
  const isSigningIn = SessionContext.useSelector((s) => s.hasTag('busy'));
  const form = useForm(signInSchema, { email: '', password: '' });
  useFailureFeedback(session, 'session.signInFailed', form, { fallback: SIGN_IN_FALLBACK });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const credentials = form.submit();
    if (!credentials) return;
    const signIn = { type: 'session.signIn' as const, credentials };
    // Enter in a field submits even while the button is pending; the machine decides.
    if (session.getSnapshot().can(signIn)) session.send(signIn);
  };

  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <form className="auth__card" onSubmit={onSubmit} noValidate aria-labelledby="signin-title">
        <h1 id="signin-title" tabIndex={-1} ref={focusIfLost}>
          Sign in
        </h1>
        <LightTextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <LightTextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <LightButton type="submit" variant="primary" isPending={isSigningIn}>
          Sign in
        </LightButton>
        <p className="auth__switch">
          No account yet? <LightLink href={paths.signUp}>Sign up</LightLink>
        </p>
      </form>
    </main>
  );
}
