/**
 * The top-level decision (behaviour §2): a loading view while the profile is fetched, the
 * signed-in layout with a profile, the signed-out screens without. A sign-in goes to `/`. A stored
 * session whose profile cannot be loaded shows why, except on the signed-out screens: no state of
 * the session keeps the user from signing in again.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { SessionContext } from '@/core/session/session';
import { ErrorBoundary } from '@/ui/error-boundary';
import { noticeQueue } from '@/ui/notify';
import { PageLoading } from '@/ui/page-loading';
import { preloadPage } from './pages';
import { SignedOutApp } from './signed-out-app';
import { ThemeSync } from './theme-sync';

const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));
const SessionProblem = lazy(() => import('./session-problem').then((m) => ({ default: m.SessionProblem })));
// Messages sent before it loads wait in the queue (src/ui/notify.ts).
const Snackbar = lazy(() => import('@/ui/snackbar').then((m) => ({ default: m.Snackbar })));

const FIRST_USE = ['pointerdown', 'keydown', 'focusin'] as const;
const SIGNED_OUT_PAGES: ReadonlySet<string> = new Set([paths.signIn, paths.signUp, paths.verifyEmail]);

/**
 * Whether to mount the snackbar: from the first message or the first sign of a user (a press, a
 * key, a focus), whichever comes first. Its widgets are React Aria's, which the sign-in screen
 * otherwise does without; someone filling in a form has its live regions in place well before a
 * message can come back.
 */
function useSnackbarWanted() {
  const [wanted, setWanted] = useState(() => noticeQueue.visibleToasts.length > 0);
  useEffect(() => {
    if (wanted) return;
    // Focus the app moves itself (a screen's heading, tabIndex -1, as a page appears) is no sign.
    const want = (event: Event) => {
      if (event.type === 'focusin' && event.target instanceof HTMLElement && event.target.tabIndex < 0) return;
      setWanted(true);
    };
    const stop = noticeQueue.subscribe(() => setWanted(true));
    for (const type of FIRST_USE) window.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      stop();
      for (const type of FIRST_USE) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  return wanted;
}

export function App() {
  const session = SessionContext.useActorRef();
  const [location, navigate] = useLocation();
  const snackbarWanted = useSnackbarWanted();
  const view = SessionContext.useSelector((s) => {
    if (s.matches('signedIn') || s.matches('signingOut')) return 'signedIn' as const;
    if (s.matches('failed')) return 'failed' as const;
    if (s.matches('signedOut')) return 'signedOut' as const;
    return 'loading' as const;
  });

  useEffect(() => {
    // A stored session is being checked: fetch the signed-in screens and this page's code
    // meanwhile, instead of one after the other once the profile has come.
    if (view !== 'loading') return;
    loadSignedInApp()
      // A failure shows when the screens render, with the error screen's retry.
      .catch(() => {});
    preloadPage(window.location.pathname);
  }, [view]);

  useEffect(() => {
    const subscription = session.on('session.signedIn', () => navigate(paths.root, { replace: true }));
    return () => subscription.unsubscribe();
  }, [session, navigate]);

  return (
    <>
      <ThemeSync />
      <ErrorBoundary>
        {view === 'loading' && <PageLoading label="Loading your account…" />}
        {view === 'failed' && !SIGNED_OUT_PAGES.has(location) && (
          <Suspense fallback={<PageLoading />}>
            <SessionProblem />
          </Suspense>
        )}
        {(view === 'signedOut' || (view === 'failed' && SIGNED_OUT_PAGES.has(location))) && <SignedOutApp />}
        {view === 'signedIn' && (
          <Suspense fallback={<PageLoading />}>
            <SignedInApp />
          </Suspense>
        )}
      </ErrorBoundary>
      {snackbarWanted && (
        <Suspense fallback={null}>
          <Snackbar />
        </Suspense>
      )}
    </>
  );
}
