import type { sessionMachine } from '@machines/session/session.machine';
import { useSelector as useSnapshotSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useStartedActor } from '../use-started-actor';

type SessionLogic = typeof sessionMachine;
type SessionRef = ActorRefFrom<SessionLogic>;

const Session = createContext<SessionRef | null>(null);

/** Runs the session actor (it loads the profile as it starts) for the app: give it the provided logic. */
function Provider({ logic, children }: { logic: SessionLogic; children: ReactNode }) {
  return <Session value={useStartedActor(logic)}>{children}</Session>;
}

function useSessionRef(): SessionRef {
  const session = useContext(Session);
  if (!session) throw new Error('The session needs <SessionContext.Provider>');
  return session;
}

/** The one session actor of the app: `useActorRef()` to send to it, `useSelector` to read it. */
export const SessionContext = {
  Provider,
  useActorRef: useSessionRef,
  useSelector: <T,>(selector: (snapshot: SnapshotFrom<SessionLogic>) => T, compare?: (a: T, b: T) => boolean) =>
    useSnapshotSelector(useSessionRef(), selector, compare),
};
