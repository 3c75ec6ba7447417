import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useApi } from '@/app/api-context';
import { paths } from '@/app/paths';
import { Link } from '@/ui/link';
import { notify } from '@/ui/notify';
import { PageLoading } from '@/ui/page-loading';
import { createVerificationLogic, VERIFY_EMAIL_FALLBACK } from '../verification.implementations';
import '../auth.css';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * /verify-email?token=: checks the link once on arrival and says how it went (SPEC section 2);
 * a failure also goes to the error snackbar (SPEC section 8). A link without a token has failed.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const clients = useApi();
  const [logic] = useState(() => createVerificationLogic(clients));
  const verification = useActorRef(logic, { input: { fallback: VERIFY_EMAIL_FALLBACK } });
  const isVerified = useSelector(verification, (s) => s.matches('succeeded'));
  const serverProblem = useSelector(verification, (s) => s.context.problem);
  const problem = token ? serverProblem : VERIFY_EMAIL_FALLBACK;

  useEffect(() => {
    const subscription = verification.on('form.failed', ({ message }) => notify({ type: 'error', message }));
    return () => subscription.unsubscribe();
  }, [verification]);

  useEffect(() => {
    // A second submit while the first is in flight is refused by the machine.
    if (token) verification.send({ type: 'form.submit', values: { token } });
    else notify({ type: 'error', message: VERIFY_EMAIL_FALLBACK });
  }, [verification, token]);

  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <section className="auth__card" aria-labelledby="verify-title">
        {isVerified ? (
          <>
            <h1 id="verify-title" tabIndex={-1} ref={focusOnMount}>
              Your email has been verified
            </h1>
            <p className="auth__text">You can now sign in to your account.</p>
          </>
        ) : problem ? (
          <>
            <h1 id="verify-title" tabIndex={-1} ref={focusOnMount}>
              An error occurred
            </h1>
            <p className="auth__text">{problem}</p>
          </>
        ) : (
          <>
            <h1 id="verify-title">Email verification</h1>
            <PageLoading inline label="Verifying your email…" />
          </>
        )}
        <Link href={paths.signIn}>Sign in</Link>
      </section>
    </main>
  );
}
