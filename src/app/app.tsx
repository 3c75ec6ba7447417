/** The top-level decision (SPEC section 2): loading view, signed-in view, or the sign-in screen. */
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { Button } from '@/ui/button';
import { selectDisplayName, selectRole } from '@machines/session/session.selectors';
import { SessionContext } from './session-context';
import './app.css';

export function App() {
  const state = SessionContext.useSelector((s) => {
    if (s.matches('signedIn') || s.matches('signingOut')) return 'signedIn' as const;
    if (s.matches('failed')) return 'failed' as const;
    if (s.matches('signedOut')) return 'signedOut' as const;
    return 'loading' as const;
  });
  if (state === 'loading') return <LoadingView />;
  if (state === 'failed') return <SessionProblem />;
  if (state === 'signedOut') return <SignInPage />;
  return <SignedInHome />;
}

function LoadingView() {
  return (
    <main className="center" aria-busy="true">
      <p role="status">Loading your account…</p>
    </main>
  );
}

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

function SignedInHome() {
  const session = SessionContext.useActorRef();
  const name = SessionContext.useSelector(selectDisplayName);
  const role = SessionContext.useSelector(selectRole);
  const email = SessionContext.useSelector((s) => s.context.profile?.email);
  const isSigningOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  return (
    <main className="center" data-variant={role ?? undefined}>
      <div className="center__card">
        <h1>Welcome, {name}</h1>
        <p>
          Signed in as <strong>{email}</strong> ({role === 'seller' ? 'seller' : 'client'}).
        </p>
        <Button variant="primary" isPending={isSigningOut} onPress={() => session.send({ type: 'session.signOut' })}>
          Log Out
        </Button>
      </div>
    </main>
  );
}
