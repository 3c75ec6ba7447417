/**
 * The root of the app: API clients and the session actor. React Aria's providers are not here:
 * the signed-out screens paint without its code, and the signed-in layout adds them.
 */
import { useState } from 'react';
import { type ApiClients, createApiClients } from '@/api/client';
import { ApiContext } from '@/core/api';
import { SessionContext } from '@/core/session/session';
import { createSessionLogic } from '@/core/session/session.implementations';

export interface ProvidersProps {
  children: React.ReactNode;
  clients?: ApiClients;
}

export function SessionProviders({ children, clients: givenClients }: ProvidersProps) {
  const [clients] = useState(() => givenClients ?? createApiClients());
  const [logic] = useState(() => createSessionLogic(clients));
  return (
    <ApiContext.Provider value={clients}>
      <SessionContext.Provider logic={logic}>{children}</SessionContext.Provider>
    </ApiContext.Provider>
  );
}
