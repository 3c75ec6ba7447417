import { SessionContext } from '@/core/session';
import { Button } from '@/ui/button';
import './app.css';

/** The profile could not be loaded for a reason other than the session ending (e.g. offline). */
export function SessionProblem() {
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
