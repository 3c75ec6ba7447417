/** The API clients for the React tree: made once in the app's providers, read by features here. */
import { createContext, useContext, useState } from 'react';
import type { ApiClient, ApiClients } from '@/api/client';

export const ApiContext = createContext<ApiClients | null>(null);

function useClients(): ApiClients {
  const clients = useContext(ApiContext);
  if (!clients) throw new Error('The API clients need <Providers>');
  return clients;
}

/** A page's machine logic bound to the API client once, for the page's lifetime. */
export function useApiLogic<T>(create: (api: ApiClient) => T): T {
  const { api } = useClients();
  const [logic] = useState(() => create(api));
  return logic;
}
