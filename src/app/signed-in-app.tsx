/** With a profile: the layout around every path (behaviour §2, catch-all) and the routes. */
import { roleOf, selectProfile } from '@machines/session/session.selectors';
import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { SessionContext } from '@/core/session/session';
import { OrderSubmissionProvider } from '@/features/basket/order-submission';
import { ErrorBoundary } from '@/ui/error-boundary';
import { PageLoading } from '@/ui/page-loading';
import { AriaProviders } from './aria-providers';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { documentTitle, redirectFor, signedInRoutes } from './routes';

export function SignedInApp() {
  const profile = SessionContext.useSelector(selectProfile);
  const [location] = useLocation();
  if (!profile) return null;
  const role = roleOf(profile);
  const target = redirectFor(location, profile);
  const app = (
    <AppLayout role={role}>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageLoading />}>
          {target ? (
            // Keyed: a redirect that leads to another (say /editor → Manage Offers → /) navigates again.
            <Redirect key={target} to={target} replace />
          ) : (
            <Switch>
              {signedInRoutes.map(({ path, title, page: PageComponent }) => (
                <Route key={path} path={path}>
                  <title>{documentTitle(title, role)}</title>
                  <PageComponent />
                </Route>
              ))}
              <Route>
                <title>{documentTitle('Page not found', role)}</title>
                <NotFoundPage />
              </Route>
            </Switch>
          )}
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
  // behaviour §4: only clients send orders; the submission outlives page changes.
  return (
    <AriaProviders>{role === 'client' ? <OrderSubmissionProvider>{app}</OrderSubmissionProvider> : app}</AriaProviders>
  );
}
