import { createContext, useContext } from 'react';
import type { ApiClients } from '@/api/client';

export const ApiContext = createContext<ApiClients | null>(null);

export function useApi(): ApiClients {
  const clients = useContext(ApiContext);
  if (!clients) throw new Error('useApi needs <Providers>');
  return clients;
}
