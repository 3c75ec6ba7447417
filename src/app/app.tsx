/**
 * The top-level decision (behaviour §2): a loading view while the profile is fetched, the
 * signed-in layout with a profile, the signed-out screens without. A sign-in goes to `/`.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session';
import { ErrorBoundary } from '@/ui/error-boundary';
import { PageLoading } from '@/ui/page-loading';
import { SignedOutApp } from './signed-out-app';
import { ThemeSync } from './theme-sync';

const SignedInApp = lazy(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));
const SessionProblem = lazy(() => import('./session-problem').then((m) => ({ default: m.SessionProblem })));
// Messages sent before it loads wait in the queue (src/ui/notify.ts).
const Snackbar = lazy(() => import('@/ui/snackbar').then((m) => ({ default: m.Snackbar })));

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
        {view === 'failed' && (
          <Suspense fallback={<PageLoading />}>
            <SessionProblem />
          </Suspense>
        )}
        {view === 'signedOut' && <SignedOutApp />}
        {view === 'signedIn' && (
          <Suspense fallback={<PageLoading />}>
            <SignedInApp />
          </Suspense>
        )}
      </ErrorBoundary>
      <Suspense fallback={null}>
        <Snackbar />
      </Suspense>
    </>
  );
}
