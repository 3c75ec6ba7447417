/** Everything the app needs around it: API clients, the session actor, locale and routing. */
import { useState } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { type ApiClients, createApiClients } from '@/api/client';
import { ApiContext } from '@/core/api';
import { SessionContext } from '@/core/session';
import { createSessionLogic } from '@/core/session.implementations';

export function Providers({ children, clients: givenClients }: { children: React.ReactNode; clients?: ApiClients }) {
  const [clients] = useState(() => givenClients ?? createApiClients());
  const [logic] = useState(() => createSessionLogic(clients));
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale="en-US">
      <RouterProvider navigate={navigate}>
        <ApiContext.Provider value={clients}>
          <SessionContext.Provider logic={logic}>{children}</SessionContext.Provider>
        </ApiContext.Provider>
      </RouterProvider>
    </I18nProvider>
  );
}
