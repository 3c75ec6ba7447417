/** Everything the app needs around it: API clients, the session actor, locale and routing. */
import { useEffect, useState } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { type ApiClients, createApiClients } from '@/api/client';
import { refreshToken } from '@/api/token-store';
import { createSessionLogic, readSessionInput } from '@/features/auth/session.implementations';
import { ApiContext } from './api-context';
import { SessionContext } from './session-context';

export function Providers({ children, clients: givenClients }: { children: React.ReactNode; clients?: ApiClients }) {
  const [signedOutListeners] = useState(() => new Set<() => void>());
  const [clients] = useState(
    () =>
      givenClients ??
      createApiClients({
        onSignedOut: () => {
          for (const listener of signedOutListeners) listener();
        },
      }),
  );
  const [logic] = useState(() => createSessionLogic(clients));
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale="en-US">
      <RouterProvider navigate={navigate}>
        <ApiContext.Provider value={clients}>
          <SessionContext.Provider logic={logic} options={{ input: readSessionInput() }}>
            <SessionSync signedOutListeners={signedOutListeners} />
            {children}
          </SessionContext.Provider>
        </ApiContext.Provider>
      </RouterProvider>
    </I18nProvider>
  );
}

/** Keeps the session in step with refusals seen by the API client and with other tabs. */
function SessionSync({ signedOutListeners }: { signedOutListeners: Set<() => void> }) {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const expire = () => session.send({ type: 'session.expired' });
    signedOutListeners.add(expire);
    const stopListening = refreshToken.onOtherTab((token) =>
      session.send({ type: token ? 'session.resumed' : 'session.expired' }),
    );
    return () => {
      signedOutListeners.delete(expire);
      stopListening();
    };
  }, [session, signedOutListeners]);
  return null;
}
