import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useApiLogic } from '@/core/api';
import { paths } from '@/core/paths';
import { useLoad } from '@/core/use-load';
import { LightLink } from '@/ui/light-link';
import { notify } from '@/ui/notify';
import { PageLoading } from '@/ui/page-loading';
import { VERIFY_EMAIL_FALLBACK, verificationLogic } from '../auth.implementations';
import '../auth.css';
import { focusIfLost } from '../focus-lost';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * /verify-email?token=: checks the link on arrival and says how it went (behaviour §2); a
 * failure also goes to the error snackbar (behaviour §8). A link without a token has failed.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // A failure goes to the snackbar, which the app mounts with the first message: fetch its code
  // alongside the check, so the message shows as soon as the answer does.
  useEffect(() => {
    import('@/ui/snackbar').catch(() => {});
  }, []);
  return token ? <Verification token={token} /> : <VerificationResult problem={VERIFY_EMAIL_FALLBACK} />;
}

function Verification({ token }: { token: string }) {
  const { result, problem } = useLoad(useApiLogic(verificationLogic), { token }, VERIFY_EMAIL_FALLBACK);
  if (result) return <VerificationResult />;
  if (problem) return <VerificationResult problem={problem} />;
  return (
    <VerificationCard>
      <h1 id="verify-title" tabIndex={-1} ref={focusIfLost}>
        Email verification
      </h1>
      <PageLoading inline label="Verifying your email…" />
    </VerificationCard>
  );
}

/** Verified without `problem`; otherwise the failure, which also goes to the snackbar once. */
function VerificationResult({ problem }: { problem?: string }) {
  useEffect(() => {
    if (problem) notify({ type: 'error', message: problem });
  }, [problem]);
  return (
    <VerificationCard>
      <h1 id="verify-title" tabIndex={-1} ref={focusOnMount}>
        {problem ? 'An error occurred' : 'Your email has been verified'}
      </h1>
      <p className="auth__text">{problem ?? 'You can now sign in to your account.'}</p>
    </VerificationCard>
  );
}

function VerificationCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="auth">
      <p className="auth__product">Game Offers Marketplace</p>
      <section className="auth__card" aria-labelledby="verify-title">
        {children}
        <LightLink href={paths.signIn}>Sign in</LightLink>
      </section>
    </main>
  );
}
