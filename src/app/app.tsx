/**
 * The top-level decision (SPEC section 2): a loading view while the profile is fetched, the
 * signed-in layout with a profile, the signed-out screens without. A sign-in goes to `/`.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/ui/button';
import { ErrorBoundary } from '@/ui/error-boundary';
import { PageLoading } from '@/ui/page-loading';
import { Snackbar } from '@/ui/snackbar';
import { paths } from './paths';
import { SessionContext } from './session-context';
import { SignedOutApp } from './signed-out-app';
import { ThemeSync } from './theme-sync';
import './app.css';

const SignedInApp = lazy(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));

export function App() {
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  const view = SessionContext.useSelector((s) => {
    if (s.matches('signedIn') || s.matches('signingOut')) return 'signedIn' as const;
    if (s.matches('failed')) return 'failed' as const;
    if (s.matches('signedOut')) return 'signedOut' as const;
    return 'loading' as const;
  });

  useEffect(() => {
    const subscription = session.on('session.signedIn', () => navigate(paths.root, { replace: true }));
    return () => subscription.unsubscribe();
  }, [session, navigate]);

  return (
    <>
      <ThemeSync />
      <ErrorBoundary>
        {view === 'loading' && <PageLoading label="Loading your account…" />}
        {view === 'failed' && <SessionProblem />}
        {view === 'signedOut' && <SignedOutApp />}
        {view === 'signedIn' && (
          <Suspense fallback={<PageLoading />}>
            <SignedInApp />
          </Suspense>
        )}
      </ErrorBoundary>
      <Snackbar />
    </>
  );
}

/** The profile could not be loaded for a reason other than the session ending (e.g. offline). */
function SessionProblem() {
  const session = SessionContext.useActorRef();
  const problem = SessionContext.useSelector((s) => s.context.problem);
  return (
    <main className="center">
      <div role="alert" className="center__card">
        <h1>Your account could not be loaded</h1>
        <p>{problem}</p>
        <Button variant="primary" onPress={() => session.send({ type: 'session.retry' })}>
          Try again
        </Button>
      </div>
    </main>
  );
}
