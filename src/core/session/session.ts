import { sessionMachine } from '@machines/session/session.machine';
import { createActorContext } from '@xstate/react';

/** The one session actor of the app; `SessionContext.Provider` gets the provided logic. */
export const SessionContext = createActorContext(sessionMachine);
