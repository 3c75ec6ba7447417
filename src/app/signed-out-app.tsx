/**
 * Without a profile: the auth screens; any other path goes to /signin (behaviour §2). Sign-in is
 * part of the first chunk, so the form paints without waiting for another.
 */
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { paths } from '@/core/paths';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { ErrorBoundary } from '@/ui/error-boundary';
import { PageLoading } from '@/ui/page-loading';
import { documentTitle } from './document-title';

const SignUpPage = lazy(() => import('@/features/auth/pages/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);

export function SignedOutApp() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path={paths.signIn}>
            <title>{documentTitle('Sign in')}</title>
            <SignInPage />
          </Route>
          <Route path={paths.signUp}>
            <title>{documentTitle('Sign up')}</title>
            <SignUpPage />
          </Route>
          <Route path={paths.verifyEmail}>
            <title>{documentTitle('Verify your email')}</title>
            <VerifyEmailPage />
          </Route>
          <Route>
            <Redirect to={paths.signIn} replace />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
