import { SessionContext } from '@/core/session/session';
import { Button } from '@/ui/button';
import './app.css';

/**
 * The profile could not be loaded for a reason other than the session ending (offline, a server
 * problem, an auth address that does not match the back end's). Trying again keeps the stored
 * session; signing in again drops it and shows the sign-in page.
 */
export function SessionProblem() {
  const session = SessionContext.useActorRef();
  const problem = SessionContext.useSelector((s) => s.context.problem);
  return (
    <main className="center">
      <div role="alert" className="center__card">
        <h1>Your account could not be loaded</h1>
        <p>{problem}</p>
        <div className="center__actions">
          <Button variant="primary" onPress={() => session.send({ type: 'session.retry' })}>
            Try again
          </Button>
          <Button onPress={() => session.send({ type: 'session.signOut' })}>Sign in again</Button>
        </div>
      </div>
    </main>
  );
}
