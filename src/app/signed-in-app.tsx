/** With a profile: the layout around every path (SPEC section 2, catch-all) and the routes. */

import { roleOf } from '@machines/session/session.selectors';
import type { SessionProfile } from '@machines/session/session.types';
import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '@/ui/error-boundary';
import { PageLoading } from '@/ui/page-loading';
import { homeOf, redirectFor } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { paths } from './paths';
import { type AppRoute, documentTitle, signedInRoutes } from './routes';
import { SessionContext } from './session-context';

const CLIENT_AREAS = [paths.offers, paths.orders, paths.billing];
const under = (location: string, base: string) => location === base || location.startsWith(`${base}/`);

export function SignedInApp() {
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const [location] = useLocation();
  if (!profile) return null;
  const role = roleOf(profile);
  return (
    <AppLayout role={role}>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {[paths.root, paths.signIn, paths.signUp, paths.verifyEmail].map((path) => (
              <Route key={path} path={path}>
                <Redirect to={homeOf(role)} replace />
              </Route>
            ))}
            <Route path={`${paths.editor}/*?`}>
              <Redirect to={paths.manageOffers} replace />
            </Route>
            {signedInRoutes.map((route) => (
              <Route key={route.path} path={route.path}>
                <GuardedRoute route={route} profile={profile} />
              </Route>
            ))}
            <Route>
              {role !== 'seller' && under(location, paths.seller) ? (
                <Redirect to={paths.root} replace />
              ) : role === 'seller' && CLIENT_AREAS.some((area) => under(location, area)) ? (
                <Redirect to={paths.manageOffers} replace />
              ) : (
                <NotFoundPage />
              )}
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}

function GuardedRoute({ route, profile }: { route: AppRoute; profile: SessionProfile }) {
  const target = redirectFor(route, profile, roleOf(profile));
  if (target) return <Redirect to={target} replace />;
  const PageComponent = route.page;
  return (
    <>
      <title>{documentTitle(route.title)}</title>
      <PageComponent />
    </>
  );
}
